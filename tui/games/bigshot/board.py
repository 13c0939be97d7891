"""The Board panel: the 13 lots in their city blocks, ringed by the 18 auction spaces.

It draws a view; it never changes the game. A click on a lot posts `BoardWidget.LotClicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from textual import events
from textual.message import Message

from core.games.bigshot.board import COLOUR_LETTERS, LOT_CAPACITY, LOTS, lot_winner
from core.games.bigshot.view import BigShotView

from ...widgets.canvas import Canvas, Drawing
from .look import BADGES, EMPTY, SHORT_NAMES, owner_name

CURSOR = Style(reverse=True, bold=True)
BROKER = Style(reverse=True, bold=True)
SOLD = Style(bold=True)
BLOCK = Style(dim=True)


@dataclass(frozen=True)
class Geometry:
    """Sizes of the drawing: full, or compact for small terminals."""

    ring: int  # width of an auction space on the left and right sides
    cell: int  # width of a lot
    gap: int  # blank rows between lot rows
    margin: int  # blank rows between the ring's top/bottom and the lots

    @property
    def width(self) -> int:
        return 2 * self.ring + 2 + 4 * self.cell + 3

    @property
    def height(self) -> int:
        return 2 + 2 * self.margin + 4 * 3 + 3 * self.gap


FULL = Geometry(ring=7, cell=13, gap=1, margin=1)
COMPACT = Geometry(ring=5, cell=8, gap=0, margin=0)


@dataclass(frozen=True)
class Preview:
    """The lot under the cursor during placement and the cube that would go there."""

    lot: int
    colour: int | None


class BoardWidget(Drawing[BigShotView]):
    """Renders `view`; `preview` is the selected lot and cube (during placement) or None."""

    FULL, COMPACT = FULL, COMPACT

    class LotClicked(Message):
        def __init__(self, lot: int) -> None:
            super().__init__()
            self.lot = lot

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.preview: Preview | None = None

    def show(self, view: BigShotView, preview: Preview | None) -> None:
        self.view, self.preview = view, preview
        self.redraw_if((self.shown(), preview))

    def shown(self) -> tuple:
        view = self.drawn_view
        return (
            view.lots,
            view.owners,
            view.settled,
            view.spaces,
            view.broker,
            view.players,
            view.seat_colours,
            view.ghost,
        )

    def mark(self, canvas: Canvas, g: Geometry) -> None:
        """The lot being placed on, and what the cube chosen would do there."""
        preview = self.preview
        if preview is None:
            return
        view, spec = self.drawn_view, LOTS[preview.lot]
        x, y = self._cell_origin(g, spec.row, spec.col)
        canvas.style(x, y, g.cell, CURSOR)
        if preview.colour is not None and not view.settled[preview.lot]:
            canvas.put(x, y + 2, " " * g.cell)
            self._draw_preview(canvas, g, list(view.lots[preview.lot]), preview.colour, x, y + 2)

    def draw(self, canvas: Canvas, g: Geometry) -> None:
        self._draw_ring(canvas, g)
        used = {(spec.row, spec.col) for spec in LOTS}
        for row in range(4):
            for col in range(4):
                if (row, col) not in used:  # a city block that is not for sale
                    x, y = self._cell_origin(g, row, col)
                    for dy in range(3):
                        canvas.put(x, y + dy, "░" * g.cell, BLOCK)
        for lot, spec in enumerate(LOTS):
            self._draw_lot(canvas, g, lot, *self._cell_origin(g, spec.row, spec.col))

    @staticmethod
    def _cell_origin(g: Geometry, row: int, col: int) -> tuple[int, int]:
        return g.ring + 1 + col * (g.cell + 1), 1 + g.margin + row * (3 + g.gap)

    # -- the auction ring ------------------------------------------------------------------------

    def _ring_positions(self, g: Geometry) -> list[tuple[int, int]]:
        """Where each auction space is drawn, clockwise from the top left."""
        top, bottom = 0, g.height - 1
        span = g.width - g.ring
        across = [round(i * span / 4) for i in range(5)]
        rows = [1 + g.margin + r * (3 + g.gap) + 1 for r in range(4)]
        right = g.width - g.ring
        return (
            [(x, top) for x in across]
            + [(right, y) for y in rows]
            + [(x, bottom) for x in reversed(across)]
            + [(0, y) for y in reversed(rows)]
        )

    def _draw_ring(self, canvas: Canvas, g: Geometry) -> None:
        view = self.drawn_view
        for space, (x, y) in enumerate(self._ring_positions(g)):
            counts = view.spaces[space]
            here = space == view.broker
            if g is FULL:
                canvas.put(x, y, f"{space + 1:>2}", BROKER if here else EMPTY)
                cx = x + 3
            else:
                canvas.put(x, y, "▸" if here else " ", BROKER if here else EMPTY)
                cx = x + 1
            if not any(counts):
                canvas.put(cx, y, "····", EMPTY)
                continue
            for colour, n in enumerate(counts):
                for _ in range(n):
                    canvas.put(cx, y, COLOUR_LETTERS[colour], BADGES[colour])
                    cx += 1

    # -- the lots --------------------------------------------------------------------------------

    def _draw_lot(self, canvas: Canvas, g: Geometry, lot: int, x: int, y: int) -> None:
        view, spec = self.drawn_view, LOTS[lot]
        name = spec.name if g is FULL else SHORT_NAMES[lot]
        value = "x2" if spec.is_park else str(spec.value)
        title = name[: g.cell - len(value) - 1].ljust(g.cell - len(value)) + value
        canvas.put(x, y, title, Style(bold=True))
        counts = list(view.lots[lot])
        if view.settled[lot]:
            owner = view.owners[lot]
            sold = 5 if g is FULL else 0  # room for the word SOLD
            if g is FULL:
                canvas.put(x, y + 1, "SOLD ", SOLD)
            if owner < 0:
                canvas.put(x + sold, y + 1, "nobody", SOLD, width=g.cell - sold)
            else:
                canvas.put(x + sold, y + 1, COLOUR_LETTERS[owner], BADGES[owner])
                canvas.put(
                    x + sold + 2, y + 1, owner_name(view, owner), SOLD, width=g.cell - sold - 2
                )
            return
        cx = x
        for colour, n in enumerate(counts):
            for _ in range(n):
                canvas.put(cx, y + 1, COLOUR_LETTERS[colour], BADGES[colour])
                cx += 1
        canvas.put(cx, y + 1, "·" * (LOT_CAPACITY - sum(counts)), EMPTY)
        if sum(counts):
            leader = lot_winner(counts)
            if leader < 0:
                canvas.put(x, y + 2, "tie: nobody" if g is FULL else "tie", EMPTY)
            else:
                canvas.put(x, y + 2, "lead " if g is FULL else "ld ", EMPTY)
                canvas.put(
                    x + (5 if g is FULL else 3), y + 2, COLOUR_LETTERS[leader], BADGES[leader]
                )

    def _draw_preview(
        self, canvas: Canvas, g: Geometry, counts: list[int], colour: int, x: int, y: int
    ) -> None:
        """What a `colour` cube would do here: "+W → R wins!" (settles for red), "+W → tie"."""
        after = counts[:]
        after[colour] += 1
        winner = lot_winner(after)
        settles = sum(after) == LOT_CAPACITY
        full = g is FULL
        arrow = x + (3 if full else 2)
        canvas.put(x, y, "+", Style(bold=True))
        canvas.put(x + 1, y, COLOUR_LETTERS[colour], BADGES[colour])
        canvas.put(arrow, y, "→", Style(bold=True))
        if winner >= 0:
            canvas.put(arrow + (2 if full else 1), y, COLOUR_LETTERS[winner], BADGES[winner])
            verb = ("wins!" if full else "win") if settles else ("leads" if full else "ld")
            text_x = arrow + (4 if full else 3)
        else:
            verb = "nobody" if settles else "tie"
            text_x = arrow + (2 if full else 1)
        canvas.put(text_x, y, verb, Style(bold=True), width=x + g.cell - text_x)

    def on_click(self, event: events.Click) -> None:
        offset = self.canvas_offset(event)
        if offset is None:
            return
        at_x, at_y = offset
        for lot, x, y, width in self.lot_boxes():
            if x <= at_x < x + width and y <= at_y < y + 3:
                self.post_message(self.LotClicked(lot))
                return

    def lot_boxes(self) -> list[tuple[int, int, int, int]]:
        """Where each lot is drawn: (lot, x, y, width), three rows tall."""
        g = self.geometry()
        return [
            (lot, *self._cell_origin(g, spec.row, spec.col), g.cell)
            for lot, spec in enumerate(LOTS)
        ]
