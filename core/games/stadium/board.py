"""The Stadium city: a 31x24 grid of one-acre cells (streets, the river, the wedge park and land),
11 blocks of land, 181 lots of 1-4 acres in zones 1-3, 16 of them Crown Land with a minimum bid;
the building cards and the Venture deck. All of it is read from board.json, buildings.csv and
ventures.csv (the reference design's deck of 20: stadium_design_notes.md).

A cell is (row, col), rows from the top. Sets of cells are also kept as bit masks (bit
row * WIDTH + col), which is what the placement generator works with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.engine.data import number, read_json, read_table

STREET, RIVER, PARK, LAND = "=", "~", "P", "."
SIDES = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


@dataclass(frozen=True)
class Lot:
    id: int
    block: int
    zone: int
    cells: tuple[tuple[int, int], ...]
    crown: int  # its Crown Land number (1-16), 0 for Bank land
    minimum: int  # a Crown lot's opening bid, 0 for Bank land

    @property
    def acres(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Block:
    id: int
    zone: int
    cells: frozenset[tuple[int, int]]


@dataclass(frozen=True)
class Card:
    """A building card: its footprint is `width` x `height` acres as pictured (its figures edge
    to the south; placement.facings_of says how else it may face)."""

    id: str
    name: str
    kind: str  # residential, commercial or stadium
    width: int
    height: int
    price: int
    income: int  # returns per turn
    copies: int

    @property
    def acres(self) -> int:
        return self.width * self.height


@dataclass(frozen=True)
class Venture:
    """A Venture card: what it does (`effect`, with its `amount` and `limit` where it has them)
    and when: now, this turn, next turn, or on the holder's next building."""

    id: int
    text: str
    effect: str
    amount: int
    limit: int
    when: str


def _load() -> tuple[int, int, tuple[str, ...], tuple[Lot, ...], tuple[Block, ...]]:
    data = read_json(__package__, "board.json")
    grid = tuple(data["grid"])
    lots = tuple(
        Lot(
            lot["id"],
            lot["block"],
            lot["zone"],
            tuple(map(tuple, lot["cells"])),
            lot.get("crown_no", 0),
            lot.get("auction_min_price", 0),
        )
        for lot in data["lots"]
    )
    blocks = tuple(
        Block(
            b["id"],
            b["zone"],
            frozenset(c for lot in lots if lot.block == b["id"] for c in lot.cells),
        )
        for b in data["blocks"]
    )
    return data["width"], data["height"], grid, lots, blocks


WIDTH, HEIGHT, GRID, LOTS, BLOCKS = _load()
CELLS = WIDTH * HEIGHT
CARDS = tuple(
    Card(
        row["id"],
        row["name"],
        row["class"],
        int(row["width_acres"]),
        int(row["height_acres"]),
        int(row["price"]),
        int(row["income_per_turn"]),
        int(row["copies"]),
    )
    for row in read_table(__package__, "buildings.csv")
)
STADIUM = next(card for card in CARDS if card.kind == "stadium")
VENTURES = tuple(
    Venture(
        int(row["id"]),
        row["text"],
        row["effect"],
        number(row["amount"]),
        number(row["limit"]),
        row["when"],
    )
    for row in read_table(__package__, "ventures.csv")
)


def cell_kind(row: int, col: int) -> str:
    """What is at a cell: STREET, RIVER, PARK or LAND; off the board counts as neither."""
    if not (0 <= row < HEIGHT and 0 <= col < WIDTH):
        return ""
    return LAND if GRID[row][col] not in (STREET, RIVER, PARK) else GRID[row][col]


def bit(row: int, col: int) -> int:
    return 1 << (row * WIDTH + col)


def mask(cells: Iterable[tuple[int, int]]) -> int:
    """The bit mask of some cells."""
    total = 0
    for row, col in cells:
        total |= bit(row, col)
    return total


def street_sides(cells: Iterable[tuple[int, int]]) -> tuple[str, ...]:
    """The sides (N, S, W, E) on which some of these cells border a street."""
    inside = set(cells)
    return tuple(
        side
        for side, (dr, dc) in SIDES.items()
        if any(
            (r + dr, c + dc) not in inside and cell_kind(r + dr, c + dc) == STREET for r, c in cells
        )
    )


LOT_MASKS = tuple(mask(lot.cells) for lot in LOTS)
BLOCK_MASKS = tuple(mask(block.cells) for block in BLOCKS)
LAND_MASK = sum(LOT_MASKS)
ZONE_MASKS = (
    LAND_MASK,
    *(sum(LOT_MASKS[lot.id] for lot in LOTS if lot.zone == zone) for zone in (1, 2, 3)),
)  # by zone; 0: every zone
CROWN_LOTS = tuple(lot.id for lot in LOTS if lot.crown)
CARD_INDEX = {card.id: index for index, card in enumerate(CARDS)}
STADIUM_INDEX = CARD_INDEX[STADIUM.id]


def cells_of(cells: int) -> list[tuple[int, int]]:
    """The (row, col) cells of a bit mask, in board order."""
    found = []
    while cells:
        low = cells & -cells
        found.append(divmod(low.bit_length() - 1, WIDTH))
        cells ^= low
    return found


def venture_of(venture_id: int) -> Venture:
    return VENTURES[venture_id - 1]
