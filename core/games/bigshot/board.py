"""The Big Shot board as data: 13 lots (11 valued, 2 parks), 18 auction spaces, 4 colours.

ASSUMPTION: the printed values of the five rich lots and the exact park adjacency are not public.
The table (lots.csv; docs/sources.md says what is known) has one park touch 9, 10 and
11 (the rulebook's scoring example), the other park the second 9, 10, 11; the rich lots are 16,
17, 18, 20 and 21 (20 and 21 and a second 9 are attested by a session report). If the real board
turns up, only lots.csv changes.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from core.engine.data import read_table

COLOURS = ("red", "yellow", "white", "black")
COLOUR_LETTERS = ("R", "Y", "W", "B")

SPACES = 18
CUBES_PER_COLOUR = 18
CUBES_PER_SPACE = 4
LOT_CAPACITY = 7
START_CASH = 10
LOAN_DEBT = 10
MAX_LOANS = 9
ROUNDS = SPACES


def loan_payout(loan: int) -> int:
    """What a colour's `loan`-th loan pays it now (it costs LOAN_DEBT at the end)."""
    return LOAN_DEBT - loan


@dataclass(frozen=True)
class Lot:
    name: str
    value: int  # millions; 0 for a park
    park: int | None = None  # index of the adjacent park, if any
    is_park: bool = False
    row: int = 0  # where the board widget draws it (a 4x4 grid of city blocks)
    col: int = 0


LOTS: tuple[Lot, ...] = tuple(
    Lot(
        row["name"],
        int(row["value"]),
        int(row["park"]) if row["park"] else None,
        row["is_park"] == "yes",
        int(row["row"]),
        int(row["col"]),
    )
    for row in read_table(__package__, "lots.csv")
)  # the board, as data
PARKS = tuple(i for i, lot in enumerate(LOTS) if lot.is_park)
PARK_NEIGHBOURS = {
    p: tuple(i for i, lot in enumerate(LOTS) if lot.park == PARKS.index(p)) for p in PARKS
}
N_LOTS = len(LOTS)


# A lot's or a space's cubes are a tuple of four counts, one per colour. Every count a lot can hold,
# and, for those with room, the counts with one more cube of each colour: placing is a lookup.
Cubes = tuple[int, ...]  # four counts, one per colour
NO_CUBES: Cubes = (0, 0, 0, 0)
CUBE_COUNTS = tuple(c for c in product(range(LOT_CAPACITY + 1), repeat=4) if sum(c) <= LOT_CAPACITY)
ONE_MORE: dict[Cubes, tuple[Cubes, ...]] = {
    c: tuple(c[:i] + (c[i] + 1,) + c[i + 1 :] for i in range(4))
    for c in CUBE_COUNTS
    if sum(c) < LOT_CAPACITY
}


def lot_winner(counts: Sequence[int]) -> int:
    """The colour that wins a lot with these cube counts, or -1 for nobody.

    The winner holds the highest count that occurs exactly once: 3/3/1 goes to the single cube,
    2/2/2/1 too, 2/2 and 1/1/1 go to nobody.
    """
    winner, top = -1, 0
    for colour, n in enumerate(counts):
        if n > top and counts.count(n) == 1:
            winner, top = colour, n
    return winner


def lot_worth(lot: int, owner: int, owners: Sequence[int]) -> int:
    """What `lot` scores for `owner`: its value, doubled when `owner` also holds its park."""
    park = LOTS[lot].park
    value = LOTS[lot].value
    if park is not None and owners[PARKS[park]] == owner:
        return 2 * value
    return value
