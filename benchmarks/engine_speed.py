"""How fast the rules run: games, actions and (Army) throws per second, per game and bot kind.

    python benchmarks/engine_speed.py [--games 400] [--profile bigshot:random]

Stadium's legal placements for a turn are timed too (every construction step of a few games).
Every run goes through `core.sim.simulate`, the path `boomtown sim` takes, on one core
(`--jobs 1`), with 4 players and the simulator's default options (Army: capped at 500 rounds,
every rule on: auctions, building, trades; Million between random bots: capped at 300 rounds,
as random drivers rarely reach FINISH). Army's throws are counted by its landing statistic.
Each speed is the best of `--runs` runs (3): this machine's speed moves by a fifth from run to
run, and what slows a run is never the rules. The three rows the engine has targets for (issue
13: Army 50,000 throws/s, Big Shot 2,000 random and 300 heuristic games/s) say how far they are.
`--profile GAME:BOTS` prints where that run's time goes; `--split` prints, per game, what one
decision between heuristic bots costs in its parts: the legal actions, the view (which works
them out again), the bot's choice and the step; `--jobs N` plays Big Shot between random bots
with one process and with N (the best of `--runs` each), and prints both speeds and whether the
summaries are the same. `--playouts` prints how fast each game's playouts run (those the search
bot and the post-game analysis play, from positions of heuristic games): with the bots reading
a view made at every decision, reading the state through the game's sight, and (Army) as
they are played, by its rules written lean (`core/games/army/lean/`); with
`--plain-simulator PATH` (a checkout of gamescomputersplay/monopoly, a plain pure-Python
Monopoly simulator with no licence to copy it here) that simulator's throws a second in the same
run, its text log off.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine.bots import play_out  # noqa: E402
from core.engine.rng import Rng  # noqa: E402
from core.games import get_spec  # noqa: E402
from core.games.stadium import land  # noqa: E402
from core.sim import game_seed, simulate  # noqa: E402

RUNS = (
    ("bigshot", "random", 1.0),
    ("bigshot", "heuristic", 0.5),
    ("army", "random", 0.25),
    ("army", "heuristic", 0.25),
    ("stadium", "random", 0.25),
    ("stadium", "heuristic", 0.05),
    ("million", "random", 0.1),
    ("million", "heuristic", 0.25),
)  # game, bots, share of --games (longer games fewer)
RUNS_SHARE = {(game, bots): share for game, bots, share in RUNS}
# the targets set for one core: (game, bots) -> (figure, what it counts)
TARGETS = {
    ("army", "heuristic"): (50_000, "throws_per_s"),
    ("bigshot", "random"): (2_000, "games_per_s"),
    ("bigshot", "heuristic"): (300, "games_per_s"),
}


def measure(game: str, bots: str, games: int, runs: int = 1) -> dict:
    """The speeds of the fastest of `runs` runs of the same `games` games."""
    spec = get_spec(game)
    stats = ["landing"] if "landing" in spec.stats else []
    summaries = [
        simulate(spec, games, seed=1, players=4, bots=[bots], stats=stats, jobs=1)
        for _ in range(runs)
    ]
    summary = min(summaries, key=lambda s: s["elapsed_s"])
    elapsed = summary["elapsed_s"]
    actions = summary["actions_mean"] * summary["completed"]
    throws = summary["landing"]["throws"] if stats else None
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "throws_per_s": throws / elapsed if throws else None,
        "errors": summary["errors"],
    }


def stadium_placements(games: int = 3) -> tuple[float, float, int]:
    """Stadium's legal placements for a turn (every card, every spot, every facing, checked
    against the builder's land, zoning and cash): mean and slowest milliseconds, and how many
    turns were timed, over the construction steps of heuristic games."""
    spec = get_spec("stadium")
    times = []
    for seed in range(games):
        state = spec.start(["a", "b", "c", "d"], seed, spec.sim_options)
        bots = [spec.bots["heuristic"](seat) for seat in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            if state.stage == "main" and not state.stack:
                start = time.perf_counter()
                land.legal_builds(state, seat)
                times.append(time.perf_counter() - start)
            state.step(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return 1000 * sum(times) / len(times), 1000 * max(times), len(times)


def decision_parts(game: str, games: int) -> tuple[int, dict[str, float]]:
    """Mean microseconds a decision spends in each part, over `games` heuristic games."""
    spec = get_spec(game)
    options = spec.resolve_options(spec.sim_options)
    spent = dict.fromkeys(("legal", "view", "bot", "step"), 0.0)
    decisions = 0
    clock = time.perf_counter
    for seed in range(games):
        state = spec.start(["a", "b", "c", "d"], seed, options)
        bots = [spec.bots["heuristic"](seat) for seat in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            t0 = clock()
            state.legal_actions(seat)
            t1 = clock()
            view = state.view(seat)
            t2 = clock()
            action = bots[seat].choose(view, view.legal)
            t3 = clock()
            if action in view.legal:
                state.step_listed(seat, action)
            else:
                state.step(seat, action)
            t4 = clock()
            for part, took in zip(spent, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                spent[part] += took
            decisions += 1
    return decisions, {part: 1e6 * took / decisions for part, took in spent.items()}


def recorded(game: str, bots: str, games: int) -> tuple[list[tuple[int, list]], int]:
    """The seeds and moves (seat, action) of `games` games between `bots`, as the simulator
    plays them, and the dice thrown in them all (Army's landings; 0 for other games)."""
    spec = get_spec(game)
    options = spec.resolve_options(spec.sim_options)
    games_played, throws = [], 0
    for index in range(games):
        seed = game_seed(1, index)
        state = spec.start(["a", "b", "c", "d"], seed, options)
        players = [spec.bots[bots](seed * 31 + seat) for seat in range(4)]
        moves = []
        while (seat := state.actor()) is not None:
            legal = state.legal_actions(seat)
            view = state.view(seat) if getattr(players[seat], "reads_view", True) else None
            chosen = players[seat].choose(view, legal)
            action = next((listed for listed in legal if listed == chosen), chosen)
            moves.append((seat, action))
            state.step(seat, action)
        games_played.append((seed, moves))
        throws += sum(getattr(state, "landings", ()))
    return games_played, throws


def rules_alone(game: str, bots: str, games: int, runs: int) -> dict[str, float]:
    """Games (Army: throws) a second, the best of `runs`, of the same recorded games: replayed
    by their steps alone, by their steps with each decision's legal actions, and played by
    their bots through `play_out` (the simulator's path)."""
    spec = get_spec(game)
    options = spec.resolve_options(spec.sim_options)
    games_played, throws = recorded(game, bots, games)
    clock = time.perf_counter

    def replay(with_legal: bool) -> float:
        start = clock()
        for seed, moves in games_played:
            state = spec.start(["a", "b", "c", "d"], seed, options)
            for seat, action in moves:
                if with_legal:
                    state.legal_actions(state.actor())
                state.step_listed(seat, action)
        return clock() - start

    def play() -> float:
        start = clock()
        for seed, _ in games_played:
            state = spec.start(["a", "b", "c", "d"], seed, options)
            play_out(state, [spec.bots[bots](seed * 31 + seat) for seat in range(4)])
        return clock() - start

    count = throws or games
    return {
        part: count / min(timed() for _ in range(runs))
        for part, timed in (
            ("steps", lambda: replay(False)),
            ("legal + steps", lambda: replay(True)),
            ("played", play),
        )
    }


def playout_positions(game: str, games: int, every: int) -> list:
    """(view, seat) at every `every`-th decision of `games` games between heuristic bots."""
    spec = get_spec(game)
    options = spec.resolve_options(spec.sim_options)
    found = []
    for seed in range(games):
        state = spec.start(["a", "b", "c", "d"], seed, options)
        bots = [spec.bots["heuristic"](seed * 31 + seat) for seat in range(4)]
        decisions = 0
        while (seat := state.actor()) is not None and state.round < 150:
            view = state.view(seat)
            if decisions % every == 0:
                found.append((view, seat))
            state.step(seat, bots[seat].choose(view, view.legal))
            decisions += 1
    return found


def playout_speed(game: str, positions: list, runs: int) -> dict[str, tuple[float, float]]:
    """(ms a playout, Army's throws a second) from every position, by view, by sight and (a
    game with rules written lean) as played: the best of `runs`."""
    as_played = get_spec(game).playouts
    assert as_played is not None
    by_sight = dataclasses.replace(as_played, lean=None)
    ways = [("view", dataclasses.replace(by_sight, sight=None)), ("sight", by_sight)]
    if as_played.lean is not None:
        ways.append(("lean", as_played))
    speeds = {}
    for how, playouts in ways:
        best = None
        for _ in range(runs):
            start, throws = time.perf_counter(), 0
            for i, (view, seat) in enumerate(positions):
                world = playouts.world(view, seat, Rng(i))
                before = sum(getattr(world, "landings", ()))
                playouts.play(world, i, 4)
                throws += sum(getattr(world, "landings", ())) - before
            took = time.perf_counter() - start
            best = took if best is None else min(best, took)
        assert best is not None
        speeds[how] = (1000 * best / len(positions), throws / best)
    return speeds


def plain_simulator(path: Path, games: int, runs: int) -> float:
    """Throws a second of the plain Monopoly simulator checked out at `path`, its text log off
    (what a playout of ours keeps is structured, and nobody reads it): the best of `runs`."""
    sys.path.insert(0, str(path))
    from monopoly.core import dice, game  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    scratch = Path(tempfile.mkdtemp())
    LogSettings.KEEP_GAME_LOG = False
    LogSettings.EVENTS_LOG_PATH = scratch / "events.log"
    LogSettings.BANKRUPTCIES_PATH = scratch / "bankruptcies.tsv"
    throws = [0]
    roll = dice.Dice.roll

    def counted(self):  # type: ignore[no-untyped-def]
        throws[0] += 1
        return roll(self)

    dice.Dice.roll = counted
    best = 0.0
    for _ in range(runs):
        throws[0], start = 0, time.perf_counter()
        for number in range(games):
            game.monopoly_game((number + 1, number))
        best = max(best, throws[0] / (time.perf_counter() - start))
    return best


def playouts_table(runs: int, reference: Path | None) -> None:
    print(
        f"{'game':<8} {'playouts':>8}   ms a playout (throws/s), best of {runs}: "
        "by view, by sight, lean (Army)"
    )
    for game, games, every in (
        ("bigshot", 2, 40),
        ("army", 4, 60),
        ("million", 2, 60),
        ("stadium", 1, 200),
    ):
        positions = playout_positions(game, games, every)
        speeds = playout_speed(game, positions, runs)
        cells = [
            f"{ms:6.1f}" + (f" ({throws:,.0f})" if throws else "") for ms, throws in speeds.values()
        ]
        print(f"{game:<8} {len(positions):>8}   " + "  ".join(f"{cell:>16}" for cell in cells))
    if reference is not None:
        print(f"plain Monopoly simulator: {plain_simulator(reference, 100, runs):,.0f} throws/s")


def jobs_scaling(games: int, jobs: int, runs: int) -> None:
    """Big Shot between random bots, `boomtown sim --jobs 1` against `--jobs N`: the best of
    `runs` runs of each, taken in turn (so a slow spell of the machine falls on both)."""
    spec = get_spec("bigshot")
    best: dict[int, dict] = {}
    for _ in range(runs):
        for n in (1, jobs):
            run = simulate(spec, games, seed=1, players=4, bots=["random"], jobs=n)
            if n not in best or run["games_per_s"] > best[n]["games_per_s"]:
                best[n] = run
    timings = ("elapsed_s", "games_per_s")
    same = all(
        {k: v for k, v in run.items() if k not in timings}
        == {k: v for k, v in best[1].items() if k not in timings}
        for run in best.values()
    )
    one, many = best[1]["games_per_s"], best[jobs]["games_per_s"]
    print(
        f"bigshot random, {games:,} games, best of {runs}: --jobs 1 {one:,.0f} games/s, "
        f"--jobs {jobs} {many:,.0f} games/s ({many / one:.2f}x); same summary: "
        f"{'yes' if same else 'NO'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="400; with --jobs, 10,000 (the manual's figure)")
    parser.add_argument("--profile", metavar="GAME:BOTS")
    parser.add_argument("--split", action="store_true")
    parser.add_argument("--floor", action="store_true")
    parser.add_argument("--jobs", type=int, metavar="N")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--playouts", action="store_true")
    parser.add_argument("--plain-simulator", type=Path, metavar="PATH")
    args = parser.parse_args()
    if args.playouts:
        playouts_table(args.runs, args.plain_simulator)
        return
    if args.jobs:
        jobs_scaling(args.games or 10_000, args.jobs, args.runs)
        return
    args.games = args.games or 400
    if args.split:
        print(f"{'game':<8} {'decisions':>9}   microseconds a decision, heuristic bots")
        for game, games in (("bigshot", 60), ("army", 20), ("stadium", 4), ("million", 20)):
            decisions, parts = decision_parts(game, games)
            print(
                f"{game:<8} {decisions:>9,}   "
                + "  ".join(f"{part} {took:.1f}" for part, took in parts.items())
            )
        return
    if args.floor:
        print(
            f"{'game':<8} {'bots':<10} {'steps':>9} {'legal+steps':>12} {'played':>9}   "
            f"target (one core), best of {args.runs}"
        )
        for (game, bots), (figure, counted) in TARGETS.items():
            share = RUNS_SHARE[game, bots]
            speeds = rules_alone(game, bots, max(1, int(args.games * share)), args.runs)
            print(
                f"{game:<8} {bots:<10} "
                + " ".join(
                    f"{speed:>{width},.0f}" for speed, width in zip(speeds.values(), (9, 12, 9))
                )
                + f"   {figure:,} {counted[:-6]}/s"
            )
        return
    if args.profile:
        game, bots = args.profile.split(":")
        profiler = cProfile.Profile()
        profiler.enable()
        measure(game, bots, args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(
        f"{'game':<8} {'bots':<10} {'games/s':>9} {'actions/s':>11} {'throws/s':>10}   "
        f"best of {args.runs}"
    )
    for game, bots, share in RUNS:
        r = measure(game, bots, max(1, int(args.games * share)), args.runs)
        throws = f"{r['throws_per_s']:>10,.0f}" if r["throws_per_s"] else f"{'':>10}"
        target = ""
        if (game, bots) in TARGETS:
            figure, counted = TARGETS[game, bots]
            target = f"   {r[counted] / figure:.0%} of the target, {figure:,} {counted[:-6]}/s"
        print(
            f"{game:<8} {bots:<10} {r['games_per_s']:>9,.1f} {r['actions_per_s']:>11,.0f} "
            f"{throws}{target}" + (f"  ({r['errors']} errors)" if r["errors"] else "")
        )
    mean, worst, turns = stadium_placements()
    print(
        f"stadium legal placements for a turn: {mean:.2f} ms mean, {worst:.2f} ms at most "
        f"({turns} turns)"
    )


if __name__ == "__main__":
    main()
