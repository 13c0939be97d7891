"""The post-game analysis: each player's chance of winning as the game went on, and the moves of
a player that moved their own chance most.

A chance is the share of playouts (the game's `Playouts`: its bots playing every seat on) a
seat wins from a position, as it was seen then: the chart's from what everyone could see at a
round's start (its last point: how the game came out), a player's moves from what that player
could see. A move's worth is its player's chance just after it against just before it, where
the playout bot makes that move in their place, both played out from the same worlds and dice
(common random numbers), so that what the two differ by is the move, not the luck of the
playouts; a move is named only where the two differ by more than twice the standard error of
that difference, so that a move the bot would have made too, or one whose playouts merely
scattered, is never named. Moves that throw dice or draw cards are left out (what they changed
is luck), and so are moves nobody could choose.

Finding the moves that mattered takes two passes: every chosen move of the player (at most
`screened`, those in the rounds where their chance moved most first) with a few playouts, then
the `checked` that moved it most with more. An `Analyser` gives its work as stages of
independent estimates, for its caller to run where it likes (in turn, in a thread, in worker
processes), and counts the playouts they cost for a progress bar.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from .findings import Analysis, Chances, Swing
from .playouts import Playouts, win_shares
from .replay import Replay
from .rng import Rng


@dataclass(frozen=True)
class Settings:
    points: int = 24  # positions on the chart at most: round starts, evenly spread
    chart_playouts: int = 16
    screened: int = 30  # a player's moves played out to find the ones that mattered, at most
    screen_playouts: int = 4
    checked: int = 5  # of those, the ones played out again
    check_playouts: int = 16
    shown: int = 3  # moves named for a player, at most
    least_change: float = 0.05  # a move that moved its player's chance less is not named


@dataclass(frozen=True)
class Estimate:
    """The chances from one position, as `seat` saw it (None: everyone), by `count` playouts
    from worlds seeded from `seed` on. Self-contained, so that a worker process can run it."""

    playouts: Playouts
    view: Any
    seat: int | None
    count: int
    seed: int

    @property
    def cost(self) -> int:  # playouts
        return self.count

    def run(self) -> Chances:
        seats = len(self.view.players)
        totals = [0.0] * seats
        for n in range(self.count):
            seed = self.seed + n * 7919
            world = self.playouts.world(self.view, self.seat, Rng(seed))
            for seat, share in enumerate(win_shares(self.playouts.play(world, seed, seats), seats)):
                totals[seat] += share
        return tuple(total / self.count for total in totals)


@dataclass(frozen=True)
class Comparison:
    """`seat`'s chance from just `before` and just `after` its move, as it saw them, by
    `count` playouts of each from the same worlds and dice: the two chances, and the standard
    error of their difference. Self-contained, so that a worker process can run it."""

    playouts: Playouts
    before: Any
    after: Any
    seat: int
    count: int
    seed: int

    @property
    def cost(self) -> int:  # playouts
        return 2 * self.count

    def run(self) -> tuple[float, float, float]:
        pairs = [
            tuple(
                Estimate(self.playouts, view, self.seat, 1, self.seed + n * 7919).run()[self.seat]
                for view in (self.before, self.after)
            )
            for n in range(self.count)
        ]
        before = sum(b for b, _ in pairs) / self.count
        after = sum(a for _, a in pairs) / self.count
        if self.count < 2:
            return before, after, 0.0
        change = after - before
        spread = sum((a - b - change) ** 2 for b, a in pairs) / (self.count - 1)
        return before, after, (spread / self.count) ** 0.5


@dataclass(frozen=True)
class _Move:
    """A chosen move of a player: the positions just before and after it, as they saw them."""

    index: int
    seat: int
    round: int
    words: str
    before: Any
    after: Any


class Analyser:
    """The analysis of a finished game, for the people at `seats` (their moves)."""

    def __init__(
        self,
        replay: Replay,
        playouts: Playouts,
        seats: Sequence[int],
        settings: Settings = Settings(),  # noqa: B008 (frozen)
    ) -> None:
        self.playouts = playouts
        self.settings = settings
        record = replay.record
        self._players = record.players
        self._seed = record.seed * 1_000_003
        self._final = replay.state_at(replay.length)
        starts = _round_starts(replay.rounds)
        self._points = _spread(starts, settings.points)
        self._chart_views = [replay.state_at(moves).view(None) for moves in self._points]
        self._moves = _chosen_moves(replay, seats)
        screened = sum(min(len(moves), settings.screened) for moves in self._moves.values())
        checked = sum(
            min(len(moves), settings.screened, settings.checked) for moves in self._moves.values()
        )
        self.total = (
            len(self._points) * settings.chart_playouts
            + 2 * screened * settings.screen_playouts
            + 2 * checked * settings.check_playouts
        )  # playouts in all, for a progress bar

    def stages(self) -> Generator[list[Any], list[Any], Analysis]:
        """Each stage's work (`Estimate`s for the chart, then `Comparison`s), to be sent back
        run, in the same order; the analysis when the generator returns."""
        settings = self.settings
        chart = yield [
            Estimate(self.playouts, view, None, settings.chart_playouts, self._seed + i)
            for i, view in enumerate(self._chart_views)
        ]
        result = self._final.result()
        assert result is not None, "only a finished game is analysed"
        seats = len(self._players)
        chances = (*chart, win_shares(result, seats))
        rounds = (*(self._chart_views[i].round for i in range(len(chart))), self._final.round)
        swings: list[Swing] = []
        for seat, moves in self._moves.items():
            screened = _most_telling(moves, seat, rounds, chances, settings.screened)
            values = yield self._comparisons(screened, settings.screen_playouts)
            by_size = sorted(range(len(screened)), key=lambda i: -abs(values[i][1] - values[i][0]))
            checked = [screened[i] for i in sorted(by_size[: settings.checked])]
            values = yield self._comparisons(checked, settings.check_playouts)
            found = [
                Swing(m.seat, m.round, m.words, before, after)
                for m, (before, after, error) in zip(checked, values)
                if abs(after - before) >= max(settings.least_change, 2 * error)
            ]
            found.sort(key=lambda swing: -abs(swing.change))
            swings.extend(sorted(found[: settings.shown], key=lambda swing: swing.round))
        return Analysis(rounds, tuple(chances), tuple(swings), tuple(self._moves))

    def _comparisons(self, moves: list[_Move], count: int) -> list[Comparison]:
        """Before and after each move, from the same worlds."""
        return [
            Comparison(
                self.playouts, m.before, m.after, m.seat, count, self._seed + 1_000 + m.index
            )
            for m in moves
        ]


def analyse(analyser: Analyser) -> Analysis:
    """The analysis worked out here, estimate by estimate."""
    stages = analyser.stages()
    estimates = next(stages)
    while True:
        try:
            estimates = stages.send([estimate.run() for estimate in estimates])
        except StopIteration as done:
            analysis: Analysis = done.value
            return analysis


def _round_starts(rounds: Sequence[int]) -> list[int]:
    """The position at which each round starts (the record's, before the game's end)."""
    starts = [0]
    for moves in range(1, len(rounds) - 1):
        if rounds[moves] != rounds[moves - 1]:
            starts.append(moves)
    return starts


def _spread(items: list[int], most: int) -> list[int]:
    """At most `most` of `items`, evenly spread, the first and last among them."""
    if len(items) <= most:
        return items
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


def _chosen_moves(replay: Replay, seats: Sequence[int]) -> dict[int, list[_Move]]:
    """Each of `seats`' moves that were a choice (two or more were legal) and met no chance: no
    dice thrown, nothing hidden shown (a card drawn from a deck shuffled at the start)."""
    record = replay.record
    state = replay.state_at(0)
    found: dict[int, list[_Move]] = {seat: [] for seat in seats}
    for index, (mover, action) in enumerate(record.actions):
        chose = mover in found and len(state.legal_actions(mover)) > 1
        before = state.view(mover) if chose else None
        luck, seen, round_, told = state.rng.state, state.revealed, state.round, len(state.events)
        state.step_listed(mover, action)
        if chose and state.rng.state == luck and state.revealed == seen:
            said = [state.sentences.text(event) for event in state.events[told:]]
            words = said[0] if said else action.named(record.players)
            found[mover].append(_Move(index, mover, round_, words, before, state.view(mover)))
    return found


def _most_telling(
    moves: list[_Move], seat: int, rounds: Sequence[int], chances: Sequence[Chances], most: int
) -> list[_Move]:
    """At most `most` of `moves`, those in the spans of the chart where `seat`'s chance moved
    most first, in the game's order."""
    if len(moves) <= most:
        return moves

    def span_change(move: _Move) -> float:
        at = max(i for i, start in enumerate(rounds[:-1]) if start <= move.round)
        return abs(chances[at + 1][seat] - chances[at][seat])

    ranked = sorted(range(len(moves)), key=lambda i: -span_change(moves[i]))
    return [moves[i] for i in sorted(ranked[:most])]
