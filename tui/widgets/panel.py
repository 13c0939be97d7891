"""A text panel that, when its text changes, repaints only the lines that changed, and whose
lines are made once for every panel showing the same text the same way (at an SSH table the
four players' panels mostly show the same): redraw cost is what SSH sessions feel."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from rich.style import Style
from rich.text import Text
from textual.cache import FIFOCache
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Static

from .lines import changed_rows

KEY = "bold reverse"
KEPT = 256  # texts drawn kept for other panels showing the same, the oldest dropped
VISUALS: FIFOCache[Hashable, Visual] = FIFOCache(KEPT)  # panels' texts as Textual's visuals
LINES: FIFOCache[Hashable, list[Strip]] = FIFOCache(KEPT)  # panels' lines, by what and how
HEIGHTS: FIFOCache[Hashable, int] = FIFOCache(KEPT)  # texts' lines when wrapped, by width


def text_key(text: Text | str | None) -> Hashable:
    """Everything a panel's text is drawn from, as a key: equal keys, equal texts."""
    if not isinstance(text, Text):
        return text
    return (
        text.plain,
        tuple(text.spans),
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
    )


class TextPanel(Static):
    """Shows Text, or a str exactly as written: a str is never read as markup (`tui.plain`)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        self._markup = kwargs["markup"]
        super().__init__(*args, **kwargs)
        self._shown: Text | str | None = None
        self._visual: Visual | None = None  # the shown text's, once asked for
        self._lines: list[Strip] = []  # the content's lines as last made
        self._made_for: Hashable = None  # what they were made from (`_drawing`)
        self._made_at: Size | None = None  # the size they were made at
        self._restyled = True  # Textual redraws it all (its styles may have changed)

    def show_text(self, text: Text | str) -> None:
        """Show `text`: only the lines it changes are repainted (all, the first time or at a
        new size)."""
        if text == self._shown:
            return
        self._shown, self._visual = text, None
        self._restyled = True
        old, at = self._lines, self._made_at
        if at is None or self.size != at:
            self.refresh()
            return
        changed = changed_rows(old, self._content_lines(), at.width)
        if changed:
            self.refresh(*changed)

    def set_title(self, title: str) -> None:
        """Title the border `title` (Textual redraws the whole panel at every title set, even
        to the same)."""
        if self.border_title != title:
            self.border_title = title

    def refresh(self, *regions: Region, **kwargs):
        if not regions:
            self._restyled = True
        return super().refresh(*regions, **kwargs)

    def update(self, content="", *, layout: bool = True) -> None:
        if isinstance(content, Text | str):
            self.show_text(content)
            if layout:
                self.refresh(layout=True)
        else:
            self._shown = self._visual = None
            super().update(content, layout=layout)

    @property
    def visual(self) -> Visual:
        if self._shown is None:
            return super().visual
        if self._visual is None:
            key = (text_key(self._shown), self._markup)
            visual = VISUALS.get(key)
            if visual is None:
                visual = visualize(self, self._shown, markup=self._markup)
                VISUALS[key] = visual
            self._visual = visual
        return self._visual

    def _drawing(self) -> Hashable:
        """Everything the content's lines are made from: its text, size and styles (what
        Textual's `Visual.to_strips` reads)."""
        styles = self.styles
        return (
            type(self),
            text_key(self._shown),
            self._markup,
            self.size,
            self.visual_style,
            styles.text_align,
            styles.text_wrap,
            styles.text_overflow,
            styles.line_pad,
            styles.content_align,
            self.auto_links,
            self.link_style if self.auto_links else None,
        )

    def _content_lines(self) -> list[Strip]:
        """The content's lines, made again only when what they are made from changed (looked
        at after a new text or Textual's own whole refresh, which a change of styles makes)."""
        if not self._restyled and self.size == self._made_at:
            return self._lines
        self._restyled = False
        shared = self._shown is not None and self.text_selection is None
        key = self._drawing() if shared else None
        if key is None or key != self._made_for or self.size != self._made_at:
            lines = LINES.get(key) if key is not None else None
            if lines is None:
                width, height = self.size
                lines = Visual.to_strips(self, self.visual, width, height, self.visual_style)
                if key is not None:
                    LINES[key] = lines
            self._lines, self._made_for, self._made_at = lines, key, self.size
        return self._lines

    def render_line(self, y: int) -> Strip:
        lines = self._content_lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def fits(self, text: Text) -> bool:
        """Whether `text`, wrapped to the panel's width, fits its height (or the panel has no
        size yet)."""
        width, height = self.content_size
        if not width:
            return True
        key = (text_key(text), width)
        lines = HEIGHTS.get(key)
        if lines is None:
            lines = HEIGHTS[key] = len(text.wrap(self.app.console, width))
        return lines <= height

    def shows_whole(self, words: str) -> bool:
        """Whether the panel's text holds `words` and fits the panel (so none is cut off)."""
        shown = self._shown
        return isinstance(shown, Text) and words in shown.plain and self.fits(shown)

    def show_fitting(self, *tellings: Callable[[], Text]) -> None:
        """Show the first of `tellings` (each fuller than the next) whose text fits the panel,
        or else the last: on a small screen the least needed lines go before the keys that
        close the text would fall off its bottom."""
        for tell in tellings:
            text = tell()
            if self.fits(text):
                break
        self.show_text(text)


def key_hints(*pairs: tuple[str, str], compact: bool = False, width: int = 0) -> Text:
    """Key hints for a panel, e.g. " p  pass · ..."; tighter on a small screen, where a panel
    `width` wide starts a new line rather than part a key from what it does."""
    text = Text()
    line = 0  # cells on the current line
    for i, (key, what) in enumerate(pairs):
        shown = f"{key if compact else f' {key} '} {what}"
        if i:
            gap = " " if compact else " · "
            wraps = width and line + len(gap) + len(shown) > width
            text.append("\n" if wraps else gap, Style(dim=True))
            line = 0 if wraps else line + len(gap)
        text.append(key if compact else f" {key} ", KEY)
        text.append(f" {what}")
        line += len(shown)
    return text
