"""How strong each game's bots are: one bot kind in one seat against another kind in the rest.

    python benchmarks/bot_strength.py bigshot --bot search --against heuristic [--games 60]
        [--players 4] [--option hidden_money=on] [--first-seed 0]

Seats rotate from game to game, so no kind keeps the advantage of a seat. Prints the share of
wins the bot took (ties share a win), what the other kind would take with the games shared out
evenly (1 in --players), and the bot's mean and slowest milliseconds a move. Games run through
`core.sim.play_one`, the path `boomtown sim` takes.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_spec  # noqa: E402
from core.sim import play_one  # noqa: E402


class Timed:
    """A bot whose every choice is timed."""

    def __init__(self, bot) -> None:
        self.bot, self.reads_view, self.times = bot, getattr(bot, "reads_view", True), []

    def choose(self, view, legal):
        start = time.perf_counter()
        choice = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - start)
        return choice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    spec = get_spec(args.game)
    options = spec.resolve_options(
        {**spec.sim_options, **dict(o.split("=", 1) for o in args.option)}
    )
    names = [f"P{seat + 1}" for seat in range(args.players)]
    wins, times, made = 0.0, [], []

    def factory(seed: int):  # the bot under test, timed; it sits where the rotation puts it
        made.append(Timed(spec.bots[args.bot](seed)))
        return made[-1]

    for game in range(args.games):
        seed, seat = args.first_seed + game, game % args.players
        kinds = [args.against] * args.players
        kinds[seat] = "under-test"
        bots = {**spec.bots, "under-test": factory}
        state, _ = play_one(replace(spec, bots=bots), names, kinds, seed, options)
        result = state.result()
        wins += 1 / len(result.winners) if seat in result.winners else 0.0
        times += made.pop().times
    print(
        f"{args.game} {args.bot} against {args.against} x{args.players - 1}, {args.games} games"
        f" ({', '.join(args.option) or 'default options'}): won {wins:g} "
        f"({wins / args.games:.0%}; an even share is {1 / args.players:.0%}); "
        f"{1000 * sum(times) / len(times):.2f} ms a move on average, "
        f"{1000 * max(times):.0f} ms at most"
    )


if __name__ == "__main__":
    main()
