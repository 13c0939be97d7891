"""Rows of cells under a header line, one row selected: what the lobby needs of a DataTable.

Drawn as whole lines (LinesWidget), so a change repaints only the rows that differ, and a
session's first frame costs a fraction of a DataTable's (no per-cell widgets, styles or caches;
the SSH host draws one for every person arriving). Columns take the width of their widest
cell; when the row is too wide, the widest column gives up room and its cells end in "…".
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip

from .lines import LinesWidget

GAP = 2  # blank cells between columns
NARROWEST = 4  # a column is never squeezed below this


def column_widths(natural: list[int], room: int) -> list[int]:
    """Each column's width: its natural width, the widest cut down until the row fits `room`."""
    widths = list(natural)
    while sum(widths) + GAP * (len(widths) - 1) > room:
        widest = max(range(len(widths)), key=widths.__getitem__)
        if widths[widest] <= NARROWEST:
            break
        widths[widest] -= 1
    return widths


class RowList(LinesWidget, can_focus=True):
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "move(-1_000_000)", show=False),
        Binding("end", "move(1_000_000)", show=False),
    ]
    COMPONENT_CLASSES = {"row-list--header", "row-list--cursor", "row-list--stripe"}
    DEFAULT_CSS = """
    RowList { padding: 0 1; }
    RowList > .row-list--header { text-style: bold; color: $text-accent; }
    RowList > .row-list--stripe { background: $surface-lighten-1; }
    RowList > .row-list--cursor { background: $block-cursor-blurred-background; }
    RowList:focus > .row-list--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """

    class Chosen(Message):
        """The selected row was clicked again (Enter is the screen's to bind)."""

        def __init__(self, key: Hashable) -> None:
            super().__init__()
            self.key = key

    def __init__(self, headers: Sequence[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.headers = [Text(h) for h in headers]
        self.keys: list[Hashable] = []
        self.cells: list[Sequence[Text]] = []
        self.cursor = 0
        self.top = 0  # the first row shown

    # -- what it shows -------------------------------------------------------------------------

    def set_rows(
        self, rows: Sequence[tuple[Hashable, Sequence[Text]]], select: Hashable | None = None
    ) -> None:
        """Show these (key, cells) rows; the selection stays on its key if it is still there,
        or moves to `select` when given."""
        keep = select if select is not None else self.selected
        self.keys = [key for key, _ in rows]
        self.cells = [cells for _, cells in rows]
        self.cursor = (
            self.keys.index(keep)
            if keep in self.keys
            else min(self.cursor, max(0, len(self.keys) - 1))
        )
        self._show_cursor()

    @property
    def selected(self) -> Hashable | None:
        return self.keys[self.cursor] if self.keys else None

    # -- moving --------------------------------------------------------------------------------

    def action_move(self, rows: int) -> None:
        if self.keys:
            self.cursor = max(0, min(len(self.keys) - 1, self.cursor + rows))
            self._show_cursor()

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self._room()))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)  # (within the border and padding)
        if offset is None:
            return
        row = self.top + offset.y - 1  # the first line is the header
        if not 0 <= row < len(self.keys) or offset.y < 1:
            return
        if row == self.cursor:
            self.post_message(self.Chosen(self.keys[row]))
        else:
            self.cursor = row
            self._show_cursor()

    def _room(self) -> int:
        """How many rows fit under the header."""
        return max(1, self.content_size.height - 1)

    def _show_cursor(self) -> None:
        room = self._room()
        self.top = min(max(self.top, self.cursor - room + 1), self.cursor)
        self.top = max(0, min(self.top, len(self.keys) - room))
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------

    def make_lines(self, width: int, base: Style) -> list[Strip]:
        pad = self.styles.padding
        inner = max(1, width - pad.left - pad.right)
        natural = [
            max([h.cell_len] + [row[i].cell_len for row in self.cells])
            for i, h in enumerate(self.headers)
        ]
        widths = column_widths(natural, inner)
        header = self.get_component_rich_style("row-list--header", partial=True)
        lines = [self._line(self.headers, widths, width, base + header)]
        stripe = base + self.get_component_rich_style("row-list--stripe", partial=True)
        cursor = base + self.get_component_rich_style("row-list--cursor", partial=True)
        for row in range(self.top, min(len(self.cells), self.top + self._room())):
            style = cursor if row == self.cursor else stripe if row % 2 else base
            lines.append(self._line(self.cells[row], widths, width, style))
        return lines

    def _line(self, cells: Sequence[Text], widths: list[int], width: int, style: Style) -> Strip:
        console = self.app.console
        pad = self.styles.padding
        segments = [Segment(" " * pad.left)]
        for i, (cell, room) in enumerate(zip(cells, widths)):
            if i:
                segments.append(Segment(" " * GAP))
            cell = cell.copy()
            cell.truncate(room, overflow="ellipsis", pad=True)
            segments.extend(cell.render(console))
        line = Strip(Segment.apply_style(segments, style)).crop(0, width)
        return line.extend_cell_length(width, style).simplify()
