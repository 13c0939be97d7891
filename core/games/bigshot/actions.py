"""Big Shot's actions. Instances are interned: `bid(7)` always returns the same object."""

from dataclasses import dataclass
from functools import cache

from core.engine.actions import Action, ActionCodec

from .board import COLOURS, LOTS


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"

    def __str__(self) -> str:
        return "roll the die"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int
    kind = "bid"

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    colour: int
    kind = "loan"

    def __str__(self) -> str:
        return f"take a loan for {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class NoMoreLoans(Action):
    kind = "no-loan"

    def __str__(self) -> str:
        return "no (more) loans this round"


@dataclass(frozen=True, slots=True)
class PayWith(Action):
    colour: int
    kind = "pay"

    def __str__(self) -> str:
        return f"pay with {COLOURS[self.colour]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    colour: int
    lot: int
    kind = "place"

    def __str__(self) -> str:
        return f"place {COLOURS[self.colour]} on {LOTS[self.lot].name}"


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
