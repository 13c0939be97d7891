"""The Army game's actions. Squares are board indices; decks are 0 (Combat) and 1 (Training)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from core.engine.actions import Action, ActionCodec, Offer, action

from .board import SQUARES
from .cards import DECK_NAMES


class ArmyAction(Action):
    """An Army action: a square reads as its name, a deck as its name."""

    __slots__ = ()
    READABLE: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "square": lambda v: SQUARES[v].name,
        "deck": lambda v: DECK_NAMES[v],
    }


@action("roll", "throw the dice")
class Roll(ArmyAction): ...


@action("end", "end your turn")
class EndTurn(ArmyAction): ...


@action("buy", "buy it")
class Buy(ArmyAction): ...


@action("decline", "decline (it goes to auction)")
class Decline(ArmyAction): ...


@action("pass", "pass")
class Pass(ArmyAction): ...


@action("fine", "pay £50 to leave Prison")
class PayFine(ArmyAction): ...


@action("accept", "accept the offer")
class Accept(ArmyAction): ...


@action("reject", "reject the offer")
class Reject(ArmyAction): ...


@action("pay-ten", "pay the fine")
class PayTen(ArmyAction): ...


@action("take-combat", "take a Combat card")
class TakeCombat(ArmyAction): ...


@action("lift", "lift the mortgage now")
class LiftMortgage(ArmyAction): ...


@action("keep", "keep it mortgaged")
class KeepMortgage(ArmyAction): ...


@action("bankrupt", "declare bankruptcy")
class Bankrupt(ArmyAction): ...


@action("build", "build on {square}")
class Build(ArmyAction):
    square: int


@action("sell", "sell a building on {square}")
class Sell(ArmyAction):
    square: int


@action("mortgage", "mortgage {square}")
class Mortgage(ArmyAction):
    square: int


@action("unmortgage", "lift the mortgage on {square}")
class Unmortgage(ArmyAction):
    square: int


@action("place", "put the building on {square}")
class Place(ArmyAction):
    square: int


@action("want", "want {count} of the buildings the bank is short of")
class Want(ArmyAction):
    count: int


@action("bid", "bid £{amount:,}")
class Bid(ArmyAction):
    amount: int


@action("use-card", "use your {deck} Get out of Prison free card")
class UseCard(ArmyAction):
    deck: int


# One instance of each action on a square, made once: listing legal actions makes none.
SELLS, MORTGAGES, BUILDS, UNMORTGAGES = (
    tuple(cls(s) for s in range(len(SQUARES))) for cls in (Sell, Mortgage, Build, Unmortgage)
)


@dataclass(frozen=True, slots=True)
class Propose(Offer):
    """An offer to `partner`: what the proposer gives and what they ask for in return."""

    partner: int
    give: tuple[int, ...] = ()  # deeds (squares)
    give_cash: int = 0
    give_cards: tuple[int, ...] = ()  # Get-out cards, by deck
    get: tuple[int, ...] = ()
    get_cash: int = 0
    get_cards: tuple[int, ...] = ()
    kind = "propose"

    @property
    def gives(self) -> str:
        """What the proposer hands over, for a player to read."""
        return describe(self.give, self.give_cash, self.give_cards)

    @property
    def asks(self) -> str:
        """What the proposer asks for in return."""
        return describe(self.get, self.get_cash, self.get_cards)

    def __str__(self) -> str:
        return f"offer {self.gives} for {self.asks}"


def describe(deeds: tuple[int, ...], cash: int, cards: tuple[int, ...]) -> str:
    parts = [SQUARES[s].name for s in deeds]
    parts += [f"a {DECK_NAMES[d]} Get-out card" for d in cards]
    if cash:
        parts.append(f"£{cash:,}")
    return ", ".join(parts) or "nothing"


CODEC = ActionCodec(
    Roll,
    EndTurn,
    Buy,
    Decline,
    Pass,
    PayFine,
    Accept,
    Reject,
    PayTen,
    TakeCombat,
    LiftMortgage,
    KeepMortgage,
    Bankrupt,
    Bid,
    UseCard,
    Build,
    Sell,
    Mortgage,
    Unmortgage,
    Place,
    Propose,
    Want,
)
