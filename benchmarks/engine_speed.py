"""How fast the rules run: games, actions and (Army) throws per second, per game and bot kind.

    python benchmarks/engine_speed.py [--games 400] [--profile bigshot:random]

Stadium's legal placements for a turn are timed too (every construction step of a few games).
Every run goes through `core.sim.simulate`, the path `boomtown sim` takes, on one core
(`--jobs 1`), with 4 players and the simulator's default options (Army: capped at 500 rounds,
every rule on: auctions, building, trades; Million between random bots: capped at 300 rounds,
as random drivers rarely reach FINISH). Army's throws are counted by its landing statistic.
`--profile GAME:BOTS` prints where that run's time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_spec  # noqa: E402
from core.sim import simulate  # noqa: E402

RUNS = (("bigshot", "random", 1.0), ("bigshot", "heuristic", 0.5), ("army", "random", 0.25),
        ("army", "heuristic", 0.25), ("stadium", "random", 0.25),
        ("stadium", "heuristic", 0.05), ("million", "random", 0.1),
        ("million", "heuristic", 0.25))  # game, bots, share of --games (longer games fewer)


def measure(game: str, bots: str, games: int) -> dict:
    spec = get_spec(game)
    stats = ["landing"] if "landing" in spec.stats else []
    summary = simulate(spec, games, seed=1, players=4, bots=[bots], stats=stats, jobs=1)
    elapsed = summary["elapsed_s"]
    actions = summary["actions_mean"] * summary["completed"]
    throws = summary["landing"]["throws"] if stats else None
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "throws_per_s": throws / elapsed if throws else None, "errors": summary["errors"]}


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
                state.legal_builds(seat)
                times.append(time.perf_counter() - start)
            state.step(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return 1000 * sum(times) / len(times), 1000 * max(times), len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--profile", metavar="GAME:BOTS")
    args = parser.parse_args()
    if args.profile:
        game, bots = args.profile.split(":")
        profiler = cProfile.Profile()
        profiler.enable()
        measure(game, bots, args.games)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(f"{'game':<8} {'bots':<10} {'games/s':>9} {'actions/s':>11} {'throws/s':>10}")
    for game, bots, share in RUNS:
        r = measure(game, bots, max(1, int(args.games * share)))
        throws = f"{r['throws_per_s']:>10,.0f}" if r["throws_per_s"] else f"{'':>10}"
        print(f"{game:<8} {bots:<10} {r['games_per_s']:>9,.1f} {r['actions_per_s']:>11,.0f} "
              f"{throws}" + (f"  ({r['errors']} errors)" if r["errors"] else ""))
    mean, worst, turns = stadium_placements()
    print(f"stadium legal placements for a turn: {mean:.2f} ms mean, {worst:.2f} ms at most "
          f"({turns} turns)")


if __name__ == "__main__":
    main()
