"""A change to Army's board (a deed's owner, its buildings, its mortgage), kept apart from the
rules that make it so that buying, trading and building all reach it without importing one
another."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from core.engine.frozen import replaced

if TYPE_CHECKING:
    from .state import ArmyState


def change_board(
    state: ArmyState,
    squares: Iterable[int],
    *,
    owner: int | None = None,
    level: int | None = None,
    mortgaged: bool | None = None,
) -> None:
    """Give `squares` a new owner, building level or mortgage, whichever are given (one
    value for them all), replacing the tuples they are kept in. Only the estates of the
    players who held them or receive them are worked out again."""
    before = (state.owner, state.level, state.mortgaged)
    concerned = {state.owner[s] for s in squares}
    if owner is not None:
        state.owner = replaced(state.owner, squares, owner)
        concerned.add(owner)
    if level is not None:
        state.level = replaced(state.level, squares, level)
    if mortgaged is not None:
        state.mortgaged = replaced(state.mortgaged, squares, mortgaged)
    estates = state._estates
    for seat, known in enumerate(estates):
        if (
            known is not None
            and seat not in concerned
            and known[0] is before[0]
            and known[1] is before[1]
            and known[2] is before[2]
        ):
            estates[seat] = (state.owner, state.level, state.mortgaged, known[3])
