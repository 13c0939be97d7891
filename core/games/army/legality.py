"""Army's legal actions and the reasons for refusing others: what each situation (the top
frame, else the turn's stage) admits, listed in a fixed order, and a reason a person can read
for anything else (army_001.txt). Selling, mortgaging, building and lifting come out of the
deeds' rules already legal (deeds.py); every other candidate is checked by its own rule."""

from __future__ import annotations

from core.engine.chance import TWO_DICE, Chance
from core.engine.decisions import Frame
from core.engine.errors import NOT_YOUR_TURN

from . import actions as A
from .board import PRISON_FINE, SQUARES
from .cards import CARD_FINE
from .frames import (
    ANSWERS,
    AUCTION,
    BUY,
    CHOICE,
    DEBT,
    END,
    LIFT,
    OVER,
    PLACE,
    ROLL,
    TRADE,
    WANT,
)

# the answers to the common situations, made once
THROW, END_TURN = A.Roll(), A.EndTurn()
PRISON_ANSWERS = (THROW, A.PayFine(), A.UseCard(0), A.UseCard(1))  # in Prison, at one's turn
ANSWERS_MADE = {
    BUY: (A.Buy(), A.Decline()),
    CHOICE: (A.PayTen(), A.TakeCombat()),
    DEBT: (A.Bankrupt(),),
    TRADE: (A.Accept(), A.Reject()),
    LIFT: (A.LiftMortgage(), A.KeepMortgage()),
}


class LegalityRules:
    """Legal actions and reasons, for ArmyState (whose fields they read)."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> tuple:
        """The answers to what the game waits for that their own rules allow, in a fixed
        order, with building, selling, mortgaging and lifting mortgages where they may be done
        (those come out of the deeds' rules legal already: `_managing`, `_raising`)."""
        if seat != self.actor():
            return ()
        frame = self.top()
        kind = frame.kind if frame else self.stage
        if kind == ROLL and self.prison_turn[seat] < 0:  # the throw, which nothing forbids
            return (THROW, *self._managing(seat))
        if kind == END:
            return (END_TURN,) if self.jailed else (END_TURN, *self._managing(seat))
        why_not = self._why_not  # each answers this situation: only its own rule is asked
        answers = tuple(
            [a for a in self._answers(seat, kind, frame) if why_not(seat, a, frame) is None]
        )
        if kind == ROLL:
            return answers + self._managing(seat)
        if kind == PLACE:  # a building to put down
            return answers
        if kind == DEBT:
            return self._raising(seat) + answers
        return answers + self._raising(seat)

    def _answers(self, seat: int, kind: str, frame: Frame | None) -> tuple:
        """The answers to what the game waits for (`kind`), each still to be checked (the
        throw out of Prison and the end of a turn are answered in `legal_actions`)."""
        if kind == ROLL:  # in Prison
            return PRISON_ANSWERS
        if kind == AUCTION:
            auction = frame.auction
            steps = {
                auction.minimum,
                auction.minimum + 9,
                auction.minimum + 49,
                auction.minimum + 99,
            }
            if frame.square >= 0:
                steps.add(max(auction.minimum, SQUARES[frame.square].price))
            return (*(A.Bid(amount) for amount in sorted(steps)), A.Pass())
        if kind == PLACE:
            return tuple(A.Place(s) for s in self.deeds_of(seat))
        if kind == WANT:
            return tuple(A.Want(n) for n in range(frame.least, frame.most + 1))
        return ANSWERS_MADE[kind]

    def may_act(self, seat: int) -> bool:
        return seat == self.actor()

    def chance_after(self, seat: int, action) -> Chance | None:
        return TWO_DICE if type(action) is A.Roll else None

    def why_illegal(self, seat: int, action) -> str | None:
        if self.stage == OVER:
            return "the game is over"
        if seat != self.actor():
            return NOT_YOUR_TURN
        frame = self.top()
        kind = frame.kind if frame else self.stage
        cls = type(action)
        if kind == END and self.jailed and cls is not A.EndTurn:
            return "sent to Prison, your turn ends there: end it"
        if cls is A.Propose:
            return self._why_no_offer(seat, action, kind)
        if cls in (A.Sell, A.Mortgage):  # "at any time" (army_001.txt): whenever you are asked
            if kind == PLACE:  # a building bought at auction needs its site as it is
                return "put your building on one of your sites first"
            return (
                self._why_no_sale(seat, action.square)
                if cls is A.Sell
                else self._why_no_mortgage(seat, action.square)
            )
        if cls in (A.Build, A.Unmortgage):
            if kind not in (ROLL, END):  # in your turn, what it waits for comes first
                return (
                    self._what_now(kind)
                    if seat == self.turn
                    else "you can build or lift mortgages only in your own turn"
                )
            return (
                self._why_no_build(seat, action.square)
                if cls is A.Build
                else self._why_no_unmortgage(seat, action.square)
            )
        if cls not in ANSWERS[kind]:
            return self._what_now(kind)
        return self._why_not(seat, action, frame)

    def _what_now(self, kind: str) -> str:
        return {
            ROLL: "throw the dice first",
            END: "your throw is done: end your turn",
            BUY: "decide whether to buy this deed first",
            AUCTION: "bid or pass first",
            CHOICE: f"pay the £{CARD_FINE:,} fine or take a Combat card first",
            DEBT: "you owe money: raise it first",
            TRADE: "answer the offer first",
            LIFT: "decide on the mortgage first",
            PLACE: "put your building on one of your sites first",
            WANT: "say how many of the buildings you want first",
        }[kind]

    def _why_not(self, seat: int, action, frame: Frame | None) -> str | None:
        cls = type(action)
        cash = self.cash(seat)
        if cls is A.PayFine:
            if self.prison_turn[seat] < 0:
                return "you are not in Prison"
            if self.prison_turn[seat] >= 2:
                return "on your third turn in Prison you throw first, then pay if no doubles"
            if cash < PRISON_FINE:
                return f"the fine is £{PRISON_FINE:,}: raise the money first"
        elif cls is A.UseCard:
            if self.prison_turn[seat] < 0:
                return "you are not in Prison"
            if action.deck not in (0, 1) or self.card_holder[action.deck] != seat:
                return "you do not hold that Get out of Prison free card"
        elif cls is A.Buy:
            price = SQUARES[frame.square].price
            if cash < price:
                return (
                    f"it costs £{price:,} and you have £{cash:,}: "
                    "mortgage or sell first, or decline"
                )
        elif cls is A.Bid:
            auction = frame.auction
            if action.amount < auction.minimum:
                return f"the lowest bid now is £{auction.minimum:,}"
            if action.amount > cash:
                return f"you have only £{cash:,}"
        elif cls is A.Bankrupt:
            if self.max_raise(seat) >= frame.amount:
                return "you can still raise the money: sell buildings, mortgage or trade"
        elif cls is A.Accept:
            return self._why_no_exchange(frame.offer, frame.proposer)
        elif cls is A.LiftMortgage:
            if cash < SQUARES[frame.square].mortgage:
                return f"lifting costs £{SQUARES[frame.square].mortgage:,}"
        elif cls is A.Place:
            if action.square not in self._buildable(seat, frame.piece):
                return "you cannot put that building there (even building, complete group)"
        elif cls is A.Want:
            if not frame.least <= action.count <= frame.most:
                return f"say a number from {frame.least} to {frame.most}"
        return None
