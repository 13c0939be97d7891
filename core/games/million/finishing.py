"""How far each space is from finishing, in turns: the turns a car needs on average to land
on FINISH from there, driving the best way with every roll (a value iteration over the roads
and the die). Nearest along the roads is not best: FINISH lies on the ONE WAY street and must
be landed on exactly, so what counts is where a miss leaves the car: from the space one short
of FINISH every number but 1 drives past it and round the city (11.5 turns on average), from
a space further back the numbers that miss leave it placed to try again (9.2 from the best; a
game between bots lasts 44 to 82 rounds).

Stops short on stunt locations are left out: which stunts show changes from turn to turn.
"""

from __future__ import annotations

from functools import cache

from .board import FINISH, SPACES
from .moves import walks

ROLLS = range(1, 7)
OFF_BOARD = len(SPACES)  # the index of a car off the board (at the start, or sent to START)
SETTLED = 1e-9  # the iteration stops once no space's turns change by more than this


@cache
def _destinations(one_way: bool, exact: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By space (OFF_BOARD last), then by roll less one: where the car may stop."""
    stops = frozenset() if exact else frozenset({FINISH})
    return tuple(
        tuple(
            tuple(sorted({w.destination for w in walks(start, roll, stops, one_way)}))
            for roll in ROLLS
        )
        for start in (*range(len(SPACES)), None)
    )


@cache
def _turns(one_way: bool, exact: bool) -> tuple[float, ...]:
    reach = _destinations(one_way, exact)
    turns = [0.0] * len(reach)
    while True:  # each space worked out again from the others' latest (Gauss-Seidel)
        change = 0.0
        for space, rolls in enumerate(reach):
            best = [0.0 if FINISH in ends else min(turns[e] for e in ends) for ends in rolls]
            after = 1 + sum(best) / 6
            change, turns[space] = max(change, abs(after - turns[space])), after
        if change <= SETTLED:
            return tuple(turns)


def turns_to_finish(space: int | None, one_way: bool = True, exact: bool = True) -> float:
    """The turns a car on `space` (None: off the board) needs on average to land on FINISH;
    0 on FINISH itself, where it has landed (the ONE WAY sign obeyed if `one_way`, FINISH to
    be landed on with the exact count if `exact`: the rulebook's variants)."""
    if space == FINISH:
        return 0.0
    return _turns(one_way, exact)[OFF_BOARD if space is None else space]
