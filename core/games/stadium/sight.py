"""What Stadium's bot reads in a playout, straight from the state (`core.engine.playouts.Sight`):
the fields of `StadiumView` it reads, with the same values."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from core.engine.playouts import state_fields
from core.engine.turns import StackSight

from . import trading
from .land import Building
from .view import Development

if TYPE_CHECKING:
    from .state import StadiumState


class StadiumSight(StackSight, Development):
    __slots__ = ()
    state: StadiumState
    players, active, land, developed = state_fields("players", "active", "land", "developed")
    block_class, in_use, frozen = state_fields("block_class", "in_use", "frozen")
    offers_made = state_fields("offers_made")[0]

    @property
    def buildings(self) -> Collection[Building]:
        return self.state.buildings.values()

    @property
    def building_by_id(self) -> dict[int, Building]:
        return self.state.buildings

    @property
    def crown_left(self) -> Collection[int]:  # in the deck's order, not the view's lot order
        return self.state.crown_deck

    @property
    def offer_partners(self) -> tuple[int, ...]:
        return trading.offer_partners(self.state, self.seat)
