"""Army's legal actions and the reasons for refusing others: what each situation (the top
frame, else the turn's stage) admits, listed in a fixed order, and a reason a person can read
for anything else (the Army rulebook). Selling, mortgaging, building and lifting come out of the
deeds' rules already legal (estates.py); every other candidate is checked by its own rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine.actions import Action
from core.engine.chance import TWO_DICE, Chance
from core.engine.decisions import (
    AuctionLot,
    BuyOrDecline,
    Debt,
    Frame,
    HowMany,
    Placement,
    TradeOffer,
)
from core.engine.errors import NOT_YOUR_TURN

from . import actions as A
from . import estates, trading
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
    LiftOrKeep,
)

if TYPE_CHECKING:
    from .state import ArmyState

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


def legal_actions(state: ArmyState, seat: int) -> tuple[Action, ...]:
    """The answers to what the game waits for that their own rules allow, in a fixed
    order, with building, selling, mortgaging and lifting mortgages where they may be done
    (those come out of the deeds' rules legal already: `_managing`, `_raising`)."""
    if seat != state.actor():
        return ()
    frame = state.top()
    kind = frame.kind if frame else state.stage
    if kind == ROLL and state.prison_turn[seat] < 0:  # the throw, which nothing forbids
        return (THROW, *estates.managing(state, seat))
    if kind == END:
        return (END_TURN,) if state.jailed else (END_TURN, *estates.managing(state, seat))
    # each answers this situation: only its own rule is asked
    answers = tuple(
        [
            a
            for a in answers_to(state, seat, kind, frame)
            if why_not_answer(state, seat, a, frame) is None
        ]
    )
    if kind == ROLL:
        return answers + estates.managing(state, seat)
    if kind == PLACE:  # a building to put down
        return answers
    if kind == DEBT:
        return estates.raising(state, seat) + answers
    return answers + estates.raising(state, seat)


def answers_to(state: ArmyState, seat: int, kind: str, frame: Frame | None) -> tuple[Action, ...]:
    """The answers to what the game waits for (`kind`, `frame`), each still to be checked
    (the throw out of Prison and the end of a turn are answered in `legal_actions`)."""
    if kind == ROLL:  # in Prison
        return PRISON_ANSWERS
    if isinstance(frame, AuctionLot):
        amounts = bid_amounts(frame.auction.minimum, frame.square)
        return (*(A.Bid(amount) for amount in amounts), A.Pass())
    if isinstance(frame, Placement):
        return tuple(A.Place(s) for s in state.deeds_of(seat))
    if isinstance(frame, HowMany):
        return tuple(A.Want(n) for n in range(frame.least, frame.most + 1))
    return ANSWERS_MADE[kind]


def bid_amounts(minimum: int, square: int) -> list[int]:
    """The bids offered in an auction whose lowest bid now is `minimum`, in order: that, £9,
    £49 and £99 more, and for a deed (`square` >= 0) its price if higher (cash aside)."""
    steps = {minimum, minimum + 9, minimum + 49, minimum + 99}
    if square >= 0:
        steps.add(max(minimum, SQUARES[square].price))
    return sorted(steps)


def may_act(state: ArmyState, seat: int) -> bool:
    return seat == state.actor()


def chance_after(state: ArmyState, seat: int, action: Action) -> Chance | None:
    return TWO_DICE if type(action) is A.Roll else None


def why_illegal(state: ArmyState, seat: int, action: Action) -> str | None:
    if state.stage == OVER:
        return "the game is over"
    if seat != state.actor():
        return NOT_YOUR_TURN
    frame = state.top()
    kind = frame.kind if frame else state.stage
    if kind == END and state.jailed and not isinstance(action, A.EndTurn):
        return "sent to Prison, your turn ends there: end it"
    if isinstance(action, A.Propose):
        return trading.why_no_offer(state, seat, action, kind)
    if isinstance(action, (A.Sell, A.Mortgage)):  # "at any time" (the Army rulebook): when asked
        if kind == PLACE:  # a building bought at auction needs its site as it is
            return "put your building on one of your sites first"
        return (
            estates.why_no_sale(state, seat, action.square)
            if isinstance(action, A.Sell)
            else estates.why_no_mortgage(state, seat, action.square)
        )
    if isinstance(action, (A.Build, A.Unmortgage)):
        if kind not in (ROLL, END):  # in your turn, what it waits for comes first
            return (
                what_now(state, kind)
                if seat == state.turn
                else "you can build or lift mortgages only in your own turn"
            )
        return (
            estates.why_no_build(state, seat, action.square)
            if isinstance(action, A.Build)
            else estates.why_no_unmortgage(state, seat, action.square)
        )
    if type(action) not in ANSWERS[kind]:
        return what_now(state, kind)
    return why_not_answer(state, seat, action, frame)


def what_now(state: ArmyState, kind: str) -> str:
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


def why_not_answer(state: ArmyState, seat: int, action: Action, frame: Frame | None) -> str | None:
    """Why `action`, one of the answers to `frame` (or to the turn's stage), may not be played."""
    cash = state.cash(seat)
    if isinstance(action, A.PayFine):
        if state.prison_turn[seat] < 0:
            return "you are not in Prison"
        if state.prison_turn[seat] >= 2:
            return "on your third turn in Prison you throw first, then pay if no doubles"
        if cash < PRISON_FINE:
            return f"the fine is £{PRISON_FINE:,}: raise the money first"
    elif isinstance(action, A.UseCard):
        if state.prison_turn[seat] < 0:
            return "you are not in Prison"
        if action.deck not in (0, 1) or state.card_holder[action.deck] != seat:
            return "you do not hold that Get out of Prison free card"
    elif isinstance(action, A.Buy) and isinstance(frame, BuyOrDecline):
        price = SQUARES[frame.square].price
        if cash < price:
            return f"it costs £{price:,} and you have £{cash:,}: mortgage or sell first, or decline"
    elif isinstance(action, A.Bid) and isinstance(frame, AuctionLot):
        auction = frame.auction
        if action.amount < auction.minimum:
            return f"the lowest bid now is £{auction.minimum:,}"
        if action.amount > cash:
            return f"you have only £{cash:,}"
    elif isinstance(action, A.Bankrupt) and isinstance(frame, Debt):
        if state.max_raise(seat) >= frame.amount:
            return "you can still raise the money: sell buildings, mortgage or trade"
    elif isinstance(action, A.Accept) and isinstance(frame, TradeOffer):
        return trading.why_no_exchange(state, frame.offer, frame.proposer)
    elif isinstance(action, A.LiftMortgage) and isinstance(frame, LiftOrKeep):
        if cash < SQUARES[frame.square].mortgage:
            return f"lifting costs £{SQUARES[frame.square].mortgage:,}"
    elif isinstance(action, A.Place) and isinstance(frame, Placement):
        if action.square not in estates.buildable(state, seat, frame.piece):
            return "you cannot put that building there (even building, complete group)"
    elif isinstance(action, A.Want) and isinstance(frame, HowMany):
        if not frame.least <= action.count <= frame.most:
            return f"say a number from {frame.least} to {frame.most}"
    return None
