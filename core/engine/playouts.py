"""Positions played on to the end by bots: how a searching bot weighs a move and the post-game
analysis a player's chance of winning.

A game gives its `Playouts`: how a full state is drawn from what a seat sees (`determinize`:
hidden money, deck orders and the dice to come differ from one draw to the next), the bot that
plays every seat, and how far a playout runs (a game whose bots play for hundreds of rounds is
cut there and won, as at its round limit, by the richest).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bots import play_out
from .game import GameState, Result
from .rng import Rng


@dataclass(frozen=True)
class Playouts:
    determinize: Callable[[Any, int | None, Rng], GameState]
    bot: Callable[[int], Any]  # the bot of every seat, from its seed
    horizon: int = 0  # rounds a playout runs at most (0: to the game's end)

    def world(self, view: Any, seat: int | None, rng: Rng) -> Any:
        """A full state consistent with `view`, as `seat` sees it, ending `horizon` rounds on."""
        state: Any = self.determinize(view, seat, rng)
        if self.horizon:
            end = view.round + self.horizon
            state.round_limit = min(state.round_limit, end) if state.round_limit else end
        return state

    def play(self, state: GameState, seed: int, seats: int) -> Result:
        """`state` played on in place to its end, the bot of each of its `seats` seeded from
        `seed`; how it came out."""
        play_out(state, [self.bot(seed + seat) for seat in range(seats)])
        result = state.result()
        assert result is not None  # play_out plays to the end
        return result


def win_shares(result: Result, seats: int) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for the winner, split in a tie, 0 for the others (and
    for everyone in a game nobody won)."""
    share = 1 / len(result.winners) if result.winners else 0.0
    return tuple(share if seat in result.winners else 0.0 for seat in range(seats))
