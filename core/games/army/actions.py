"""The Army game's actions. Squares are board indices; decks are 0 (Combat) and 1 (Training)."""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.actions import Action, ActionCodec

from .board import SQUARES
from .cards import DECK_NAMES


def _simple(kind: str, text: str):
    @dataclass(frozen=True, slots=True)
    class Simple(Action):
        def __str__(self) -> str:
            return text

    Simple.kind = kind
    return Simple


Roll = _simple("roll", "throw the dice")
EndTurn = _simple("end", "end your turn")
Buy = _simple("buy", "buy it")
Decline = _simple("decline", "decline (it goes to auction)")
Pass = _simple("pass", "pass")
PayFine = _simple("fine", "pay £50 to leave Prison")
Accept = _simple("accept", "accept the offer")
Reject = _simple("reject", "reject the offer")
PayTen = _simple("pay-ten", "pay the £10 fine")
TakeCombat = _simple("take-combat", "take a Combat card")
LiftMortgage = _simple("lift", "lift the mortgage now")
KeepMortgage = _simple("keep", "keep it mortgaged")
Bankrupt = _simple("bankrupt", "declare bankruptcy")
for _cls, _name in ((Roll, "Roll"), (EndTurn, "EndTurn"), (Buy, "Buy"), (Decline, "Decline"),
                    (Pass, "Pass"), (PayFine, "PayFine"), (Accept, "Accept"), (Reject, "Reject"),
                    (PayTen, "PayTen"), (TakeCombat, "TakeCombat"), (LiftMortgage, "LiftMortgage"),
                    (KeepMortgage, "KeepMortgage"), (Bankrupt, "Bankrupt")):
    _cls.__name__ = _cls.__qualname__ = _name


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int
    kind = "bid"

    def __str__(self) -> str:
        return f"bid £{self.amount}"


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    deck: int
    kind = "use-card"

    def __str__(self) -> str:
        return f"use your {DECK_NAMES[self.deck]} Get out of Prison free card"


def _on(verb: str, kind: str):
    @dataclass(frozen=True, slots=True)
    class OnSquare(Action):
        square: int

        def __str__(self) -> str:
            return f"{verb} {SQUARES[self.square].name}"

    OnSquare.kind = kind
    return OnSquare


Build = _on("build on", "build")
Sell = _on("sell a building on", "sell")
Mortgage = _on("mortgage", "mortgage")
Unmortgage = _on("lift the mortgage on", "unmortgage")
Place = _on("put the building on", "place")
for _cls, _name in ((Build, "Build"), (Sell, "Sell"), (Mortgage, "Mortgage"),
                    (Unmortgage, "Unmortgage"), (Place, "Place")):
    _cls.__name__ = _cls.__qualname__ = _name


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """An offer to `partner`: what the proposer gives and what they ask for in return."""

    partner: int
    give: tuple[int, ...] = ()  # deeds (squares)
    give_cash: int = 0
    give_cards: tuple[int, ...] = ()  # Get-out cards, by deck
    get: tuple[int, ...] = ()
    get_cash: int = 0
    get_cards: tuple[int, ...] = ()
    kind = "propose"

    def __str__(self) -> str:
        return f"offer {describe(self.give, self.give_cash, self.give_cards)} " \
               f"for {describe(self.get, self.get_cash, self.get_cards)}"


def describe(deeds: tuple[int, ...], cash: int, cards: tuple[int, ...]) -> str:
    parts = [SQUARES[s].name for s in deeds]
    parts += [f"a {DECK_NAMES[d]} Get-out card" for d in cards]
    if cash:
        parts.append(f"£{cash}")
    return ", ".join(parts) or "nothing"


CODEC = ActionCodec(Roll, EndTurn, Buy, Decline, Pass, PayFine, Accept, Reject, PayTen,
                    TakeCombat, LiftMortgage, KeepMortgage, Bankrupt, Bid, UseCard, Build, Sell,
                    Mortgage, Unmortgage, Place, Propose)
