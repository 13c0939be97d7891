"""Where a car may drive with the number rolled (the Million rulebook): exactly that many spaces
along the roads, in either direction but never against the ONE WAY street, never turning back along
the road it has just driven during the move (no U-turn; it may turn round between turns); or
fewer, stopping on a face-up publicity stunt's location. A car off the board (at the start, or
sent back to START) counts START as its first space.

A move is a choice among these destinations, each with a path to show; which way the car went
does not matter to the rules once it stops (only the space it stops on is paid, bought or
leased), so each destination is listed once, with the first path found in road order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .board import EXITS, EXITS_BOTH_WAYS, START


@dataclass(frozen=True)
class Walk:
    destination: int
    path: tuple[int, ...]  # the spaces driven through, the destination last
    short: bool  # stopped before the count ran out, on a stunt location


@cache
def _ends(
    space: int, came_from: int, steps: int, one_way: bool = True
) -> tuple[tuple[int, ...], ...]:
    """Every path of exactly `steps` spaces from `space` (reached from `came_from`, -1: from
    nowhere), never turning straight back (against the one-way street only if not `one_way`)."""
    if steps == 0:
        return ((),)
    found: list[tuple[int, ...]] = []
    for nxt in (EXITS if one_way else EXITS_BOTH_WAYS)[space]:
        if nxt != came_from:
            found.extend((nxt, *rest) for rest in _ends(nxt, space, steps - 1, one_way))
    return tuple(found)


def walks(
    position: int | None, steps: int, stunts: frozenset[int] = frozenset(), one_way: bool = True
) -> list[Walk]:
    """The destinations of a move of `steps` from `position` (None: off the board), stopping
    short allowed on the spaces of `stunts` (and the ONE WAY sign ignored if not `one_way`, a
    variant); one Walk each, in the order first found."""
    before: tuple[int, ...]
    if position is None:  # START counts as the first space
        before, space, left = (START,), START, steps - 1
    else:
        before, space, left = (), position, steps
    if left == 0:
        return [Walk(space, before, False)]
    chosen: dict[int, Walk] = {}
    for rest in _ends(space, -1, left, one_way):  # the whole count
        chosen.setdefault(rest[-1], Walk(rest[-1], before + rest, False))
    if stunts:  # or fewer, stopping on a stunt's location
        for short in range(1, left):
            for rest in _ends(space, -1, short, one_way):
                if rest[-1] in stunts:
                    chosen.setdefault(rest[-1], Walk(rest[-1], before + rest, True))
    return list(chosen.values())
