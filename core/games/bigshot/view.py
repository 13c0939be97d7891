"""What one seat (or a spectator) may see of a Big Shot game.

In the hidden-money variant other colours' cash and their money history are absent from the
view, not merely unrendered. Bids and loans stay public, as they are at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from core.engine.actions import Action
from core.engine.events import Event, named
from core.engine.ledger import Transfer
from core.engine.views import Seated, Upto, ViewSchema, view_dataclass, view_of

from .actions import CODEC
from .board import COLOURS, LOAN_DEBT
from .phases import OVER, LoanQuestion
from .scoring import BigShotResult, score
from .sentences import SENTENCES

if TYPE_CHECKING:
    from .state import BigShotState


@view_dataclass
class AuctionView:
    cubes: tuple[int, ...]
    high: int
    high_bidder: int | None
    bidder: int
    passed: tuple[int, ...]
    minimum: int
    bidders: tuple[int, ...]  # in bidding order
    acted: tuple[int, ...]  # who has bid or passed already
    free_to: int | None  # who takes the cubes free if nobody bids


@view_dataclass
class BigShotView(Seated):
    viewer: int | None
    players: tuple[str, ...]
    seat_colours: tuple[tuple[int, ...], ...]
    ghost: int
    hidden_money: bool
    loan_window: str
    when_short: bool  # the option: loans only on your bid, when you cannot raise it
    loan_order: tuple[int, ...]  # who is asked about loans before the auction, in turn
    loan_turn: int
    round: int
    phase: str
    roller: int
    to_act: tuple[int, ...]
    version: int
    broker: int
    spaces: tuple[tuple[int, ...], ...]
    lots: tuple[tuple[int, ...], ...]
    owners: tuple[int, ...]
    settled: tuple[bool, ...]
    retired: tuple[int, ...]  # each colour's cubes taken off settled lots
    cash: tuple[int | None, ...]  # per colour; None where hidden from this viewer (or the ghost)
    loans: tuple[int, ...]
    borrowed_this_round: tuple[bool, ...]
    auction: AuctionView | None
    winner: int
    price: int
    to_place: tuple[int, ...]
    ledger: Sequence[Transfer]
    legal: tuple[Action, ...]
    result: BigShotResult | None
    events: Sequence[Event]  # as they were when the view was made, read only if asked
    # (owners, balances, loans) at the end of every round (none while money is hidden)
    round_ends: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]

    DERIVED: ClassVar[tuple[str, ...]] = ("log",)  # in its JSON too

    @cached_property
    def log(self) -> tuple[str, ...]:
        """The events in sentences."""
        return tuple(map(SENTENCES.text, self.events))

    @cached_property
    def worth_history(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's balance at the end of every round (empty while money is hidden)."""
        return tuple(
            tuple(s.total for s in score(self.seat_colours, *snapshot))
            for snapshot in self.round_ends
        )

    def debt(self, colour: int) -> int:
        return LOAN_DEBT * self.loans[colour]

    def shown_cash(self, colour: int) -> int:
        """A colour's cash that this view shows (a player's own, say); ValueError if hidden."""
        cash = self.cash[colour]
        if cash is None:
            raise ValueError(f"this view hides the cash of colour {colour}")
        return cash


def auction_view(state: BigShotState) -> AuctionView | None:
    """The auction under way as everyone sees it; None between auctions."""
    auction = state.auction
    if auction is None:
        return None
    return AuctionView(
        cubes=state.spaces[state.broker],
        high=auction.high,
        high_bidder=auction.high_bidder,
        bidder=auction.bidder,
        passed=auction.passed(),
        minimum=auction.minimum,
        bidders=auction.bidders,
        acted=auction.have_acted(),
        free_to=auction.free_to,
    )


def make_view(state: BigShotState, seat: int | None, hindsight: bool = False) -> BigShotView:
    """What `seat` (None: a spectator) sees; with `hindsight`, all the money as well, as once
    the game is over."""
    over = hindsight or state.stage == OVER
    balances = state.ledger.balances
    if state.hidden and not over:
        mine = state.seat_colours[seat] if seat is not None else ()
        cash = tuple([balances[c] if c in mine else None for c in range(len(COLOURS))])
        ledger = Upto(state.ledger.entries, lambda t: t.source in mine or t.target in mine)
    else:
        cash = tuple(balances[: len(COLOURS)])
        if state.ghost >= 0:  # the ghost has no money
            cash = cash[: state.ghost] + (None,) + cash[state.ghost + 1 :]
        ledger = Upto(state.ledger.entries)
    top = state.top()
    question = top if isinstance(top, LoanQuestion) else None
    return view_of(
        BigShotView,
        state.FIELDS.show(
            state,
            {
                "viewer": seat,
                "players": state.players,
                "hidden_money": state.hidden,
                "loan_order": question.order if question else (),
                "loan_turn": question.asked if question else 0,
                "round": state.round,
                "phase": state.phase,
                "roller": state.turn,
                "to_act": state.to_act(),
                "version": state.version,
                "cash": cash,
                "borrowed_this_round": tuple([r == state.round for r in state.loan_round]),
                "auction": auction_view(state),
                "winner": state.winner,
                "price": state.price,
                "ledger": ledger,
                "legal": tuple(state.legal_actions(seat)) if seat is not None else (),
                "result": state.result(),
                "events": Upto(state.events, show=named),
                "round_ends": tuple(state.round_ends) if (over or not state.hidden) else (),
            },
        ),
    )


SCHEMA = ViewSchema(BigShotView, CODEC, ())
