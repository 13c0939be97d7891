"""Big Shot's actions. Instances are interned: `bid(7)` always returns the same object."""

from collections.abc import Callable, Mapping
from functools import cache
from typing import ClassVar

from core.engine.actions import Action, ActionCodec, action

from .board import COLOURS, LOTS


class BigShotAction(Action):
    """A Big Shot action: a colour and a lot read by name."""

    __slots__ = ()
    READABLE: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "colour": COLOURS.__getitem__,
        "lot": lambda v: LOTS[v].name,
    }


@action("roll", "roll the die")
class Roll(BigShotAction): ...


@action("bid", "bid {amount}")
class Bid(BigShotAction):
    amount: int


@action("pass", "pass")
class Pass(BigShotAction): ...


@action("loan", "take a loan for {colour}")
class TakeLoan(BigShotAction):
    colour: int


@action("no-loan", "no (more) loans this round")
class NoMoreLoans(BigShotAction): ...


@action("pay", "pay with {colour}")
class PayWith(BigShotAction):
    colour: int


@action("place", "place {colour} on {lot}")
class Place(BigShotAction):
    colour: int
    lot: int


ROLL = Roll()
PASS = Pass()
NO_MORE_LOANS = NoMoreLoans()


MAX_BID = 200  # far above any colour's possible cash (10 + 45 from nine loans)
BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))


def bid(amount: int) -> Bid:
    return BIDS[amount] if 0 <= amount <= MAX_BID else Bid(amount)


@cache
def take_loan(colour: int) -> TakeLoan:
    return TakeLoan(colour)


LOAN_OFFERS = tuple((take_loan(colour),) for colour in range(len(COLOURS)))  # one colour's loan


@cache
def pay_with(colour: int) -> PayWith:
    return PayWith(colour)


PLACES: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(colour, lot) for lot in range(len(LOTS))) for colour in range(len(COLOURS))
)


def place(colour: int, lot: int) -> Place:
    return PLACES[colour][lot]


# per set of settled lots, the placements left (at most one entry for each of the 8,192 sets)
_OPEN_PLACES: dict[tuple[bool, ...], tuple[tuple[Place, ...], ...]] = {}


def open_places(
    settled: tuple[bool, ...],
    before: tuple[tuple[Place, ...], ...] = PLACES,
) -> tuple[tuple[Place, ...], ...]:
    """Per colour, the placements on the lots not `settled`: those of `before` (the placements
    when fewer were settled) on open lots, made once for each set of settled lots."""
    places = _OPEN_PLACES.get(settled)
    if places is None:
        places = _OPEN_PLACES[settled] = tuple(
            tuple(p for p in row if not settled[p.lot]) for row in before
        )
    return places


CODEC = ActionCodec(Roll, Bid, Pass, TakeLoan, NoMoreLoans, PayWith, Place)
