"""Big Shot's loans: when one may be taken (open money: any time in the round, or only when
short; hidden money: asked in turn before the bidding; two players: before one's first bid),
at most MAX_LOANS a colour, each adding its debt to the final reckoning (RULINGS.md)."""

from __future__ import annotations

from . import actions as A
from .board import LOAN_DEBT, MAX_LOANS
from .phases import ANY_TIME, BANK, BEFORE_AUCTION, BEFORE_FIRST_BID, BID, LOANS, OVER, WHEN_SHORT


class LoanRules:
    """The rules of borrowing, for BigShotState (whose fields they read)."""

    __slots__ = ()

    def can_borrow(self, colour: int) -> bool:
        """Whether the loan rules (not counting when) allow `colour` a loan now."""
        return self.loan_round[colour] != self.round and self.loans[colour] < MAX_LOANS

    def loan_allowed_now(self, seat: int, colour: int) -> bool:
        if (
            self.loan_round[colour] == self.round
            or self.loans[colour] >= MAX_LOANS
            or self.phase == OVER
        ):
            return False
        window = self.loan_window
        if window == ANY_TIME:
            return True
        if window == BEFORE_AUCTION:
            return self.phase == LOANS and self.current == seat
        if self.phase != BID or self.auction.bidder != seat:
            return False
        if window == BEFORE_FIRST_BID and self.auction.has_acted(seat):
            return False
        if self.when_short:
            return self.cash(colour) < self.auction.minimum
        return True

    def _loan_actions(self, seat: int) -> tuple:
        if self.loan_window != ANY_TIME and self.current != seat:
            return ()
        colours = self.seat_colours[seat]
        if len(colours) == 1:
            return A.LOAN_OFFERS[colours[0]] if self.loan_allowed_now(seat, colours[0]) else ()
        return tuple(A.take_loan(c) for c in colours if self.loan_allowed_now(seat, c))

    def _why_no_loan(self, seat: int, colour: int) -> str | None:
        if colour not in self.seat_colours[seat]:
            return "you can only borrow for your own colour"
        if self.loans[colour] >= MAX_LOANS:
            return f"no more than {MAX_LOANS} loans per colour"
        if self.loan_round[colour] == self.round:
            return "only one loan per colour each round"
        if not self.loan_allowed_now(seat, colour):
            return {
                BEFORE_AUCTION: "with hidden money, loans are asked for before the bidding",
                BEFORE_FIRST_BID: "a loan must be taken before your first bid this auction",
                WHEN_SHORT: "a loan only on your bid, when you cannot raise it",
            }.get(self.loan_window, "no loan now")
        return None

    def _next_loan_request(self) -> None:
        """Move the loan question to the next seat that can still borrow, or start the bidding."""
        while True:
            self.loan_turn += 1
            if self.loan_turn == len(self.loan_order):
                self._open_auction(self.loan_order)
                return
            seat = self.loan_order[self.loan_turn]
            if any(self.can_borrow(c) for c in self.seat_colours[seat]):
                return

    def _lend(self, colour: int) -> None:
        self.loans[colour] += 1
        self.loan_round[colour] = self.round
        payout = LOAN_DEBT - self.loans[colour]
        self.ledger.transfer(self.round, BANK, colour, payout, f"loan {self.loans[colour]}")
        self._say("takes-loan", self.names[colour], payout, LOAN_DEBT * self.loans[colour])
        if self.phase == LOANS and not any(
            self.can_borrow(c) for c in self.seat_colours[self.current]
        ):
            self._next_loan_request()
