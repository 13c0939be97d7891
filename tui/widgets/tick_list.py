"""Textual's SelectionList with a tick in each chosen box and an empty box otherwise.

Textual draws every box with the same X and tells chosen from not by colour alone, which a
colour-blind player (or a monochrome terminal) cannot read.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import OptionDoesNotExist

TICK, EMPTY = "✓", " "


class TickList(SelectionList):
    def render_line(self, y: int) -> Strip:
        line = super().render_line(y)
        segments = list(line)
        if len(segments) < 2 or segments[1].text != ToggleButton.BUTTON_INNER:
            return line  # not an option's line
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return line
        mark = TICK if option.value in self._selected else EMPTY
        segments[1] = Segment(mark, segments[1].style)
        return Strip(segments, line.cell_length)
