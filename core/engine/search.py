"""A bot that searches: flat Monte Carlo over states consistent with what it sees.

At a decision worth weighing (the game says which, and names the moves to weigh), the bot plays
the rest of the game out a fixed number of times after each move, by the game's `Playouts`
(hidden money, deck orders and the dice to come differ from playout to playout, but every move
meets the same ones), and takes the move whose playouts came out best. A playout scores 1
for a win (shared in a tie) plus a tenth of the seat's score margin over the best other seat,
relative to their sizes, so that among moves that win (or lose) as often, the one that wins by
more is taken. Everything it draws comes from its seed. The count of playouts bounds its
thinking, so that a game with search bots replays exactly (`boomtown sim`); where people wait
for it (a game at this computer, an SSH table) a clock bounds it too (`within_thinking_time`):
a slow machine plays it weaker, never slower, and where the clock leaves it fewer than half
its playouts, it plays the move it would play without searching (a hint following moves
weighed by one or two playouts each did worse than that move: Million, 2026-11-27).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .game import Result
from .playouts import Playouts, win_shares
from .rng import Rng

MARGIN_WEIGHT = 0.1  # a playout's score margin counts up to this much beside a win's 1
THINKING_SECONDS = 0.5  # a search bot's time a decision where people wait for it
TRUSTED_SHARE = 0.5  # a weighing the clock cut before this share of its playouts is not taken
SLOW_KINDS = frozenset({"search"})  # bot kinds whose thinking people notice


@dataclass(frozen=True)
class SearchPlan:
    """What a game gives its search bot: its playouts, and `candidates(view, legal,
    suggestion)`, the moves to weigh at this decision (the playout bot's `suggestion` among
    them), or an empty list to play the suggestion as it is."""

    playouts: Playouts
    candidates: Callable[[Any, Sequence[Action], Action], Sequence[Action]]
    count: int = 8  # playouts for each move weighed
    # the bot it plays its unweighed moves by, in the game and in its seat in its playouts,
    # from its seed (None: the playout bot)
    own: Callable[[int], Any] | None = None


@dataclass(frozen=True)
class Weighing:
    """The moves a search bot weighed, the share of each one's playouts won (a tie's share
    counted), how many playouts each had, and the move it takes."""

    moves: tuple[Action, ...]
    wins: tuple[float, ...]
    playouts: int
    best: Action


def playout_value(result: Result, seat: int) -> float:
    """What a finished playout is worth to `seat`: a win's share plus its relative margin."""
    win = 1 / len(result.winners) if seat in result.winners else 0.0
    mine = result.scores[seat]
    best_other = max(score for other, score in enumerate(result.scores) if other != seat)
    size = abs(mine) + abs(best_other)
    return win + (MARGIN_WEIGHT * (mine - best_other) / size if size else 0.0)


class SearchBot:
    """Weighs the moves its game's plan names by playouts; otherwise plays like the plan's own
    bot (the playout bot, unless the plan names another)."""

    reads_view = True

    def __init__(
        self,
        plan: SearchPlan,
        seed: int,
        budget: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """`budget`: the seconds a decision may take, besides the plan's count of playouts
        (None: the count alone, and a game replays exactly)."""
        self.plan = plan
        self.budget = budget
        self._clock = clock
        self._rng = Rng(seed)
        self._own = (plan.own or plan.playouts.bot)(seed)  # what it plays without searching

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        weighing = self.weigh(view, legal)
        return weighing.best if isinstance(weighing, Weighing) else weighing

    def weigh(self, view: Any, legal: Sequence[Action]) -> Weighing | Action:
        """How the moves worth weighing here came out in their playouts; the playout bot's
        move as it is where there is nothing to weigh, or no time to weigh it."""
        suggestion: Action = self._own.choose(view, legal)
        if len(legal) == 1:
            return suggestion
        moves = self.plan.candidates(view, legal, suggestion)
        if len(moves) < 2:
            return suggestion
        # Every move is played out from the same worlds and dice (common random numbers), so
        # that the moves are compared with each other, not with each other's luck.
        # Each round plays every move out once; a budget spent stops them between rounds, so
        # that every move has as many playouts as the others.
        seeds = [self._rng.below(1 << 62) for _ in range(self.plan.count)]
        values = [0.0] * len(moves)
        wins = [0.0] * len(moves)
        start = self._clock()
        rounds = 0
        for seed in seeds:
            rounds += 1
            for i, move in enumerate(moves):
                result = self._playout(view, move, seed)
                values[i] += playout_value(result, view.viewer)
                wins[i] += win_shares(result, len(view.players))[view.viewer]
            if self.budget is not None and self._clock() - start >= self.budget:
                break
        if rounds < self.plan.count * TRUSTED_SHARE:
            return suggestion  # too few playouts to tell the moves apart from their luck
        best = values.index(max(values))  # the first best: the suggestion in a tie
        return Weighing(tuple(moves), tuple(w / rounds for w in wins), rounds, moves[best])

    def _playout(self, view: Any, move: Action, seed: int) -> Result:
        seat: int = view.viewer
        playouts = self.plan.playouts
        state = playouts.world(view, seat, Rng(seed))
        state.step(seat, move)
        own = {seat: self.plan.own} if self.plan.own else {}
        return playouts.play(state, seed, len(view.players), own)


def within_thinking_time(bot: Any, seconds: float | None = THINKING_SECONDS) -> Any:
    """`bot` as it plays where people wait for it: a search bot within `seconds` a decision
    (None: its count of playouts alone); any other bot as it is."""
    if isinstance(bot, SearchBot):
        bot.budget = seconds
    return bot
