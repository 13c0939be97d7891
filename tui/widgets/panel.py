"""A text panel that redraws only when its text changes: redraw cost is what SSH sessions feel."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

KEY = "bold reverse"


class TextPanel(Static):
    """Shows Text, or a str exactly as written: a str is never read as markup (`tui.plain`)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self._shown: Text | str | None = None

    def show_text(self, text: Text | str) -> None:
        if text == self._shown:
            return
        self._shown = text
        self.update(text, layout=False)

    def fits(self, text: Text) -> bool:
        """Whether `text`, wrapped to the panel's width, fits its height (or the panel has no
        size yet)."""
        width, height = self.content_size
        return not width or len(text.wrap(self.app.console, width)) <= height

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
