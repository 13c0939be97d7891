"""The bid a person is typing at an auction: digits, arrows and backspace, before Enter sends it."""

from __future__ import annotations

from textual import events
from textual.binding import Binding


class BidEntry:
    def __init__(self, most: int) -> None:
        self.most = most  # the largest amount that can be typed
        self.amount = 0
        self.typed = False  # keys pressed since the bid was last reset

    def reset(self, amount: int) -> None:
        """Start again from `amount` (the lowest bid allowed now); the next digit replaces it."""
        self.amount, self.typed = amount, False

    def digit(self, digit: int) -> None:
        self.amount = digit if not self.typed else min(self.amount * 10 + digit, self.most)
        self.typed = True

    def nudge(self, delta: int) -> None:
        self.amount = max(0, min(self.most, self.amount + delta))
        self.typed = True

    def erase(self) -> None:
        self.amount //= 10
        self.typed = True


# Textual gathers BINDINGS only from widget classes: a screen adds these to its own.
BID_BINDINGS = [
    Binding("plus,equals_sign", "bid_nudge(1)", show=False),
    Binding("minus", "bid_nudge(-1)", show=False),
    Binding("backspace", "bid_erase", show=False),
]


class BidKeys:
    """A table screen's keys for typing a bid: digits, + and -, Backspace.

    The screen keeps a `BidEntry` in `self.bid` and says when the viewer is bidding."""

    bid: BidEntry

    def bidding(self) -> bool:
        raise NotImplementedError

    def action_bid_nudge(self, delta: int) -> None:
        if self.bidding():
            self.bid.nudge(delta)
            self.redraw()

    def action_bid_erase(self) -> None:
        if self.bidding():
            self.bid.erase()
            self.redraw()

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character in "0123456789" and self.bidding() \
                and not self.has_class("-too-small"):
            self.bid.digit(int(event.character))
            event.stop()
            self.redraw()
