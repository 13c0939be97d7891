"""The game log: newest lines at the bottom, scrolled back with the mouse wheel or PageUp.

Unlike Textual's Log, adding a line never changes the panel's size, so it never re-lays out
the screen: only the log redraws (that is what keeps SSH broadcasts cheap).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget


class LogPanel(Widget):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        self.back = 0  # how many lines the view is scrolled up from the newest

    def write_lines(self, lines) -> None:
        self.lines.extend(lines)
        if self.back:
            self.back += len(lines)  # keep showing what the reader scrolled back to
        self.refresh()

    def render(self) -> Text:
        height = max(1, self.content_size.height)
        end = len(self.lines) - self.back
        shown = self.lines[max(0, end - height):end]
        text = Text("\n".join(shown), no_wrap=True, overflow="ellipsis")
        if self.back:
            text.append(f"\n… {self.back} newer lines below (PageDown)", "dim italic")
        return text

    def _scroll(self, pages: float) -> None:
        step = max(1, int(self.content_size.height * abs(pages)))
        limit = max(0, len(self.lines) - self.content_size.height)
        self.back = min(limit, max(0, self.back + step if pages > 0 else self.back - step))
        self.refresh()

    def page(self, direction: int) -> None:
        """A page older (1) or newer (-1)."""
        self._scroll(direction * 0.9)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll(3 / max(1, self.content_size.height))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll(-3 / max(1, self.content_size.height))
