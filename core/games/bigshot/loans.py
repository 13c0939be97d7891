"""Big Shot's loans: when one may be taken (open money: any time in the round, or only when
short; hidden money: asked in turn before the bidding; two players: before one's first bid),
at most MAX_LOANS a colour, each adding its debt to the final reckoning (docs/rulings.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .board import LOAN_DEBT, MAX_LOANS, loan_payout
from .phases import (
    ANY_TIME,
    BANK,
    BEFORE_AUCTION,
    BEFORE_FIRST_BID,
    OVER,
    WHEN_SHORT,
    CubeAuction,
    LoanQuestion,
)

if TYPE_CHECKING:
    from .state import BigShotState


def can_borrow(state: BigShotState, colour: int) -> bool:
    """Whether the loan rules (not counting when) allow `colour` a loan now."""
    return state.loan_round[colour] != state.round and state.loans[colour] < MAX_LOANS


def loan_allowed_now(state: BigShotState, seat: int, colour: int) -> bool:
    if (
        state.loan_round[colour] == state.round
        or state.loans[colour] >= MAX_LOANS
        or state.stage == OVER
    ):
        return False
    window = state.loan_window
    if window == ANY_TIME:
        return True
    top = state.top()
    if window == BEFORE_AUCTION:
        return isinstance(top, LoanQuestion) and state.current == seat
    if not isinstance(top, CubeAuction) or top.auction.bidder != seat:
        return False
    if window == BEFORE_FIRST_BID and top.auction.has_acted(seat):
        return False
    if state.when_short:
        return state.cash(colour) < top.auction.minimum
    return True


def loan_actions(state: BigShotState, seat: int) -> tuple[A.TakeLoan, ...]:
    if state.loan_window != ANY_TIME and state.current != seat:
        return ()
    colours = state.seat_colours[seat]
    if len(colours) == 1:
        return A.LOAN_OFFERS[colours[0]] if loan_allowed_now(state, seat, colours[0]) else ()
    return tuple(A.take_loan(c) for c in colours if loan_allowed_now(state, seat, c))


def why_no_loan(state: BigShotState, seat: int, colour: int) -> str | None:
    if colour not in state.seat_colours[seat]:
        return "you can only borrow for your own colour"
    if state.loans[colour] >= MAX_LOANS:
        return f"no more than {MAX_LOANS} loans per colour"
    if state.loan_round[colour] == state.round:
        return "only one loan per colour each round"
    if not loan_allowed_now(state, seat, colour):
        return {
            BEFORE_AUCTION: "with hidden money, loans are asked for before the bidding",
            BEFORE_FIRST_BID: "a loan must be taken before your first bid this auction",
            WHEN_SHORT: "a loan only on your bid, when you cannot raise it",
        }.get(state.loan_window, "no loan now")
    return None


def ask_for_loans(state: BigShotState, order: tuple[int, ...], first: int) -> None:
    """Ask the first player from place `first` in bidding `order` who can still borrow whether
    they take a loan; when nobody is left to ask, the bidding starts."""
    for asked in range(first, len(order)):
        if any(can_borrow(state, c) for c in state.seat_colours[order[asked]]):
            state.stack.append(LoanQuestion(order, asked))
            return
    state._open_auction(order)


def next_loan_request(state: BigShotState) -> None:
    """The one asked is done: ask the next player who can still borrow, or start the bidding."""
    question = state.answered(LoanQuestion)
    ask_for_loans(state, question.order, question.asked + 1)


def lend(state: BigShotState, colour: int) -> None:
    state.loans[colour] += 1
    state.loan_round[colour] = state.round
    payout = loan_payout(state.loans[colour])
    state.ledger.transfer(state.round, BANK, colour, payout, f"loan {state.loans[colour]}")
    state._say("takes-loan", state.names[colour], payout, LOAN_DEBT * state.loans[colour])
    top = state.top()
    if isinstance(top, LoanQuestion) and not any(
        can_borrow(state, c) for c in state.seat_colours[top.seat]
    ):
        next_loan_request(state)
