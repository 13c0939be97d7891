"""The bid a person is typing at an auction: digits, arrows and backspace, before Enter sends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

if TYPE_CHECKING:  # a mixin the type checker reads as the table screen it is mixed into
    from .table import TableScreen

    _TableScreen = TableScreen
else:
    _TableScreen = object


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


# Textual gathers BINDINGS only from widget classes: a screen adds these to its own. Every key of a
# bid is a binding, digits too: a key a screen handles itself acts as it reaches the screen, a
# binding once the key has bubbled up to the app, so a Backspace and a digit arriving together
# (one SSH write) acted in the wrong order when only the digit was the screen's.
BID_BINDINGS = [  # (`+` and `-` are the table screen's keys: they come to `nudge`)
    Binding("backspace", "bid_erase", show=False),
    *(Binding(str(digit), f"bid_digit({digit})", show=False) for digit in range(10)),
]


class BidKeys(_TableScreen):
    """A table screen's keys for typing a bid: digits, + and -, Backspace.

    The screen keeps a `BidEntry` in `self.bid` and says when the viewer is bidding."""

    bid: BidEntry

    def bidding(self) -> bool:
        raise NotImplementedError

    def action_bid_digit(self, digit: int) -> None:
        if self.bidding():
            self.bid.digit(digit)
            self._bid_changed()

    def action_bid_nudge(self, delta: int) -> None:
        if self.bidding():
            self.bid.nudge(delta)
            self._bid_changed()

    def nudge(self, step: int) -> None:
        self.action_bid_nudge(step)

    def action_bid_erase(self) -> None:
        if self.bidding():
            self.bid.erase()
            self._bid_changed()

    def _bid_changed(self) -> None:
        """A refusal said of the bid before ("You cannot pay 512") no longer holds."""
        self.message = ""
        self.redraw()

    def acted(self) -> None:
        """The viewer's move went through (a mortgage in the middle of an auction, say): the
        next digit typed starts a new bid, whatever was typed before."""
        super().acted()
        self.bid.typed = False
