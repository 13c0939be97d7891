"""The Army game's actions. Squares are board indices; decks are 0 (Combat) and 1 (Training)."""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.actions import Action, ActionCodec, Offer, action_class

from .board import SQUARES
from .cards import DECK_NAMES

# how a field reads in an action's text: a square by its name, a deck by its name
READABLE = {"square": lambda v: SQUARES[v].name, "deck": lambda v: DECK_NAMES[v]}


def _action(name: str, kind: str, text: str, *fields: str) -> type[Action]:
    return action_class(name, kind, text, *fields, module=__name__, readable=READABLE)


Roll = _action("Roll", "roll", "throw the dice")
EndTurn = _action("EndTurn", "end", "end your turn")
Buy = _action("Buy", "buy", "buy it")
Decline = _action("Decline", "decline", "decline (it goes to auction)")
Pass = _action("Pass", "pass", "pass")
PayFine = _action("PayFine", "fine", "pay £50 to leave Prison")
Accept = _action("Accept", "accept", "accept the offer")
Reject = _action("Reject", "reject", "reject the offer")
PayTen = _action("PayTen", "pay-ten", "pay the fine")
TakeCombat = _action("TakeCombat", "take-combat", "take a Combat card")
LiftMortgage = _action("LiftMortgage", "lift", "lift the mortgage now")
KeepMortgage = _action("KeepMortgage", "keep", "keep it mortgaged")
Bankrupt = _action("Bankrupt", "bankrupt", "declare bankruptcy")
Build = _action("Build", "build", "build on {square}", "square")
Sell = _action("Sell", "sell", "sell a building on {square}", "square")
Mortgage = _action("Mortgage", "mortgage", "mortgage {square}", "square")
Unmortgage = _action("Unmortgage", "unmortgage", "lift the mortgage on {square}", "square")
Place = _action("Place", "place", "put the building on {square}", "square")
Want = _action("Want", "want", "want {count} of the buildings the bank is short of", "count")


Bid = _action("Bid", "bid", "bid £{amount:,}", "amount")
UseCard = _action("UseCard", "use-card", "use your {deck} Get out of Prison free card", "deck")


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
