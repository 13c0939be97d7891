"""The open ascending auction: bidders in a fixed rotation, strictly rising bids, a pass is final.

Big Shot, Army and Stadium all auction this way. The auction knows nothing about money: the game
decides what a bidder can afford and offers only those bids.
"""

from __future__ import annotations


class OpenAuction:
    __slots__ = (
        "bidders",
        "turn",
        "bidder",
        "high",
        "high_bidder",
        "minimum",
        "active",
        "acted",
        "step",
        "finished",
        "free_to",
    )

    def __init__(
        self, bidders: tuple[int, ...], opening: int = 1, step: int = 1, free_to: int | None = None
    ) -> None:
        self.bidders = bidders
        self.turn = 0
        self.bidder = bidders[0]  # the seat whose turn it is to bid or pass
        self.high = 0
        self.high_bidder: int | None = None
        self.minimum = opening  # the smallest bid that may be made now
        self.active = [True] * len(bidders)
        self.acted = [False] * len(bidders)
        self.step = step
        self.finished = False  # everyone passed, or all but the high bidder did
        # A seat that takes the lot free once every other bidder has passed without a bid
        # (Big Shot's roller); with None, the last one left may still bid.
        self.free_to = free_to

    def copy(self) -> OpenAuction:
        clone = OpenAuction.__new__(OpenAuction)
        for name in OpenAuction.__slots__:
            setattr(clone, name, getattr(self, name))
        clone.active = self.active[:]
        clone.acted = self.acted[:]
        return clone

    def has_acted(self, seat: int) -> bool:
        return self.acted[self.bidders.index(seat)]

    def passed(self) -> tuple[int, ...]:
        """The bidders who have passed, in bidding order."""
        return tuple(b for b, on in zip(self.bidders, self.active) if not on)

    def have_acted(self) -> tuple[int, ...]:
        """The bidders who have bid or passed, in bidding order."""
        return tuple(b for b, done in zip(self.bidders, self.acted) if done)

    @classmethod
    def resume(
        cls,
        bidders: tuple[int, ...],
        bidder: int,
        high: int,
        high_bidder: int | None,
        minimum: int,
        passed: tuple[int, ...],
        acted: tuple[int, ...],
        step: int = 1,
        free_to: int | None = None,
    ) -> OpenAuction:
        """The auction as far as it has gone, from what everyone at the table saw of it."""
        auction = cls(bidders, minimum, step, free_to)
        auction.high, auction.high_bidder = high, high_bidder
        auction.turn, auction.bidder = bidders.index(bidder), bidder
        auction.active = [b not in passed for b in bidders]
        auction.acted = [b in acted for b in bidders]
        return auction

    def bid(self, amount: int) -> None:
        self.high = amount
        self.high_bidder = self.bidder
        self.minimum = amount + self.step
        self.acted[self.turn] = True
        self._advance()

    def pass_(self) -> None:
        self.active[self.turn] = False
        self.acted[self.turn] = True
        self._advance()

    def _advance(self) -> None:
        remaining = self.active.count(True)
        last = self.free_to if self.high_bidder is None else self.high_bidder
        if remaining == 0 or (
            remaining == 1 and last is not None and self.active[self.bidders.index(last)]
        ):
            self.finished = True
            return
        n = len(self.bidders)
        turn = self.turn
        for _ in range(n):
            turn = (turn + 1) % n
            if self.active[turn]:
                self.turn = turn
                self.bidder = self.bidders[turn]
                return
