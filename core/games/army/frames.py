"""The Army turn's vocabulary: the base stages, the frames stacked above them (the kit's
decisions and Army's own) and what answers each, and small sums the rules, views and screens
share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from core.engine.decisions import (
    AuctionLot,
    BankSale,
    BuyOrDecline,
    Debt,
    Frame,
    HowMany,
    Placement,
    TradeOffer,
)
from core.engine.turns import OVER as OVER  # the stage once over, for this game's modules

from . import actions as A
from .board import SQUARES_COUNT

ROLL, END = "roll", "end"  # the current player's stage when nothing is pending


@dataclass(slots=True)
class FineOrCard(Frame):
    """A card's choice: pay the fine, or take a Combat card instead."""

    kind: ClassVar[str] = "choice"
    chooser: int

    @property
    def seat(self) -> int:
        return self.chooser


@dataclass(slots=True)
class LiftOrKeep(Frame):
    """A mortgaged deed just received: lift its mortgage now, or keep it mortgaged."""

    kind: ClassVar[str] = "lift"
    owner: int
    square: int

    @property
    def seat(self) -> int:
        return self.owner


# effect frames: they run by themselves when they reach the top of the stack
@dataclass(slots=True)
class Move(Frame):
    """A move still to make (after a debt the throw raised is settled)."""

    kind: ClassVar[str] = "move"
    mover: int
    steps: int


@dataclass(slots=True)
class Settle(Frame):
    """A throw fully resolved: where the token rests is counted (landing statistics)."""

    kind: ClassVar[str] = "settle"
    mover: int


@dataclass(slots=True)
class Shortage(Frame):
    """A build that may exhaust the bank's stock: `wants` collects ((seat, how many), ...) as
    each player able to build announces it."""

    kind: ClassVar[str] = "shortage"
    builder: int
    square: int
    piece: str
    wants: tuple[tuple[int, int], ...] = ()


# every frame an Army stack may hold (an auction appears in views as the view's AuctionView)
FRAMES = (
    BuyOrDecline,
    AuctionLot,
    FineOrCard,
    Debt,
    TradeOffer,
    LiftOrKeep,
    Placement,
    HowMany,
    Move,
    Settle,
    BankSale,
    Shortage,
)
BUY, AUCTION, CHOICE, DEBT, TRADE, LIFT, PLACE, WANT = (
    BuyOrDecline.kind,
    AuctionLot.kind,
    FineOrCard.kind,
    Debt.kind,
    TradeOffer.kind,
    LiftOrKeep.kind,
    Placement.kind,
    HowMany.kind,
)
STORE, BARRACKS_PIECE = "Ammo Store", "Barracks"
MAX_PROPOSALS = 3  # trade offers (counter-offers included) a player may make in one turn
SHORT_GAME_ROUNDS = 30  # the short game's round limit when none is given
IN_PRISON = SQUARES_COUNT  # the landing-statistics slot of throws that end in Prison
# the actions (other than selling, mortgaging, building and offers) that answer each situation
ANSWERS = {
    ROLL: (A.Roll, A.PayFine, A.UseCard),
    END: (A.EndTurn,),
    BUY: (A.Buy, A.Decline),
    AUCTION: (A.Bid, A.Pass),
    CHOICE: (A.PayTen, A.TakeCombat),
    DEBT: (A.Bankrupt,),
    TRADE: (A.Accept, A.Reject),
    LIFT: (A.LiftMortgage, A.KeepMortgage),
    PLACE: (A.Place,),
    WANT: (A.Want,),
}


def pieces(count: int, piece: str) -> str:
    """'1 Ammo Store', '3 Ammo Stores', '2 Barracks'."""
    return f"{count} {piece}{'s' if count != 1 and piece == STORE else ''}"


def interest(mortgage: int) -> int:
    """10% of a mortgage, rounded up to the pound (docs/rulings.md)."""
    return (mortgage + 9) // 10
