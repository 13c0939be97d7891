"""A text panel that redraws only when its text changes: redraw cost is what SSH sessions feel."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class TextPanel(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: Text | str | None = None

    def show_text(self, text: Text | str) -> None:
        if text == self._shown:
            return
        self._shown = text
        self.update(text, layout=False)
