"""A fixed-size grid of styled characters that renders as one Rich Text: boards and charts draw on it."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._styles: list[list[Style | str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style | str = "",
            width: int | None = None) -> None:
        """Write `text` at column x of row y, at most `width` cells of it; what falls outside the
        canvas is clipped."""
        if not 0 <= y < self.height:
            return
        if width is not None:
            text = text[:max(0, width)]
        row, styles = self._chars[y], self._styles[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = ch
                styles[x + i] = style

    def style(self, x: int, y: int, width: int, style: Style | str) -> None:
        """Restyle `width` cells from column x of row y, keeping their characters."""
        if 0 <= y < self.height:
            for i in range(max(0, x), min(self.width, x + width)):
                self._styles[y][i] = style

    def to_text(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            chars, styles = self._chars[y], self._styles[y]
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or styles[x] != styles[start]:
                    text.append("".join(chars[start:x]), styles[start] or None)
                    start = x
            if y < self.height - 1:
                text.append("\n")
        return text
