"""The server's lean strips draw exactly what Textual's own strips draw."""

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.cache import FIFOCache
from textual.strip import Strip

from net.render import lean_strips

STYLES = [Style(), Style(bold=True), Style(color="red", bgcolor="blue"), Style(underline=True)]
segments = st.lists(
    st.tuples(st.text("ab c▪█£", min_size=1, max_size=6), st.sampled_from(STYLES)), max_size=8
)


lean_strips.install()  # as the server does


def made_by(init, parts) -> Strip:
    strip = Strip.__new__(Strip)
    init(strip, [Segment(text, style) for text, style in parts])
    return strip


def test_the_lean_caches_are_the_ones_textual_makes_with_the_same_sizes():
    strip = made_by(lean_strips.TEXTUAL_INIT, [("x", Style())])
    made = {
        name: getattr(strip, name)._maxsize
        for name in Strip.__slots__
        if isinstance(getattr(strip, name, None), FIFOCache)
    }
    assert made == lean_strips.CACHE_SIZES


@given(segments, st.integers(0, 40), st.integers(0, 40), st.lists(st.integers(1, 40), max_size=3))
def test_a_lean_strip_crops_divides_styles_and_renders_like_textuals(parts, start, end, cuts):
    console = Console(color_system="256", force_terminal=True, width=80)
    lean = made_by(lean_strips._init_without_caches, parts)
    textual = made_by(lean_strips.TEXTUAL_INIT, parts)
    for _ in range(2):  # the second time from the caches
        assert lean.crop(start, end) == textual.crop(start, end)
        assert lean.divide(sorted(cuts)) == textual.divide(sorted(cuts))
        assert lean.apply_style(STYLES[2]) == textual.apply_style(STYLES[2])
        assert lean.crop_extend(start, end, None) == textual.crop_extend(start, end, None)
        assert lean.render(console) == textual.render(console)
    assert lean.cell_length == textual.cell_length
