"""The help's text in the theme's colours, for every theme a person can choose."""

import pytest
from rich.console import Console
from rich.style import Style
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from tui.widgets.help_text import ThemedMarkdown, markdown_theme


def variables_of(theme) -> dict[str, str]:
    """The CSS variables an app in `theme` has (as Textual's App.get_css_variables makes them)."""
    return {**theme.to_color_system().generate(), **theme.variables}


@pytest.mark.parametrize("name", sorted(BUILTIN_THEMES))
def test_every_theme_gives_the_help_its_heading_and_key_colours(name):
    theme = BUILTIN_THEMES[name]
    variables = variables_of(theme)
    styles = markdown_theme(variables, theme.dark).styles
    assert (
        styles["markdown.h1"].color.triplet.hex
        == Color.parse(variables["markdown-h1-color"]).hex6.lower()
    )
    tint = "text-warning" if theme.dark else "text-error"
    assert styles["markdown.code"].color.triplet.hex == Color.parse(variables[tint]).hex6.lower()


def test_the_help_draws_keys_and_headings_in_the_theme_and_leaves_the_console_as_it_was():
    console = Console(width=60, color_system="truecolor", force_terminal=True)
    theme = markdown_theme(variables_of(BUILTIN_THEMES["textual-dark"]), dark=True)
    before = console.get_style("markdown.code")
    segments = list(console.render(ThemedMarkdown("# Keys\n\n- `Enter` sits you down", theme)))
    styled = {segment.text: segment.style for segment in segments if segment.text.strip()}
    assert styled["Enter"].color == theme.styles["markdown.code"].color
    assert styled["Keys"].color == theme.styles["markdown.h1"].color and styled["Keys"].bold
    assert "".join(segment.text for segment in segments).count(" sits you down") == 1
    assert console.get_style("markdown.code") == before != Style.null()
