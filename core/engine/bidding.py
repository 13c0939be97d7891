"""Bids and passes in the open auction on top of a game's stack (an `AuctionLot` frame): said
in the log ("bids", "passes"), and the game's `_close_auction()` once the auction is over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from .actions import Action
from .decisions import AuctionLot
from .rules import Rule, Rules

if TYPE_CHECKING:
    from core.engine.turns import StackedTurns


class BidAction(Protocol):
    """A game's bid: an action with the `amount` bid."""

    @property
    def amount(self) -> int: ...


def do_Bid(state: StackedTurns[Any], seat: int, action: BidAction) -> None:
    auction = state.waiting(AuctionLot).auction
    auction.bid(action.amount)
    state._say("bids", state.players[seat], action.amount)
    if auction.finished:
        state._close_auction()


def do_Pass(state: StackedTurns[Any], seat: int, _action: Action) -> None:
    auction = state.waiting(AuctionLot).auction
    auction.pass_()
    state._say("passes", state.players[seat])
    if auction.finished:
        state._close_auction()


def add_rules(rules: Rules[Any], bid: type[Action], passing: type[Action]) -> None:
    """A game's rules play its `bid` and `passing` actions by the kit's (`bid` has the
    `amount` a `BidAction` has: a type cannot say it is an Action and a BidAction both)."""
    rules.add(bid, cast(Rule[Any, Action], do_Bid))
    rules.add(passing, do_Pass)
