"""What Million's bot reads in a playout, straight from the state (`core.engine.playouts.Sight`):
the fields of `MillionView` it reads, with the same values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.engine.actions import Action
from core.engine.playouts import state_fields
from core.engine.turns import StackSight

from .view import Holdings, stunt_spaces

if TYPE_CHECKING:
    from .state import MillionState


class MillionSight(StackSight, Holdings):
    __slots__ = ("_held",)
    state: MillionState
    holder, leased, position, landed, target, one_way, exact_finish = state_fields(
        "holder", "leased", "position", "landed", "target", "one_way", "exact_finish"
    )

    def __init__(self, state: MillionState, seat: int, legal: Sequence[Action]) -> None:
        super().__init__(state, seat, legal)
        self._held: dict[int, tuple[int, ...]] = {}  # by seat, worked out once a decision

    def held(self, seat: int) -> tuple[int, ...]:
        held = self._held.get(seat)
        if held is None:
            held = self._held[seat] = super().held(seat)
        return held

    @property
    def stunt_spaces(self) -> dict[int, tuple[int, ...]]:
        return stunt_spaces(self.state.face_up)
