"""The Army board: 40 squares, their deeds and rents, kept as data in squares.csv.

Numbers are the classic UK board's (docs/sources.md); the names are
ours, except the seven the rulebook gives (Reaper, Watchkeeper, Challenger 2, Warrior, Scimitar,
Assault Trooper, Sniper).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter

from core.engine.data import number, read_table

START_CASH = 1500
SALARY = 200
PRISON_FINE = 50
STORES_IN_BANK = 32  # Ammo Stores (houses)
BARRACKS_IN_BANK = 12  # Barracks (hotels)
BARRACKS = 5  # a site's building level when it holds a Barracks
PRISON = 10
GO_TO_PRISON = 30
SQUARES_COUNT = 40


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    label: str  # the name on the full board: lines split by "|", as wide as the square allows
    short: str  # the name in one line of 6 characters at most (the compact board's corners)
    tiny: str  # the name on the compact board and in the ledger (3 characters at most)
    kind: str  # go, site, garrison, utility, training, combat, tax, prison, parking, to_prison
    group: str  # colour group of a site; "garrison" or "utility"; "" otherwise
    price: int  # a deed's price, or a tax's amount
    build: int  # the price of one Ammo Store (and of a Barracks) on a site
    rents: tuple[int, ...]  # a site's rent bare, with 1-4 Stores and with a Barracks

    @property
    def is_deed(self) -> bool:
        return self.kind in ("site", "garrison", "utility")

    @property
    def mortgage(self) -> int:
        return self.price // 2


def _load() -> tuple[Square, ...]:
    return tuple(
        Square(
            int(row["index"]),
            row["name"],
            row["label"],
            row["short"],
            row["tiny"],
            row["kind"],
            row["group"],
            number(row["price"]),
            number(row["build"]),
            tuple(int(row[f"rent{i}"]) for i in range(6) if row[f"rent{i}"]),
        )
        for row in read_table(__package__, "squares.csv")
    )


SQUARES = _load()
DEEDS = tuple(s.index for s in SQUARES if s.is_deed)
GROUPS: dict[str, tuple[int, ...]] = {}
for _square in SQUARES:
    if _square.is_deed:
        GROUPS.setdefault(_square.group, ())
        GROUPS[_square.group] += (_square.index,)
SITE_GROUPS = tuple(g for g in GROUPS if g not in ("garrison", "utility"))
SITE_GROUP_SQUARES = tuple(GROUPS[g] for g in SITE_GROUPS)  # in board order
GROUP_SQUARES = tuple(sorted(GROUPS.values()))  # every group, garrisons and utilities too
GARRISON_RENT = (0, 25, 50, 100, 200)  # by the number of Garrisons the owner holds
UTILITY_FACTOR = (0, 4, 10)  # times the dice, by the number of Utilities the owner holds


GROUP_OF = tuple(GROUPS.get(s.group, ()) if s.is_deed else () for s in SQUARES)
_DEED_OWNERS = itemgetter(*DEEDS)  # the owners of the deeds, read out of a board tuple at once


def group_of(square: int) -> tuple[int, ...]:
    """The deeds of `square`'s group (itself included)."""
    return GROUP_OF[square]


def deeds_held(seat: int, owner: Sequence[int]) -> tuple[int, ...]:
    """`seat`'s deeds, in board order."""
    return tuple(compress(DEEDS, map(seat.__eq__, _DEED_OWNERS(owner))))


def valuation(
    deeds: Iterable[int], cash: int, level: Sequence[int], mortgaged: Sequence[bool]
) -> int:
    """The rulebook's short-game valuation of a player with `deeds` and `cash`: cash, deeds at
    price (mortgaged at half), Ammo Stores at cost and a Barracks as five Stores."""
    total = cash
    for s in deeds:
        square = SQUARES[s]
        total += (square.price // 2 if mortgaged[s] else square.price) + level[s] * square.build
    return total


def raisable(
    deeds: Iterable[int], cash: int, level: Sequence[int], mortgaged: Sequence[bool]
) -> int:
    """Cash plus everything the bank would pay for `deeds`: buildings at half their cost, and
    the mortgage of every deed not mortgaged yet."""
    total = cash
    for s in deeds:
        square = SQUARES[s]
        total += level[s] * square.build // 2 + (0 if mortgaged[s] else square.mortgage)
    return total


def buildings_held(deeds: Iterable[int], level: Sequence[int]) -> tuple[int, int]:
    """(Ammo Stores, Barracks) standing on the sites of `deeds`."""
    stores = barracks = 0
    for s in deeds:
        if level[s] == BARRACKS:
            barracks += 1
        else:
            stores += level[s]
    return stores, barracks
