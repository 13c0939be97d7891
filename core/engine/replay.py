"""A game's record, looked at move by move: the state after any number of its actions."""

from __future__ import annotations

from .game import GameState
from .record import Record

CHECKPOINT_EVERY = 64  # actions between two kept states


class Replay:
    """The states a record passes through. A state is kept every CHECKPOINT_EVERY actions (an
    Army game of 700 actions keeps 11), so any position is at most that many steps away."""

    def __init__(self, record: Record) -> None:
        """RecordError if the record does not replay."""
        self.record = record
        self.length = len(record.actions)
        self._checkpoints: list[GameState] = []
        self.rounds: list[int] = []  # the round at each position, for jumping a round at a time

        def visit(moves: int, state: GameState) -> None:
            self.rounds.append(state.round)
            if moves % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(state.copy())

        self.finished = record.replay(visit).is_over()  # else a save of a game still running

    def state_at(self, moves: int) -> GameState:
        """The state after the record's first `moves` actions (clamped to the record)."""
        moves = max(0, min(moves, self.length))
        base = moves - moves % CHECKPOINT_EVERY
        state = self._checkpoints[base // CHECKPOINT_EVERY].copy()
        for seat, action in self.record.actions[base:moves]:
            state.step_listed(seat, action)  # checked when the record was first replayed
        return state

    def round_start(self, moves: int, rounds: int) -> int:
        """The first position of the round `rounds` on from the one at `moves`; back, when
        negative, where the first step back is to the start of the round at `moves` itself
        (as a player's "previous" goes). The game's end when there is no such round."""
        moves = max(0, min(moves, self.length))
        here = self.rounds[moves]
        if rounds < 0 and moves > self._first_of(here):
            rounds += 1
        return self._first_of(here + rounds)

    def _first_of(self, round_: int) -> int:
        return next((n for n, r in enumerate(self.rounds) if r >= round_), self.length)
