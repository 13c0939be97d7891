"""Big Shot's round in names: its phases, when loans may be taken, and the bank's account."""

from .board import COLOURS

ROLL, LOANS, BID, PAY, PLACE, OVER = "roll", "loans", "bid", "pay", "place", "over"

# When a player may take a loan (see docs/rulings.md): decided once per game from the options.
ANY_TIME = "any_time"  # open money, 3-4 players: any time during the round
WHEN_SHORT = "when_short"  # option: only on your bid, when you cannot raise
BEFORE_AUCTION = "before_auction"  # hidden money: asked in turn before the bidding starts
BEFORE_FIRST_BID = "before_first_bid"  # 2 players: before your own first bid of the auction

BANK = len(COLOURS)  # the bank's account in the ledger, after the colours'
