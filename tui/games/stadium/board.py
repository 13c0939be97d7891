"""The Board panel: the city acre by acre (streets, the river, the park), each lot on its own
shade, its owner's digit on it, buildings as their footprint in their class's colour with their
owner (B for the Bank) and a short name (the figures edge underlined), Crown lots by number,
each block's zoning on the street above it, the cursor, and a building being placed.

On the full board an acre is three columns; on the compact one two, and the rows that are all
street (and one of the river's two) are left out. It draws a view; it never changes the game.
A click on an acre posts `BoardWidget.AcreClicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from textual import events
from textual.message import Message

from core.games.stadium.board import (
    BLOCKS,
    CARDS,
    GRID,
    HEIGHT,
    LAND,
    LOTS,
    PARK,
    RIVER,
    STREET,
    WIDTH,
    cell_kind,
)
from core.games.stadium.placement import figures_edge
from core.games.stadium.view import StadiumView

from ...widgets.canvas import Canvas, Drawing
from .look import (
    CARD_CODES,
    CLASS_LETTER,
    CLASS_STYLES,
    CROWN_LOT,
    EMPTY,
    LOT_AT,
    LOT_SHADES,
    SEAT_COLOURS,
    SHADES,
    owner_badge,
)
from .look import PARK as PARK_STYLE
from .look import RIVER as RIVER_STYLE
from .look import STREET as STREET_STYLE

CURSOR = Style(reverse=True, bold=True)
LOT_OUTLINE = Style(underline=True, bold=True)  # the rest of the lot under the cursor
FITS = Style(bgcolor="#43a047", color="#000000", bold=True)
REFUSED = Style(bgcolor="#e53935", color="#ffffff", bold=True)


def _shown_rows(compact: bool) -> tuple[int, ...]:
    if not compact:
        return tuple(range(HEIGHT))
    rows, river_seen = [], False
    for r in range(HEIGHT):
        if all(ch == STREET for ch in GRID[r]):
            continue
        if all(ch == RIVER for ch in GRID[r]):
            if river_seen:
                continue
            river_seen = True
        rows.append(r)
    return tuple(rows)


@dataclass(frozen=True)
class Geometry:
    cell: int  # columns an acre takes
    rows: tuple[int, ...]  # the city's rows drawn, top to bottom

    @property
    def width(self) -> int:
        return WIDTH * self.cell

    @property
    def height(self) -> int:
        return len(self.rows)


FULL = Geometry(3, _shown_rows(False))
COMPACT = Geometry(2, _shown_rows(True))


@dataclass(frozen=True)
class Preview:
    """A building being placed: its card, footprint (row, col, height, width), and whether the
    game would take it there."""

    card: int
    row: int
    col: int
    facing: str
    fits: bool


def _zoning_spots() -> dict[int, tuple[int, int]]:
    """Where each block's zoning is written: the street acre above its top-left acre (below
    its bottom-left one where no street lies above)."""
    spots = {}
    for block in BLOCKS:
        top = min(r for r, _ in block.cells)
        left = min(c for r, c in block.cells if r == top)
        if cell_kind(top - 1, left) == STREET:
            spots[block.id] = (top - 1, left)
        else:
            bottom = max(r for r, _ in block.cells)
            spots[block.id] = (bottom + 1, min(c for r, c in block.cells if r == bottom))
    return spots


ZONING_SPOTS = _zoning_spots()
RIVER_ROWS = [r for r in range(HEIGHT) if all(ch == RIVER for ch in GRID[r])]
ZONE_LABELS = {  # (row, col) in the river: the zones above and below it
    (RIVER_ROWS[0], 1): "▲ zone 2",
    (RIVER_ROWS[0], 18): "▲ zone 3",
    (RIVER_ROWS[-1], 1): "▼ zone 1",
    (RIVER_ROWS[-1], 21): "▼ zone 1",
}


class BoardWidget(Drawing[StadiumView]):
    FULL, COMPACT = FULL, COMPACT

    class AcreClicked(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row, self.col = row, col

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cursor = (0, 0)
        self.preview: Preview | None = None

    def show(self, view: StadiumView, cursor: tuple[int, int], preview: Preview | None) -> None:
        self.view, self.cursor, self.preview = view, cursor, preview
        self.redraw_if((view.version, view.viewer, cursor, preview))

    def draw(self, canvas: Canvas, g: Geometry) -> None:
        view, w = self.drawn_view, g.cell
        owner_at = {}
        for seat, cells in enumerate(view.land[:-1]):
            while cells:
                low = cells & -cells
                owner_at[low.bit_length() - 1] = seat
                cells ^= low
        building_at = {}
        for b in view.buildings:
            for r in range(b.row, b.row + CARDS[b.card].height):
                for c in range(b.col, b.col + CARDS[b.card].width):
                    building_at[(r, c)] = b
        crowns = {lot: LOTS[lot].crown for lot in view.crown_left}
        frozen = set(view.frozen)
        for y, r in enumerate(g.rows):
            for c in range(WIDTH):
                x = c * w
                kind = cell_kind(r, c)
                if kind == STREET:
                    canvas.put(x, y, " " * w, STREET_STYLE)
                elif kind == RIVER:
                    canvas.put(x, y, "≈" * w, RIVER_STYLE)
                elif kind == PARK:
                    canvas.put(x, y, "♣".ljust(w), PARK_STYLE)
                elif kind == LAND:
                    self._acre(canvas, x, y, w, r, c, owner_at, building_at, crowns, frozen)
        self._labels(canvas, g)

    def shown(self) -> tuple:
        view = self.drawn_view
        return (
            view.land,
            view.buildings,
            view.crown_left,
            view.frozen,
            view.block_class,
            view.fresh,
            len(view.players),
        )

    def marked(self) -> tuple:
        return self.cursor, self.preview

    def mark(self, canvas: Canvas, g: Geometry) -> None:
        """The building being placed, the lot under the cursor outlined, and the cursor."""
        w = g.cell
        self._preview(canvas, g)
        lot = LOT_AT.get(self.cursor)
        for r, c in LOTS[lot].cells if lot is not None else ():  # the whole lot, outlined
            if r in g.rows:
                canvas.add_style(c * w, g.rows.index(r), w, LOT_OUTLINE)
        if self.cursor[0] in g.rows:
            y = g.rows.index(self.cursor[0])
            canvas.style(self.cursor[1] * w, y, w, CURSOR)

    def _acre(
        self,
        canvas: Canvas,
        x: int,
        y: int,
        w: int,
        r: int,
        c: int,
        owner_at: dict,
        building_at: dict,
        crowns: dict,
        frozen: set,
    ) -> None:
        view = self.drawn_view
        building = building_at.get((r, c))
        if building is not None:
            card = CARDS[building.card]
            style = CLASS_STYLES[card.kind]
            edge = figures_edge(card, building.row, building.col, building.facing)
            underlined = style + Style(underline=True)  # the figures edge, on the street side
            if (r, c) == (building.row, building.col):  # the label: underlined if all edge
                top = all(cell in edge for cell in footprint_row(building, card))
                canvas.put(x, y, *owner_badge(building.owner, len(view.players)))
                label = CARD_CODES[building.card][: card.width * w - 1]
                canvas.put(
                    x + 1,
                    y,
                    label.ljust(card.width * w - 1),
                    underlined if top else style,
                    width=card.width * w - 1,
                )
            elif r != building.row:  # the top row is its label's
                canvas.put(x, y, " " * w, underlined if (r, c) in edge else style)
            return
        lot = LOT_AT[(r, c)]
        shade = Style(bgcolor=SHADES[LOT_SHADES[lot]])
        index = r * WIDTH + c
        owner = owner_at.get(index)
        first = LOTS[lot].cells[0] == (r, c)
        if owner is not None:
            fresh = "+" if view.fresh >> index & 1 else " "
            text = f" {owner + 1}{fresh}"[:w] if w == 3 else f"{owner + 1}{fresh}"
            canvas.put(x, y, text, shade + Style(color=SEAT_COLOURS[owner], bold=True))
        elif first and lot in crowns:
            label = f"C{crowns[lot]}" if len(str(crowns[lot])) < w else str(crowns[lot])
            canvas.put(x, y, label.ljust(w), CROWN_LOT)
        elif first and lot in frozen:
            canvas.put(x, y, "✕".ljust(w), shade + EMPTY)
        else:
            canvas.put(x, y, " · "[:w] if w == 3 else "· ", shade + EMPTY)

    def _labels(self, canvas: Canvas, g: Geometry) -> None:
        """Each zoned block's class on the street by it; the zones in the river."""
        w = g.cell
        for block, zone in enumerate(self.drawn_view.block_class):
            row, col = ZONING_SPOTS[block]
            if zone and row in g.rows:
                label = zone[:3] if w == 3 else CLASS_LETTER[zone]
                canvas.put(
                    col * w,
                    g.rows.index(row),
                    label.ljust(w),
                    STREET_STYLE
                    + Style(color=CLASS_STYLES[zone].bgcolor, bold=True, bgcolor="#e0e0e0"),
                )
        for (row, col), label in ZONE_LABELS.items():
            if row in g.rows:
                if w < 3:  # one river row: "▲2 ▼1"
                    label = label.replace("zone ", "")
                    col += 4 * (row == RIVER_ROWS[-1])
                canvas.put(col * w, g.rows.index(row), label, RIVER_STYLE + Style(bold=True))

    def _preview(self, canvas: Canvas, g: Geometry) -> None:
        p, w = self.preview, g.cell
        if p is None:
            return
        card = CARDS[p.card]
        style = FITS if p.fits else REFUSED
        for r in range(p.row, p.row + card.height):
            if r not in g.rows:
                continue
            y = g.rows.index(r)
            edge = {c for _, c in figures_edge(card, p.row, p.col, p.facing) if _ == r}
            text = (CARD_CODES[p.card] if r == p.row else "").ljust(card.width * w)
            for i, c in enumerate(range(p.col, p.col + card.width)):
                canvas.put(
                    c * w, y, text[i * w : (i + 1) * w], style + Style(underline=c in edge), width=w
                )

    def on_click(self, event: events.Click) -> None:
        at = self.canvas_offset(event)
        if at is None:
            return
        g = self.geometry()
        x, y = at
        if 0 <= y < g.height and 0 <= x < g.width:
            self.post_message(self.AcreClicked(g.rows[y], x // g.cell))


def footprint_row(building, card) -> list[tuple[int, int]]:
    """The cells of a building's top row, where its label is written."""
    return [(building.row, c) for c in range(building.col, building.col + card.width)]
