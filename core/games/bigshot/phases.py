"""Big Shot's round: its phases, the decisions it stacks (core.engine.decisions), when loans
may be taken, and the bank's account.

A round is the roller's turn (the stage ROLL) and, once the die is rolled, the decisions on
the stack: the loan question (hidden money), the auction of the broker's cubes, the payment
(with two colours), and the placing of the cubes, which ends the round.
"""

from dataclasses import dataclass
from typing import ClassVar

from core.engine.decisions import AuctionLot, Frame

from .board import COLOURS

ROLL, LOANS, BID, PAY, PLACE, OVER = "roll", "loans", "bid", "pay", "place", "over"

# When a player may take a loan (see docs/rulings.md): decided once per game from the options.
ANY_TIME = "any_time"  # open money, 3-4 players: any time during the round
WHEN_SHORT = "when_short"  # option: only on your bid, when you cannot raise
BEFORE_AUCTION = "before_auction"  # hidden money: asked in turn before the bidding starts
BEFORE_FIRST_BID = "before_first_bid"  # 2 players: before your own first bid of the auction

BANK = len(COLOURS)  # the bank's account in the ledger, after the colours'


@dataclass(slots=True)
class LoanQuestion(Frame):
    """Hidden money: before the bidding, each player in bidding `order` is asked in turn
    whether they take a loan; `asked` is the place in it of the one asked now."""

    kind: ClassVar[str] = LOANS
    order: tuple[int, ...]
    asked: int

    @property
    def seat(self) -> int:
        return self.order[self.asked]


@dataclass(slots=True)
class CubeAuction(AuctionLot):
    """The cubes on the broker's space, auctioned round the table."""

    kind: ClassVar[str] = BID


@dataclass(slots=True)
class Payment(Frame):
    """`winner`, with two colours that can each pay `price`, chooses which pays."""

    kind: ClassVar[str] = PAY
    winner: int
    price: int

    @property
    def seat(self) -> int:
        return self.winner


@dataclass(slots=True)
class CubesToPlace(Frame):
    """`winner` places the cubes bought for `price` (0: taken free) on the city's lots."""

    kind: ClassVar[str] = PLACE
    winner: int
    price: int

    @property
    def seat(self) -> int:
        return self.winner
