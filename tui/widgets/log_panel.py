"""The game log: newest lines at the bottom, scrolled back with the mouse wheel or PageUp (End
goes back to the newest); a line longer than the panel is wide goes on, indented, on the rows
below (nothing is cut off).

Unlike Textual's Log, adding a line never changes the panel's size, so it never re-lays out
the screen: only the log redraws, and only its lines that changed (that is what keeps SSH
broadcasts cheap).
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.cache import FIFOCache
from textual.strip import Strip

from .lines import LinesWidget
from .panel import KEPT

MORE = Style(dim=True, italic=True)
LINES: FIFOCache[tuple, list[Strip]] = FIFOCache(KEPT)  # logs' rows by the lines shown and how


class LogPanel(LinesWidget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.back = 0  # how many lines the view is scrolled up from the newest

    def write_lines(self, lines) -> None:
        self.lines.extend(lines)
        if self.back:
            self.back += len(lines)  # keep showing what the reader scrolled back to
        self.redraw()

    def keep(self, count: int) -> None:
        """Keep only the first `count` lines (what a move taken back had added goes)."""
        del self.lines[count:]
        self.back = min(self.back, max(0, len(self.lines) - 1))
        self.redraw()

    def rows_shown(self) -> list[str]:
        """The rows on screen now, the newest lines' wrapped to the panel's width; when
        scrolled back, the last says how many lines are below."""
        width, rows = self.size.width, self._rows()
        shown: list[str] = []
        line = len(self.lines) - self.back
        while line > 0 and len(shown) < rows:
            line -= 1
            shown[:0] = textwrap.wrap(self.lines[line], max(width, 8), subsequent_indent="  ") or [
                ""
            ]
        shown = shown[max(0, len(shown) - rows) :] if rows > 0 else []  # the oldest may be cut
        if self.back:
            shown.append(f"… {self.back} newer lines below (PageDown, End)")
        return shown

    def _rows(self) -> int:
        """The rows the log's lines may take: all but the last when scrolled back."""
        return self.size.height - 1 if self.back else self.size.height

    def make_lines(self, width: int, base: Style) -> list[Strip]:
        """The rows shown, made once for every log showing the same lines the same way (at a
        table, everyone's)."""
        end, rows = len(self.lines) - self.back, self._rows()  # no more lines than rows can show
        key = (
            tuple(self.lines[max(0, end - rows) : end]),
            self.back,
            width,
            self.size.height,
            base,
        )
        lines = LINES.get(key)
        if lines is None:
            shown = self.rows_shown()
            more = len(shown) - 1 if self.back else None  # the line saying newer lines are below
            lines = [
                self._line(text, base + MORE if y == more else base, base, width)
                for y, text in enumerate(shown)
            ]
            LINES[key] = lines
        return lines

    @staticmethod
    def _line(text: str, style: Style, base: Style, width: int) -> Strip:
        if cell_len(text) > width:
            text = set_cell_size(text, max(0, width - 1)) + "…"
        return Strip([Segment(text, style)]).extend_cell_length(width, base).simplify()

    def _scroll(self, pages: float) -> None:
        step = max(1, int(self.content_size.height * abs(pages)))
        limit = max(0, len(self.lines) - self.content_size.height)
        self.back = min(limit, max(0, self.back + step if pages > 0 else self.back - step))
        self.redraw()

    def newest(self) -> None:
        self.back = 0
        self.redraw()

    def page(self, direction: int) -> None:
        """A page older (1) or newer (-1)."""
        self._scroll(direction * 0.9)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll(3 / max(1, self.content_size.height))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll(-3 / max(1, self.content_size.height))
