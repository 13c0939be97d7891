"""The Million city: 113 spaces joined by roads (two-way but for the ONE WAY street along the top,
eastbound, with the Circus and FINISH), START, 4 Real Estate spaces, 16 landmarks where publicity
stunts take place, and 42 businesses (6 small singles and the sets A-F) with their prices and
lease prices, which pairs of them stand next to each other, and the 24-card stunt deck. All of it
is read from board.json (the reference design, credited there).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from core.engine.data import read_json

START_KIND, FINISH_KIND, REAL_ESTATE_KIND, STUNT_KIND = (
    "start",
    "finish",
    "real_estate",
    "stunt_location",
)


@dataclass(frozen=True)
class Space:
    id: int
    x: int
    y: int
    kind: str  # intersection, road, business, stunt_location, real_estate, start, finish
    landmark: str  # a stunt location's landmark, else ""
    businesses: tuple[int, ...]  # the businesses beside it (two where two sets face each other)


@dataclass(frozen=True)
class Business:
    id: int
    name: str
    set: str  # "A"-"F", or "single"
    space: int
    buy: int
    lease: int  # 0: it cannot be leased


def _load() -> tuple[
    tuple[Space, ...],
    tuple[Business, ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[frozenset[int], ...],
    frozenset[tuple[int, int]],
    tuple[str, ...],
]:
    data = read_json(__package__, "board.json")
    businesses = tuple(
        Business(b["id"], b["name"], b["set"], b["space"], b["buy"], b["lease"] or 0)
        for b in data["businesses"]
    )
    spaces = tuple(
        Space(
            s["id"],
            s["x"],
            s["y"],
            s["kind"],
            s.get("landmark", ""),
            tuple(b.id for b in businesses if b.space == s["id"]),
        )
        for s in data["spaces"]
    )
    exits: list[list[int]] = [[] for _ in spaces]
    both: list[list[int]] = [[] for _ in spaces]
    for a, b, one_way in data["edges"]:
        exits[a].append(b)
        both[a].append(b)
        both[b].append(a)
        if not one_way:
            exits[b].append(a)
    adjacent: list[set[int]] = [set() for _ in businesses]
    for a, b in data["business_adjacency"]:
        adjacent[a].add(b)
        adjacent[b].add(a)
    one_way = frozenset((a, b) for a, b, one in data["edges"] if one)
    return (
        spaces,
        businesses,
        tuple(tuple(sorted(e)) for e in exits),
        tuple(tuple(sorted(e)) for e in both),
        tuple(frozenset(n) for n in adjacent),
        one_way,
        tuple(data["publicity_stunt_deck"]),
    )


SPACES, BUSINESSES, EXITS, EXITS_BOTH_WAYS, NEIGHBOURS, ONE_WAY, STUNT_DECK = _load()
START = next(s.id for s in SPACES if s.kind == START_KIND)
FINISH = next(s.id for s in SPACES if s.kind == FINISH_KIND)
REAL_ESTATE = tuple(s.id for s in SPACES if s.kind == REAL_ESTATE_KIND)
LANDMARKS = {s.landmark: s.id for s in SPACES if s.kind == STUNT_KIND}
SINGLES = tuple(b.id for b in BUSINESSES if b.set == "single")


def groups(held: Iterable[int]) -> list[list[int]]:
    """The businesses in `held` in groups of neighbours (each group in id order)."""
    return [list(group) for group in _groups(frozenset(held))]


@cache
def _groups(held: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    left, found = set(held), []
    while left:
        first = min(left)
        group, todo = {first}, [first]
        while todo:
            for other in NEIGHBOURS[todo.pop()] & left:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        left -= group
        found.append(tuple(sorted(group)))
    return tuple(found)


def stunt_income(held: Iterable[int]) -> int:
    """What a publicity stunt pays for these businesses: $10,000 x n x n for each group of n
    neighbouring businesses (the Million rulebook)."""
    return sum(10_000 * len(group) ** 2 for group in _groups(frozenset(held)))
