"""Headless simulation: play many seeded games between bots and summarise how they went."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from core.engine.game import GameSpec

MAX_ACTIONS = 100_000  # a game still running after this many actions counts as an error


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run started with `seed`."""
    return seed * 1_000_003 + index


def play_one(spec: GameSpec, names: Sequence[str], bots: Sequence[str], seed: int,
             options: dict[str, Any]):
    """Play one game between the named bot kinds; returns (final state, actions taken)."""
    state = spec.start(names, seed, options)
    players = [spec.bots[kind](seed * 31 + seat) for seat, kind in enumerate(bots)]
    actions = 0
    while not state.is_over():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game did not end within {MAX_ACTIONS} actions")
        seat = state.to_act()[0]
        action = players[seat].choose(state.view(seat), state.legal_actions(seat))
        state.step(seat, action)
        actions += 1
    return state, actions


def simulate(spec: GameSpec, games: int, seed: int = 0, players: int | None = None,
             bots: Sequence[str] = ("random",), options: dict[str, Any] | None = None,
             progress: Callable[[int], None] | None = None,
             stats: Sequence[str] = ()) -> dict[str, Any]:
    """Play `games` games and return the summary the `sim` command prints as JSON.

    The game's `sim_options` are the defaults (Army caps games at 500 rounds); `stats` names
    statistics of the game to gather from every completed game.

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
        raise ValueError(f"{spec.title} has no statistics {unknown[0]!r}; it has: "
                         f"{', '.join(spec.stats) or 'none'}")
    collectors = {name: spec.stats[name]() for name in stats}
    options = spec.resolve_options({**spec.sim_options, **(options or {})})
    names = [f"{kind}-{seat + 1}" for seat, kind in enumerate(bots)]
    wins = {str(seat): 0 for seat in range(players)}
    completed = errors = no_winner = total_actions = 0
    error_seeds: list[int] = []
    first_error = None
    start = time.perf_counter()
    for index in range(games):
        seed_i = game_seed(seed, index)
        try:
            state, actions = play_one(spec, names, bots, seed_i, options)
        except Exception as exc:  # a rule error is a finding of the run, never a crash
            errors += 1
            error_seeds.append(seed_i)
            first_error = first_error or f"{type(exc).__name__}: {exc}"
        else:
            completed += 1
            total_actions += actions
            result = state.result()
            for seat in result.winners:
                wins[str(seat)] += 1
            no_winner += not result.winners
            for collector in collectors.values():
                collector.add(state)
        if progress:
            progress(index + 1)
    elapsed = time.perf_counter() - start
    return {
        "game": spec.slug,
        "games": games,
        "players": players,
        "bots": list(bots),
        "options": options,
        "seed": seed,
        "completed": completed,
        "errors": errors,
        "error_seeds": error_seeds[:20],
        "first_error": first_error,
        "actions_mean": round(total_actions / completed, 2) if completed else 0,
        "elapsed_s": round(elapsed, 4),
        "games_per_s": round(games / elapsed, 2) if elapsed else 0,
        "wins": wins,
        "no_winner": no_winner,
        **{name: collector.summary() for name, collector in collectors.items()},
    }
