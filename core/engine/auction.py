"""The open ascending auction: bidders in a fixed rotation, strictly rising bids, a pass is final.

Big Shot, Army and Stadium all auction this way. The auction knows nothing about money: the game
decides what a bidder can afford and offers only those bids.
"""


class OpenAuction:
    __slots__ = ("bidders", "turn", "high", "high_bidder", "active", "acted", "opening", "step",
                 "finished")

    def __init__(self, bidders: tuple[int, ...], opening: int = 1, step: int = 1) -> None:
        self.bidders = bidders
        self.turn = 0
        self.high = 0
        self.high_bidder: int | None = None
        self.active = [True] * len(bidders)
        self.acted = [False] * len(bidders)
        self.opening = opening
        self.step = step
        self.finished = False  # everyone passed, or all but the high bidder did

    def copy(self) -> "OpenAuction":
        clone = OpenAuction.__new__(OpenAuction)
        clone.bidders = self.bidders
        clone.turn = self.turn
        clone.high = self.high
        clone.high_bidder = self.high_bidder
        clone.active = self.active[:]
        clone.acted = self.acted[:]
        clone.opening = self.opening
        clone.step = self.step
        clone.finished = self.finished
        return clone

    @property
    def bidder(self) -> int:
        """The seat whose turn it is to bid or pass."""
        return self.bidders[self.turn]

    @property
    def minimum(self) -> int:
        """The smallest bid that may be made now."""
        return self.opening if self.high_bidder is None else self.high + self.step

    def has_acted(self, seat: int) -> bool:
        return self.acted[self.bidders.index(seat)]

    def has_passed(self, seat: int) -> bool:
        return not self.active[self.bidders.index(seat)]

    def bid(self, amount: int) -> None:
        self.high = amount
        self.high_bidder = self.bidders[self.turn]
        self.acted[self.turn] = True
        self._advance()

    def pass_(self) -> None:
        self.active[self.turn] = False
        self.acted[self.turn] = True
        self._advance()

    def _advance(self) -> None:
        remaining = self.active.count(True)
        if remaining == 0 or (remaining == 1 and self.high_bidder is not None
                              and self.active[self.bidders.index(self.high_bidder)]):
            self.finished = True
            return
        n = len(self.bidders)
        turn = self.turn
        for _ in range(n):
            turn = (turn + 1) % n
            if self.active[turn]:
                self.turn = turn
                return
