"""What Big Shot's bot reads in a playout, straight from the state
(`core.engine.playouts.Sight`): the fields of `BigShotView` it reads, with the same values, but
every colour's cash (the playout drew it: what a seat could not see was drawn for it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.engine.actions import Action
from core.engine.playouts import Sight, state_fields

from .view import AuctionView, auction_view

if TYPE_CHECKING:
    from .state import BigShotState


class BigShotSight(Sight):
    __slots__ = ("_auction",)
    state: BigShotState
    players, seat_colours, ghost, round, phase = state_fields(
        "players", "seat_colours", "ghost", "round", "phase"
    )
    broker, spaces, owners, settled, loans = state_fields(
        "broker", "spaces", "owners", "settled", "loans"
    )

    def __init__(self, state: BigShotState, seat: int, legal: Sequence[Action]) -> None:
        super().__init__(state, seat, legal)
        self._auction: AuctionView | None | bool = False  # False: not worked out yet

    @property
    def auction(self) -> AuctionView | None:
        if self._auction is False:
            self._auction = auction_view(self.state)
        assert self._auction is not True
        return self._auction

    def shown_cash(self, colour: int) -> int:
        return self.state.ledger.balances[colour]

    @property
    def lots(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.state.lots)

    @property
    def to_place(self) -> tuple[int, ...]:
        return tuple(self.state.to_place)
