"""Where a building card may stand, as far as the city's shape decides: inside one block, on land
only, its figures edge facing a street along its whole length (the card as pictured faces south;
turned half way round it faces north; never a quarter turn: stadium_003.txt, and the reference
design's reading, README). Whose land it is, when it was bought, zoning and other buildings are
the rules' part: they pass the cells a player may build on as a bit mask, and a placement fits
when its footprint lies inside it.

Every geometric placement of every card is worked out once (a few thousand), as bit masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .board import BLOCKS, CARDS, LAND, STREET, Card, cell_kind, mask

FACINGS = ("S", "N")  # a Build action's facing: 0 as pictured, 1 turned half way round


@dataclass(frozen=True)
class Placement:
    card: str  # the card's id
    row: int  # the footprint's top-left cell
    col: int
    facing: str  # "S" as pictured, "N" turned half way round
    block: int
    cells: int  # the footprint as a bit mask


def _fronts_street(card: Card, row: int, col: int, facing: str) -> bool:
    edge = row + card.height if facing == "S" else row - 1
    return all(cell_kind(edge, c) == STREET for c in range(col, col + card.width))


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
                footprint = [(r, c) for r in range(row, row + card.height)
                             for c in range(col, col + card.width)]
                if not all(cell in block.cells for cell in footprint):
                    continue
                for facing in ("S", "N"):
                    if _fronts_street(card, row, col, facing):
                        found.append(Placement(card.id, row, col, facing, block.id,
                                               mask(footprint)))
    return tuple(found)


def fitting(card_id: str, buildable: int) -> list[Placement]:
    """The placements of the card whose footprint lies inside `buildable` (a bit mask)."""
    return [p for p in placements_of(card_id) if p.cells & ~buildable == 0]


@cache
def _spots(card_id: str) -> dict[tuple[int, int, str], Placement]:
    return {(p.row, p.col, p.facing): p for p in placements_of(card_id)}


def placement_at(card_id: str, row: int, col: int, facing: str) -> Placement | None:
    """The card's placement at that spot and facing, if the city's shape allows one there."""
    return _spots(card_id).get((row, col, facing))


def shape_fault(card: Card, row: int, col: int, facing: str) -> str:
    """Why the city's shape refuses the card there (placement_at found nothing), for a player."""
    footprint = [(r, c) for r in range(row, row + card.height)
                 for c in range(col, col + card.width)]
    if any(cell_kind(r, c) != LAND for r, c in footprint):
        return "a building stands on land only, not on a street, the river or the park"
    if len({next(b.id for b in BLOCKS if cell in b.cells) for cell in footprint}) > 1:
        return "a building lies inside one block"
    side = "south" if facing == "S" else "north"
    return f"its figures edge (now to the {side}) must face a street along its whole length"
