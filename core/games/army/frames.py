"""The Army turn's vocabulary: the base stages, the frames stacked above them and what answers
each, and small sums the rules, views and screens share."""

from __future__ import annotations

from . import actions as A
from .board import SQUARES_COUNT

ROLL, END, OVER = "roll", "end", "over"  # the current player's stage when nothing is pending
# decision frames: (BUY, seat, square) (AUCTION, auction, square, piece) (CHOICE, seat)
# (DEBT, debtor, creditor, amount, reason) (TRADE, proposer, offer) (LIFT, seat, square)
# (PLACE, seat, piece) (WANT, seat, piece, least, most)
BUY, AUCTION, CHOICE, DEBT, TRADE, LIFT, PLACE, WANT = (
    "buy", "auction", "choice", "debt", "trade", "lift", "place", "want")
# effect frames: (MOVE, seat, steps) (SETTLE, seat) (BANK_SALE, squares)
# (SHORTAGE, builder, square, piece, wants): wants is ((seat, how many), ...) as announced
MOVE, SETTLE, BANK_SALE, SHORTAGE = "move", "settle", "bank-sale", "shortage"
EFFECTS = (MOVE, SETTLE, BANK_SALE, SHORTAGE)
STORE, BARRACKS_PIECE = "Ammo Store", "Barracks"
PRE_CHECKED = (A.Sell, A.Mortgage, A.Build, A.Unmortgage)  # listed only when legal (_candidates)
MAX_PROPOSALS = 3  # trade offers (counter-offers included) a player may make in one turn
SHORT_GAME_ROUNDS = 30  # the short game's round limit when none is given
IN_PRISON = SQUARES_COUNT  # the landing-statistics slot of throws that end in Prison
# the actions (other than selling, mortgaging, building and offers) that answer each situation
ANSWERS = {ROLL: (A.Roll, A.PayFine, A.UseCard), END: (A.EndTurn,), BUY: (A.Buy, A.Decline),
           AUCTION: (A.Bid, A.Pass), CHOICE: (A.PayTen, A.TakeCombat), DEBT: (A.Bankrupt,),
           TRADE: (A.Accept, A.Reject), LIFT: (A.LiftMortgage, A.KeepMortgage), PLACE: (A.Place,),
           WANT: (A.Want,)}


def pieces(count: int, piece: str) -> str:
    """'1 Ammo Store', '3 Ammo Stores', '2 Barracks'."""
    return f"{count} {piece}{'s' if count != 1 and piece == STORE else ''}"


def interest(mortgage: int) -> int:
    """10% of a mortgage, rounded up to the pound (RULINGS.md)."""
    return (mortgage + 9) // 10
