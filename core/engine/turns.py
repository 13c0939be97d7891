"""What every game built on a stack of decisions shares: whose move it is (the top frame's seat,
else the player whose turn it is), money moved through the ledger, events said, the order of
bidding round the table, and the end of the game with its winners.

A game mixing this in has `players`, `n`, `ledger`, `events`, `round`, `turn`, `stage`, `stack`,
`active`, `winners` and `end_reason`; its stage is OVER once the game has ended.
"""

from __future__ import annotations

from collections.abc import Sequence

from .decisions import Frame
from .events import Event
from .game import Result

OVER = "over"


class StackedTurns:
    __slots__ = ()

    def cash(self, seat: int) -> int:
        return self.ledger.balances[seat]

    def is_over(self) -> bool:
        return self.stage == OVER

    def actor(self) -> int | None:
        """Who must act now: the top frame's seat, else the player whose turn it is."""
        if self.stage == OVER:
            return None
        return self.stack[-1].seat if self.stack else self.turn

    def to_act(self) -> tuple[int, ...]:
        seat = self.actor()
        return () if seat is None else (seat,)

    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    def _order_from(self, first: int) -> tuple[int, ...]:
        """The players still in, starting with `first` and going to the left."""
        return tuple(s for s in ((first + i) % self.n for i in range(self.n)) if self.active[s])

    def _pay(self, source: int, target: int, amount: int, reason: str) -> None:
        if amount:
            self.ledger.transfer(self.round, source, target, amount, reason)

    def _say(self, kind: str, *args) -> None:
        """Record what happened: an event of `kind` (the game's sentences name its fields)."""
        self.events.append(Event(self.round, kind, args))

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.stage = OVER
        self.stack = []
        self.winners = winners
        names = " and ".join(self.players[s] for s in winners)
        self.end_reason = f"{names} {'wins' if len(winners) == 1 else 'share the win'}: {reason}."
        self._say("game-over", self.end_reason)

    def _finish_by(self, worth: Sequence[int], reason: str) -> None:
        """The game ends: the players still in with the most `worth` (one figure a seat) win."""
        best = max(w for w, playing in zip(worth, self.active) if playing)
        self._finish(tuple(s for s in range(self.n) if self.active[s] and worth[s] == best),
                     reason)

    def _result(self, worth: Sequence[int]) -> Result | None:
        """The result once over: the winners, and each player's `worth` (0 when out)."""
        if self.stage != OVER:
            return None
        return Result(self.winners, tuple(w if playing else 0
                                          for w, playing in zip(worth, self.active)),
                      self.end_reason)
