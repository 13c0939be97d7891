"""A fixed-size grid of styled characters that renders as one Rich Text, and a widget drawn on one:
boards and charts draw on it."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widget import Widget


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


class Drawing(Widget):
    """A widget drawn on a Canvas in one of two fixed sizes: FULL when it fits, else COMPACT.

    A subclass sets FULL and COMPACT (anything with `width` and `height`), keeps what it shows in
    `self.view`, and draws it in `draw(canvas, geometry)`."""

    FULL: Any
    COMPACT: Any

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view = None

    def geometry(self):
        full = self.FULL
        return full if self.size.width >= full.width and self.size.height >= full.height \
            else self.COMPACT

    def get_content_width(self, container, viewport) -> int:
        return self.FULL.width if container.width >= self.FULL.width else self.COMPACT.width

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.FULL.height if width >= self.FULL.width else self.COMPACT.height

    def render(self):
        if self.view is None:
            return ""
        g = self.geometry()
        canvas = Canvas(g.width, g.height)
        self.draw(canvas, g)
        return canvas.to_text()

    def draw(self, canvas: Canvas, geometry) -> None:
        raise NotImplementedError
