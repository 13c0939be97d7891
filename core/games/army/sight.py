"""What Army's bot reads in a playout, straight from the state (`core.engine.playouts.Sight`):
the fields of `ArmyView` it reads, with the same values."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine.playouts import state_fields
from core.engine.templates import OfferTerms
from core.engine.turns import StackSight

from . import trading
from .view import NOT_DEEDS

if TYPE_CHECKING:
    from .state import ArmyState


class ArmySight(StackSight):
    __slots__ = ("_partners",)  # worked out once a decision, for the offer's terms too
    state: ArmyState
    owner, level, mortgaged, prison_turn = state_fields(
        "owner", "level", "mortgaged", "prison_turn"
    )

    @property
    def unowned(self) -> int:
        return self.state.owner.count(-1) - NOT_DEEDS

    @property
    def offer_partners(self) -> tuple[int, ...]:
        try:
            return self._partners
        except AttributeError:
            self._partners: tuple[int, ...] = trading.offer_partners(self.state, self.seat)
            return self._partners

    @property
    def offer_terms(self) -> OfferTerms | None:
        state, partners = self.state, self.offer_partners
        if not partners:
            return None
        return trading.offer_terms(
            self.seat, partners, state.owner, state.level, self.cash, state.card_holder
        )
