"""Pending decisions, typed: what a game waits for, read by field name, never by position.

A game keeps a stack of frames above its turn's stage. A decision frame names the seat that must
answer it (`seat`); an effect frame (`BankSale`, or a game's own) runs by itself when it reaches
the top. Each
frame's `kind` is the phase a screen shows and a bot switches on. A frame is not changed once
stacked (a new one replaces it), except an auction's `OpenAuction`, which a state copies
(`Frame.copy`) when it copies itself. Views send frames as JSON (core.engine.views).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Generic, Self, TypeVar

from .actions import Offer
from .auction import OpenAuction

OfferT = TypeVar("OfferT", bound=Offer)  # a game's trade offers


@dataclass(slots=True)
class Frame:
    kind: ClassVar[str]

    @property
    def seat(self) -> int | None:
        """Who must answer: None for an effect, which runs by itself."""
        return None

    def copy(self) -> Frame:
        return self


@dataclass(slots=True)
class BuyOrDecline(Frame):
    """Buy the deed landed on at its price, or decline it (to auction, in most games)."""

    kind: ClassVar[str] = "buy"
    buyer: int
    square: int

    @property
    def seat(self) -> int:
        return self.buyer


@dataclass(slots=True)
class AuctionLot(Frame):
    """An open auction of a deed (`square`) or of a piece from the bank (`square` -1)."""

    kind: ClassVar[str] = "auction"
    auction: OpenAuction
    square: int
    piece: str = ""

    @property
    def seat(self) -> int:
        return self.auction.bidder

    def copy(self) -> Self:
        return type(self)(self.auction.copy(), self.square, self.piece)


@dataclass(slots=True)
class Debt(Frame):
    """`debtor` owes `amount` and lacks the cash: raise it, or go bankrupt to `creditor` (a
    player, or the bank's account)."""

    kind: ClassVar[str] = "debt"
    debtor: int
    creditor: int
    amount: int
    reason: str

    @property
    def seat(self) -> int:
        return self.debtor


@dataclass(slots=True)
class BankSale(Frame):
    """A bankrupt's holdings (deeds, buildings: `items`), auctioned for the bank one after
    another (an effect: core.engine.debts runs it)."""

    kind: ClassVar[str] = "bank-sale"
    items: tuple[int, ...]


@dataclass(slots=True)
class TradeOffer(Frame, Generic[OfferT]):
    """`proposer`'s offer (an action naming its `partner`) waits for the partner's answer."""

    kind: ClassVar[str] = "trade"
    proposer: int
    offer: OfferT

    @property
    def seat(self) -> int:
        return self.offer.partner


@dataclass(slots=True)
class Placement(Frame):
    """`owner` has a `piece` to put on one of their squares."""

    kind: ClassVar[str] = "place"
    owner: int
    piece: str

    @property
    def seat(self) -> int:
        return self.owner


@dataclass(slots=True)
class HowMany(Frame):
    """`asked` says how many of `piece` they want, from `least` to `most`."""

    kind: ClassVar[str] = "want"
    asked: int
    piece: str
    least: int
    most: int

    @property
    def seat(self) -> int:
        return self.asked


@dataclass(slots=True)
class AuctionView(Frame):
    """An auction as everyone at the table sees it: an `AuctionLot` as plain values (a view's
    frame while one runs)."""

    kind: ClassVar[str] = AuctionLot.kind
    square: int
    piece: str
    high: int
    high_bidder: int | None
    bidder: int
    minimum: int
    bidders: tuple[int, ...]
    passed: tuple[int, ...]
    acted: tuple[int, ...]

    @property
    def seat(self) -> int:
        return self.bidder


def seen(frame: Frame) -> Frame:
    """A frame as a view shows it: an auction's state as plain values."""
    if type(frame) is not AuctionLot:
        return frame
    auction = frame.auction
    return AuctionView(
        frame.square,
        frame.piece,
        auction.high,
        auction.high_bidder,
        auction.bidder,
        auction.minimum,
        auction.bidders,
        auction.passed(),
        auction.have_acted(),
    )


def live(frame: Frame, step: int = 1) -> Frame:
    """A view's frame as the rules keep it: an auction's state as an auction again."""
    if type(frame) is not AuctionView:
        return frame
    return AuctionLot(
        OpenAuction.resume(
            frame.bidders,
            frame.bidder,
            frame.high,
            frame.high_bidder,
            frame.minimum,
            frame.passed,
            frame.acted,
            step,
        ),
        frame.square,
        frame.piece,
    )
