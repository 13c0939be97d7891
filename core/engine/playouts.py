"""Positions played on to the end by bots: how a searching bot weighs a move and the post-game
analysis a player's chance of winning.

A game gives its `Playouts`: how a full state is drawn from what a seat sees (`determinize`:
hidden money, deck orders and the dice to come differ from one draw to the next), the bot that
plays every seat, and how far a playout runs (a game whose bots play for hundreds of rounds is
cut there and won, as at its round limit, by the richest). A game whose bot reads a view may
give a `Sight` too: what the bot reads, straight from the state the playout owns, so that a
playout never copies a view at every decision that nobody is shown. A game may give its rules
written `lean` for its playout bots as well (Army's `lean` package): the same moves without legal
lists, frames or a log, the engine playing on wherever they stop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from .actions import Action
from .bots import SightOf, play_out
from .game import GameState, Result
from .rng import Rng


class Sight:
    """What a playout's bot reads at a seat's decision in place of the seat's view: the view's
    fields that bot reads, each read from the state when asked (a game's subclass names them,
    with the view's names and values; `state_fields` reads those the state holds as they
    are). The playout owns the state, so nothing hidden reaches a bot that the playout did not
    draw for it."""

    __slots__ = ("state", "seat", "legal")

    def __init__(self, state: Any, seat: int, legal: Sequence[Action]) -> None:
        self.state, self.seat, self.legal = state, seat, legal

    @property
    def viewer(self) -> int:
        return self.seat


def state_fields(*names: str) -> tuple[Any, ...]:
    """A `Sight`'s properties, one for each of `names`: the state's field of that name, as it
    is (read in C: a property of our own, or a `__getattr__`, costs a playout 2 to 6 times as
    much a read)."""
    return tuple(property(attrgetter("state." + name)) for name in names)


@dataclass(frozen=True)
class Playouts:
    determinize: Callable[[Any, int | None, Rng], GameState]
    bot: Callable[[int], Any]  # the bot of every seat, from its seed
    horizon: int = 0  # rounds a playout runs at most (0: to the game's end)
    sight: SightOf | None = None  # what the bot reads in place of a view (None: the view)
    # lean(state, bots, sight): the game's rules written lean for its playout bots, playing
    # `state` on as the engine would, move for move; True if it reached the end, else it
    # leaves the state where it stopped, for the engine to play on
    lean: Callable[[Any, Sequence[Any], SightOf | None], bool] | None = None

    def world(self, view: Any, seat: int | None, rng: Rng) -> Any:
        """A full state consistent with `view`, as `seat` sees it, ending `horizon` rounds on."""
        state: Any = self.determinize(view, seat, rng)
        if self.horizon:
            end = view.round + self.horizon
            state.round_limit = min(state.round_limit, end) if state.round_limit else end
        return state

    def play(
        self,
        state: GameState,
        seed: int,
        seats: int,
        bots: Mapping[int, Callable[[int], Any]] = MappingProxyType({}),
    ) -> Result:
        """`state` played on in place to its end, the bot of each of its `seats` seeded from
        `seed` (the playout bot, or the one `bots` names for that seat); how it came out."""
        players = [bots.get(seat, self.bot)(seed + seat) for seat in range(seats)]
        if self.lean is None or not self.lean(state, players, self.sight):
            play_out(state, players, sight=self.sight)
        result = state.result()
        assert result is not None  # play_out plays to the end
        return result


def win_shares(result: Result, seats: int) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for the winner, split in a tie, 0 for the others (and
    for everyone in a game nobody won)."""
    share = 1 / len(result.winners) if result.winners else 0.0
    return tuple(share if seat in result.winners else 0.0 for seat in range(seats))
