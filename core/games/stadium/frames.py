"""The Stadium turn's vocabulary: the base stages, the frames stacked above them (the kit's
decisions and Stadium's own), what answers each, and the game's fixed sums."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from core.engine.decisions import AuctionLot, BankSale, Debt, Frame, TradeOffer
from core.engine.turns import OVER as OVER  # the stage once over, for this game's modules

from . import actions as A

ROLL, MAIN = "roll", "main"  # the current player's stage when nothing is pending

START_CASH = 200_000
ACRE_PRICE = 20_000  # Bank land, and undeveloped land in the final valuation
BID_STEP = 10_000  # Crown auctions and debt sales rise by this much
DEMOLITION = 10_000
CROWN, LAND, BUILDING, BANK_BUILDING = "crown", "land", "building", "bank-building"  # auctions


@dataclass(slots=True)
class LandChoice(Frame):
    """Buy one lot of Bank land in `zone` (0: any zone), or a building the Bank holds there
    with the land under it, or neither."""

    kind: ClassVar[str] = "land"
    buyer: int
    zone: int

    @property
    def seat(self) -> int:
        return self.buyer


@dataclass(slots=True)
class CrownOrVenture(Frame):
    """A five or a six while Auction cards remain: turn one up, or pick a Venture card."""

    kind: ClassVar[str] = "draw"
    drawer: int

    @property
    def seat(self) -> int:
        return self.drawer


@dataclass(slots=True)
class Speculation(Frame):
    """The Speculator card: buy another player's undeveloped lot at its price, or not."""

    kind: ClassVar[str] = "speculate"
    buyer: int
    price: int  # an acre

    @property
    def seat(self) -> int:
        return self.buyer


FRAMES = (LandChoice, CrownOrVenture, Speculation, AuctionLot, Debt, TradeOffer, BankSale)
LAND_CHOICE, DRAW, SPECULATE, AUCTION, DEBT, TRADE = (
    LandChoice.kind,
    CrownOrVenture.kind,
    Speculation.kind,
    AuctionLot.kind,
    Debt.kind,
    TradeOffer.kind,
)
# the actions that answer each situation (offers are checked by their own rule)
ANSWERS = {
    ROLL: (A.Roll,),
    MAIN: (A.Build, A.Demolish, A.EndTurn),
    LAND_CHOICE: (A.BuyLot, A.BuyBuilding, A.NoLand),
    DRAW: (A.DrawCrown, A.DrawVenture),
    SPECULATE: (A.Speculate, A.NoLand),
    AUCTION: (A.Bid, A.Pass),
    DEBT: (A.AuctionLand, A.AuctionBuilding, A.Bankrupt),
    TRADE: (A.Accept, A.Reject),
}
WHAT_NOW = {
    ROLL: "roll the die first",
    MAIN: "build, demolish, offer a trade or end your turn",
    LAND_CHOICE: "choose a lot to buy, or buy none, first",
    DRAW: "turn up an Auction card or pick a Venture card first",
    SPECULATE: "choose a lot to buy at the Speculator's price, or none, first",
    AUCTION: "bid or pass first",
    DEBT: "you owe money: auction land or buildings first",
    TRADE: "answer the offer first",
}
