"""Textual's SelectionList with a tick in each chosen box and an empty box otherwise, ticked
with Space only.

Textual draws every box with the same X and tells chosen from not by colour alone, which a
colour-blind player (or a monochrome terminal) cannot read. Enter is left to the screen (a
trade screen sends its offer with it, from anywhere), and a list tabbed into has its first
item highlighted, so that the first Space ticks it.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.binding import Binding
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets.option_list import OptionDoesNotExist

from ..textual_private import ToggleButton

TICK, EMPTY = "✓", " "


class TickList(SelectionList, inherit_bindings=False):
    BINDINGS = [
        Binding("space", "select", show=False),
        Binding("up", "cursor_up", show=False),
        Binding("down", "cursor_down", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
    ]

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        if len(segments) < 2 or segments[1].text != ToggleButton.BUTTON_INNER:
            return line  # not an option's line
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        mark = TICK if option.value in self.selected else EMPTY
        segments[1] = Segment(mark, segments[1].style)
        return Strip(segments, line.cell_length)
