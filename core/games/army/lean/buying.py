"""Buying in the lean game: a deed the bank holds is bought where the bot stops on it, or
goes to the open auction, every bid the bot's (`bots.HeuristicBot`: a deed is worth more to
it where it completes its group, or blocks another player's)."""

from __future__ import annotations

from core.engine.auction import OpenAuction

from ..board import GROUP_OF
from ..bots import BLOCKING, COMPLETING
from ..legality import bid_amounts
from .table import PRICE, LeanArmy


def completes(game: LeanArmy, seat: int, square: int) -> bool:
    """Whether holding `square` gives `seat` its whole group."""
    owner = game.owner
    return all(owner[s] == seat or s == square for s in GROUP_OF[square])


def deed_worth(game: LeanArmy, seat: int, square: int) -> int:
    """What `square` is worth to the bot at `seat` (`HeuristicBot._deed_worth`): more if
    it completes its group, or blocks another player's."""
    if completes(game, seat, square):
        return COMPLETING[square]
    owner = game.owner
    others = {owner[s] for s in GROUP_OF[square] if s != square and owner[s] >= 0}
    if len(others) == 1 and seat not in others and completes(game, others.pop(), square):
        return BLOCKING[square]
    return PRICE[square]


def offered(game: LeanArmy, seat: int, square: int) -> None:
    """`seat` stops on an unowned deed: buys it, or it goes to auction."""
    cash, price = game.cash[seat], PRICE[square]
    worth = deed_worth(game, seat, square)
    style = game.styles[seat]
    if cash >= price and cash - price >= min(
        game.reserve(seat), worth - price + style.reserve // 2
    ):
        game.pay(seat, game.bank, price)
        take(game, square, seat)
    else:
        auction_off(game, square, game.order_after(seat))


def take(game: LeanArmy, square: int, seat: int) -> None:
    """A deed the bank held goes to `seat`."""
    game.owner[square] = seat
    game.unowned -= 1
    game.known_estates[seat] = None
    game.assets[seat] += PRICE[square]


def auction_off(game: LeanArmy, square: int, bidders: tuple[int, ...]) -> None:
    """The open auction (`core.engine.auction.OpenAuction`), every bid the bot's."""
    auction = OpenAuction(bidders)
    while not auction.finished:
        amount = bid(game, auction.bidder, square, auction)
        if amount:
            auction.bid(amount)
        else:
            auction.pass_()
    winner = auction.high_bidder
    if winner is not None:
        game.pay(winner, game.bank, auction.high)
        take(game, square, winner)


def bid(game: LeanArmy, seat: int, square: int, auction: OpenAuction) -> int:
    """The bot's bid (0: it passes): up to the deed's worth to it, keeping half its
    reserve; opening at half of that, then raising by a fifth (`HeuristicBot._bid`)."""
    cash, high, high_bidder = game.cash[seat], auction.high, auction.high_bidder
    limit = min(deed_worth(game, seat, square), cash - game.reserve(seat) // 2)
    bids = [a for a in bid_amounts(auction.minimum, square) if a <= cash and a <= limit]
    if not bids or high_bidder == seat:
        return 0
    target = limit // 2 if high_bidder is None else high + max(10, high // 5)
    return max((b for b in bids if b <= target), default=bids[0])
