"""Stadium's actions. Lots and buildings are named by their ids, cards by their index in CARDS,
a facing by its index in FACINGS (0 as pictured, 1 turned half way round, 2 and 3 a quarter turn,
for square cards)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from core.engine.actions import Action, ActionCodec, Offer, action

from .board import CARD_INDEX, CARDS, LOTS
from .placement import FACINGS, SIDES


def lot_name(lot: int) -> str:
    crown = LOTS[lot].crown if 0 <= lot < len(LOTS) else 0
    return f"Crown lot {crown}" if crown else f"lot {lot}"


def card_name(card: int) -> str:
    """A building card as a sentence names it: "a Home", "an Office Building"."""
    name = CARDS[card].name
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


class StadiumAction(Action):
    """A Stadium action: a lot, a card, a building and a facing read as a player names them."""

    __slots__ = ()
    READABLE: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "lot": lot_name,
        "card": card_name,
        "building": lambda v: f"#{v}",
        "facing": lambda v: (
            f"facing {SIDES[FACINGS[v]]}" if v in range(len(FACINGS)) else f"facing {v}"
        ),
    }


@action("roll", "roll the die")
class Roll(StadiumAction): ...


@action("end", "end your turn")
class EndTurn(StadiumAction): ...


@action("buy-lot", "buy {lot}")
class BuyLot(StadiumAction):
    lot: int


@action("no-land", "buy no land")
class NoLand(StadiumAction): ...


@action("buy-building", "buy the Bank's building {building} with the land under it")
class BuyBuilding(StadiumAction):
    building: int


@action("draw-crown", "turn up an Auction card")
class DrawCrown(StadiumAction): ...


@action("draw-venture", "pick a Venture card")
class DrawVenture(StadiumAction): ...


@action("bid", "bid ${amount:,}")
class Bid(StadiumAction):
    amount: int


@action("pass", "pass")
class Pass(StadiumAction): ...


@action("build", "build {card} at row {row}, column {col}, {facing}")
class Build(StadiumAction):
    card: int
    row: int
    col: int
    facing: int


@action("demolish", "demolish building {building}")
class Demolish(StadiumAction):
    building: int


@action("auction-land", "auction your land in {lot}")
class AuctionLand(StadiumAction):
    lot: int


@action("auction-building", "auction your building {building}")
class AuctionBuilding(StadiumAction):
    building: int


@action("bankrupt", "declare bankruptcy")
class Bankrupt(StadiumAction): ...


@action("speculate", "buy {lot} from its owner at the Speculator's price")
class Speculate(StadiumAction):
    lot: int
    seller: int


@action("accept", "accept the offer")
class Accept(StadiumAction): ...


@action("reject", "reject the offer")
class Reject(StadiumAction): ...


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
