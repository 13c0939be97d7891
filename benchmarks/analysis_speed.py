"""How long the post-game analysis of a game takes, on one core, for each game.

    python benchmarks/analysis_speed.py [--seed 1] [--players 4] [--people 1]

Plays a game between heuristic bots for each game, then analyses it as the end screen does
for `--people` seats (core.engine.analysis, its default settings): prints the game's rounds
and moves, the moves of a person that were a choice, the playouts the analysis plays and its
seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine.analysis import Analyser, analyse  # noqa: E402
from core.engine.replay import Replay  # noqa: E402
from core.games import SLUGS, get_spec  # noqa: E402
from core.sim import recorded_game  # noqa: E402

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--people", type=int, default=1)
    parser.add_argument("games", nargs="*", default=list(SLUGS))
    args = parser.parse_args()
    for slug in args.games:
        spec = get_spec(slug)
        record = recorded_game(
            slug, NAMES[: args.players], ["heuristic"] * args.players, args.seed, {}
        )
        start = time.perf_counter()
        replay = Replay(record)
        analyser = Analyser(replay, spec.playouts, range(args.people))
        planned = time.perf_counter() - start
        analysis = analyse(analyser)
        took = time.perf_counter() - start
        print(
            f"{slug:8} {replay.rounds[-1]:4} rounds {replay.length:5} moves; "
            f"{analyser.total:5} playouts; planned in {planned:5.2f} s, "
            f"analysed in {took:6.1f} s ({took / analyser.total * 1000:.0f} ms a playout)"
        )
        for swing in analysis.swings:
            print(
                f"    seat {swing.seat} round {swing.round}: {swing.move}, "
                f"{swing.before:.0%} -> {swing.after:.0%}"
            )
        chart = " ".join(f"{point[0]:.0%}" for point in analysis.chances)
        print(f"    seat 0 by round: {chart}")


if __name__ == "__main__":
    main()
