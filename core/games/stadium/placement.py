"""Where a building card may stand, as far as the city's shape decides: inside one block, on land
only, its figures edge touching a street along at least part of its length (the Stadium rulebook).
The card as pictured faces south; turned half way round it faces north; a square card may also
face east or west, where a non-square card keeps its pictured shape (docs/rulings.md). Whose land it
is, when it was bought, zoning and other buildings are the rules' part: they pass the cells a
player may build on as a bit mask, and a placement fits when its footprint lies inside it.

Every geometric placement of every card is worked out once (a few thousand), as bit masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from .board import BLOCKS, CARDS, LAND, LOT_MASKS, STADIUM_INDEX, STREET, Card, cell_kind, mask

# a Build action's facing: 0 as pictured, 1 turned half way round, 2 and 3 (square cards only)
# a quarter turn either way
FACINGS = ("S", "N", "E", "W")
SIDES = {"S": "south", "N": "north", "E": "east", "W": "west"}


def facings_of(card: Card) -> tuple[str, ...]:
    """The sides the card's figures edge may face: any for a square card, else south or north."""
    return FACINGS if card.width == card.height else FACINGS[:2]


@dataclass(frozen=True)
class Placement:
    card: str  # the card's id
    row: int  # the footprint's top-left cell
    col: int
    facing: str  # the figures edge's side: one of FACINGS
    block: int
    cells: int  # the footprint as a bit mask


def figures_edge(card: Card, row: int, col: int, facing: str) -> tuple[tuple[int, int], ...]:
    """The footprint's cells along its figures edge, at the card's spot and facing."""
    rows, cols = range(row, row + card.height), range(col, col + card.width)
    if facing in ("S", "N"):
        return tuple((rows[-1] if facing == "S" else row, c) for c in cols)
    return tuple((r, cols[-1] if facing == "E" else col) for r in rows)


def _touches_street(card: Card, row: int, col: int, facing: str) -> bool:
    step = {"S": (1, 0), "N": (-1, 0), "E": (0, 1), "W": (0, -1)}[facing]
    return any(
        cell_kind(r + step[0], c + step[1]) == STREET
        for r, c in figures_edge(card, row, col, facing)
    )


@cache
def placements_of(card_id: str) -> tuple[Placement, ...]:
    """Every spot and facing where the card fits the city's shape, in board order."""
    card = next(c for c in CARDS if c.id == card_id)
    found = []
    for block in BLOCKS:
        rows = [r for r, _ in block.cells]
        cols = [c for _, c in block.cells]
        for row in range(min(rows), max(rows) - card.height + 2):
            for col in range(min(cols), max(cols) - card.width + 2):
                footprint = [
                    (r, c)
                    for r in range(row, row + card.height)
                    for c in range(col, col + card.width)
                ]
                if not all(cell in block.cells for cell in footprint):
                    continue
                for facing in facings_of(card):
                    if _touches_street(card, row, col, facing):
                        found.append(
                            Placement(card.id, row, col, facing, block.id, mask(footprint))
                        )
    return tuple(found)


@lru_cache(maxsize=1 << 14)
def fitting(card_id: str, buildable: int) -> tuple[Placement, ...]:
    """The placements of the card whose footprint lies inside `buildable` (a bit mask), kept
    for the masks met most lately: a player's land changes seldom from one decision to the
    next, and the rules and the bots ask again at each."""
    outside = ~buildable
    return tuple(p for p in placements_of(card_id) if not p.cells & outside)


@cache
def _spots(card_id: str) -> dict[tuple[int, int, str], Placement]:
    return {(p.row, p.col, p.facing): p for p in placements_of(card_id)}


def placement_at(card_id: str, row: int, col: int, facing: str) -> Placement | None:
    """The card's placement at that spot and facing, if the city's shape allows one there."""
    return _spots(card_id).get((row, col, facing))


def shape_fault(card: Card, row: int, col: int, facing: str) -> str:
    """Why the city's shape refuses the card there (placement_at found nothing), for a player."""
    footprint = [
        (r, c) for r in range(row, row + card.height) for c in range(col, col + card.width)
    ]
    if any(cell_kind(r, c) != LAND for r, c in footprint):
        return "a building stands on land only, not on a street, the river or the park"
    if len({next(b.id for b in BLOCKS if cell in b.cells) for cell in footprint}) > 1:
        return "a building lies inside one block"
    if facing not in facings_of(card):
        return "only a square card may face east or west"
    return f"its figures edge (now to the {SIDES[facing]}) must touch a street"


@cache
def lot_room(lot: int) -> str:
    """Whether a building could ever stand on the lot, for a player to read: one fits on the
    lot alone, or only one covering land beside it too, or none ever."""
    cells = LOT_MASKS[lot]
    covering = [
        p
        for card in CARDS[:STADIUM_INDEX] + CARDS[STADIUM_INDEX + 1 :]
        for p in placements_of(card.id)
        if p.cells & cells
    ]
    if any(p.cells & ~cells == 0 for p in covering):
        return "a building fits on it alone"
    if covering:
        return "built on only with land beside it"
    return "no building can ever stand on it"
