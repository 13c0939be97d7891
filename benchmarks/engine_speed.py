"""Random 4-player games per second through the engine, and microseconds per action.

    python benchmarks/engine_speed.py [--game bigshot] [--games 2000] [--players 4] [--profile]

Games take the simulator's default options (Army: capped at 500 rounds). Each action is chosen
uniformly from `legal_actions` and applied with `step`, which checks it
with `why_illegal` exactly as any other caller's action is checked. One core, one process.
"""

import argparse
import cProfile
import pstats
import random
import time

from core.games import get_spec


def play(spec, players: int, seed: int) -> int:
    state = spec.start([f"P{i}" for i in range(players)], seed, spec.sim_options)
    pick = random.Random(seed).random  # the chooser's own generator; the dice use the game's
    actions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.step(seat, legal[int(pick() * len(legal))])
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bigshot")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()
    spec = get_spec(args.game)
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    start = time.perf_counter()
    actions = sum(play(spec, args.players, seed) for seed in range(args.games))
    elapsed = time.perf_counter() - start
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
    print(f"{args.game}: {args.games} random {args.players}-player games in {elapsed:.2f} s")
    print(f"  {args.games / elapsed:,.0f} games/s, {actions / args.games:.0f} actions/game, "
          f"{elapsed / actions * 1e6:.2f} us/action")


if __name__ == "__main__":
    main()
