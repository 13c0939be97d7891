"""Stadium's actions. Lots and buildings are named by their ids, cards by their index in CARDS,
a facing by its index in FACINGS (0 as pictured, 1 turned half way round, 2 and 3 a quarter turn,
for square cards)."""

from __future__ import annotations

from dataclasses import dataclass

from core.engine.actions import Action, ActionCodec, Offer, action_class

from .board import CARD_INDEX, CARDS, LOTS
from .placement import FACINGS, SIDES


def lot_name(lot: int) -> str:
    crown = LOTS[lot].crown if 0 <= lot < len(LOTS) else 0
    return f"Crown lot {crown}" if crown else f"lot {lot}"


def card_name(card: int) -> str:
    """A building card as a sentence names it: "a Home", "an Office Building"."""
    name = CARDS[card].name
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


# how a field reads in an action's text
READABLE = {
    "lot": lot_name,
    "card": card_name,
    "building": lambda v: f"#{v}",
    "facing": lambda v: (
        f"facing {SIDES[FACINGS[v]]}" if v in range(len(FACINGS)) else f"facing {v}"
    ),
}


def _action(name: str, kind: str, text: str, *fields: str) -> type[Action]:
    return action_class(name, kind, text, *fields, module=__name__, readable=READABLE)


Roll = _action("Roll", "roll", "roll the die")
EndTurn = _action("EndTurn", "end", "end your turn")
BuyLot = _action("BuyLot", "buy-lot", "buy {lot}", "lot")
NoLand = _action("NoLand", "no-land", "buy no land")
BuyBuilding = _action(
    "BuyBuilding",
    "buy-building",
    "buy the Bank's building {building} with the land under it",
    "building",
)
DrawCrown = _action("DrawCrown", "draw-crown", "turn up an Auction card")
DrawVenture = _action("DrawVenture", "draw-venture", "pick a Venture card")
Bid = _action("Bid", "bid", "bid ${amount:,}", "amount")
Pass = _action("Pass", "pass", "pass")
Build = _action(
    "Build",
    "build",
    "build {card} at row {row}, column {col}, {facing}",
    "card",
    "row",
    "col",
    "facing",
)
Demolish = _action("Demolish", "demolish", "demolish building {building}", "building")
AuctionLand = _action("AuctionLand", "auction-land", "auction your land in {lot}", "lot")
AuctionBuilding = _action(
    "AuctionBuilding", "auction-building", "auction your building {building}", "building"
)
Bankrupt = _action("Bankrupt", "bankrupt", "declare bankruptcy")
Speculate = _action(
    "Speculate", "speculate", "buy {lot} from its owner at the Speculator's price", "lot", "seller"
)
Accept = _action("Accept", "accept", "accept the offer")
Reject = _action("Reject", "reject", "reject the offer")


@dataclass(frozen=True, slots=True)
class Propose(Offer):
    """An offer to `partner`: land (the holder's undeveloped part of each lot), buildings (with
    the land under them) and cash, each way."""

    partner: int
    give_lots: tuple[int, ...] = ()
    give_buildings: tuple[int, ...] = ()
    give_cash: int = 0
    get_lots: tuple[int, ...] = ()
    get_buildings: tuple[int, ...] = ()
    get_cash: int = 0
    kind = "propose"

    @property
    def gives(self) -> str:
        """What the proposer hands over, for a player to read."""
        return describe(self.give_lots, self.give_buildings, self.give_cash)

    @property
    def asks(self) -> str:
        """What the proposer asks for in return."""
        return describe(self.get_lots, self.get_buildings, self.get_cash)

    def __str__(self) -> str:
        return f"offer {self.gives} for {self.asks}"


def describe(lots: tuple[int, ...], buildings: tuple[int, ...], cash: int) -> str:
    parts = [lot_name(lot) for lot in lots] + [f"building #{b}" for b in buildings]
    if cash:
        parts.append(f"${cash:,}")
    return ", ".join(parts) or "nothing"


def build_at(card: str, row: int, col: int, facing: str = "S") -> Action:
    """The Build action of a card (by id) at a spot, facing "S", "N", "E" or "W"."""
    return Build(CARD_INDEX[card], row, col, FACINGS.index(facing))


CODEC = ActionCodec(
    Roll,
    EndTurn,
    BuyLot,
    NoLand,
    BuyBuilding,
    DrawCrown,
    DrawVenture,
    Bid,
    Pass,
    Build,
    Demolish,
    AuctionLand,
    AuctionBuilding,
    Bankrupt,
    Speculate,
    Accept,
    Reject,
    Propose,
)
