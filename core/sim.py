"""Headless simulation: play many seeded games between bots and summarise how they went."""

from __future__ import annotations

import gc
import multiprocessing
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.engine.bots import play_out
from core.engine.game import GameSpec, GameState
from core.engine.match import Match
from core.engine.record import Record
from core.games import get_spec

# what every game of a run shares: seed, names, bots, options and statistics (see play_games)
Run = tuple[int, Sequence[str], Sequence[str], dict[str, Any], Sequence[str]]
CHUNK_GAMES = 50  # games a worker plays at a time, so progress and sharing stay even


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run started with `seed`."""
    return seed * 1_000_003 + index


def play_one(
    spec: GameSpec, names: Sequence[str], bots: Sequence[str], seed: int, options: dict[str, Any]
) -> tuple[GameState, int]:
    """Play one game between the named bot kinds; returns (final state, actions taken)."""
    state = spec.start(names, seed, options)
    players = [spec.bots[kind](seed * 31 + seat) for seat, kind in enumerate(bots)]
    return state, play_out(state, players)  # a game that never ends counts as an error


def recorded_game(
    slug: str, names: Sequence[str], bots: Sequence[str], seed: int, options: dict[str, Any]
) -> Record:
    """The record of one game between the named bot kinds, played to its end."""
    match = Match(slug, names, seed, options)
    players = [match.spec.bots[kind](seed * 31 + seat) for seat, kind in enumerate(bots)]
    while (seat := match.state.actor()) is not None:
        view = match.state.view(seat)
        match.act(seat, players[seat].choose(view, view.legal))
    return match.record


@dataclass
class Tally:
    """What a run of consecutive games added up to; tallies of consecutive runs add up."""

    wins: list[int]
    collectors: dict[str, Any]
    completed: int = 0
    errors: int = 0
    no_winner: int = 0
    total_actions: int = 0
    error_seeds: list[int] = field(default_factory=list)
    first_error: str | None = None
    interrupted: bool = False  # stopped by Ctrl+C: these are the games played until then

    @classmethod
    def empty(cls, spec: GameSpec, seats: int, stats: Sequence[str]) -> Tally:
        """No games yet, for `seats` players, gathering the game's statistics `stats`."""
        return cls([0] * seats, {name: spec.stats[name]() for name in stats})

    def add(self, later: Tally) -> None:
        """Add the tally of the games that came after these."""
        self.wins = [a + b for a, b in zip(self.wins, later.wins)]
        for name, collector in self.collectors.items():
            collector.merge(later.collectors[name])
        self.completed += later.completed
        self.errors += later.errors
        self.no_winner += later.no_winner
        self.total_actions += later.total_actions
        self.error_seeds += later.error_seeds
        self.first_error = self.first_error or later.first_error
        self.interrupted = self.interrupted or later.interrupted


def play_games(
    slug: str,
    first: int,
    stop: int,
    seed: int,
    names: Sequence[str],
    bots: Sequence[str],
    options: dict[str, Any],
    stats: Sequence[str],
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """Play games `first` to `stop` - 1 of a run (in this process or a worker's); Ctrl+C ends
    it with the games played so far."""
    spec = get_spec(slug)
    tally = Tally.empty(spec, len(bots), stats)
    for index in range(first, stop):
        seed_i = game_seed(seed, index)
        try:
            state, actions = play_one(spec, names, bots, seed_i, options)
        except KeyboardInterrupt:
            tally.interrupted = True
            break
        except Exception as exc:  # a rule error is a finding of the run, never a crash
            tally.errors += 1
            tally.error_seeds.append(seed_i)
            tally.first_error = tally.first_error or f"{type(exc).__name__}: {exc}"
        else:
            tally.completed += 1
            tally.total_actions += actions
            result = state.result()
            winners = result.winners if result is not None else ()  # (play_out plays to the end)
            for seat in winners:
                tally.wins[seat] += 1
            tally.no_winner += not winners
            for collector in tally.collectors.values():
                collector.add(state)
        if progress:
            progress(index + 1)
    return tally


def simulate(
    spec: GameSpec,
    games: int,
    seed: int = 0,
    players: int | None = None,
    bots: Sequence[str] = ("random",),
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    stats: Sequence[str] = (),
    jobs: int = 1,
) -> dict[str, Any]:
    """Play `games` games and return the summary the `sim` command prints as JSON.

    The game's `sim_options` are the defaults (Army caps games at 500 rounds); `stats` names
    statistics of the game to gather from every completed game. With `jobs` above 1 the games
    are shared out among that many processes; the summary is the same as with one (timings
    aside), since every game has its own seed.

    A game that raises counts in `errors` (with its seed in `error_seeds`); the run goes on.
    """
    players = players or spec.max_players
    if len(bots) == 1:
        bots = list(bots) * players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots named for {players} players")
    unknown = sorted(set(bots) - set(spec.bots))
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; {spec.title} has: {', '.join(spec.bots)}")
    unknown = sorted(set(stats) - set(spec.stats))
    if unknown:
        raise ValueError(
            f"{spec.title} has no statistics {unknown[0]!r}; it has: "
            f"{', '.join(spec.stats) or 'none'}"
        )
    options = spec.resolve_options({**spec.sim_options, **(options or {})})
    names = [f"{kind}-{seat + 1}" for seat, kind in enumerate(bots)]
    spec.start(names, game_seed(seed, 0), options)  # options no game can start with: refused now
    run = (seed, names, list(bots), options, list(stats))  # play_games' arguments after the range
    start = time.perf_counter()
    if jobs <= 1 or games < 2:
        tally = play_games(spec.slug, 0, games, *run, progress=progress)
    else:
        tally = _in_parallel(spec.slug, games, jobs, run, progress)
    elapsed = time.perf_counter() - start
    return {
        "game": spec.slug,
        "games": games,
        "players": players,
        "bots": list(bots),
        "options": options,
        "seed": seed,
        "completed": tally.completed,
        "interrupted": tally.interrupted,
        "errors": tally.errors,
        "error_seeds": tally.error_seeds[:20],
        "first_error": tally.first_error,
        "actions_mean": round(tally.total_actions / tally.completed, 2) if tally.completed else 0,
        "elapsed_s": round(elapsed, 4),
        "games_per_s": round((tally.completed + tally.errors) / elapsed, 2) if elapsed else 0,
        "wins": {str(seat): won for seat, won in enumerate(tally.wins)},
        "no_winner": tally.no_winner,
        **{name: collector.summary() for name, collector in tally.collectors.items()},
    }


def _in_parallel(
    slug: str, games: int, jobs: int, run: Run, progress: Callable[[int], None] | None
) -> Tally:
    """The games in consecutive chunks over `jobs` processes, tallied in the order played."""
    chunk = max(1, min(CHUNK_GAMES, games // (jobs * 4)))
    bounds = [(first, min(games, first + chunk)) for first in range(0, games, chunk)]
    # Workers are forked (Linux): with the parent's objects frozen out of the collector, a worker's
    # collections no longer touch (and so copy) the pages it shares with the parent, which slowed
    # two workers down (the manual's "Measured choices").
    gc.freeze()
    try:
        return _tally_in_pool(slug, bounds, jobs, run, progress)
    finally:
        gc.unfreeze()


def _tally_in_pool(
    slug: str,
    bounds: list[tuple[int, int]],
    jobs: int,
    run: Run,
    progress: Callable[[int], None] | None,
) -> Tally:
    """The chunks' tallies in the order the games come. On Ctrl+C (which the workers leave to
    this process) the workers stop at once and the chunks finished so far are the run."""
    tallies: list[Tally] = []
    unblocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_leave_ctrl_c)
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, unblocked)  # a Ctrl+C waited for the pool
        for tally in pool.imap(_play_chunk, [(slug, first, stop, run) for first, stop in bounds]):
            tallies.append(tally)
            if progress:
                progress(bounds[len(tallies) - 1][1])
        pool.close()
    except KeyboardInterrupt:
        pool.terminate()
        if not tallies:
            tallies.append(Tally.empty(get_spec(slug), len(run[2]), run[4]))
        tallies[-1].interrupted = True
    finally:
        pool.join()
    total = tallies[0]
    for later in tallies[1:]:
        total.add(later)
    return total


def _leave_ctrl_c() -> None:
    """A worker ignores Ctrl+C: the run's process stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(chunk: tuple[str, int, int, Run]) -> Tally:
    slug, first, stop, run = chunk
    return play_games(slug, first, stop, *run)
