"""How strong each game's bots are: one bot kind in one seat against another kind in the rest.

    python benchmarks/bot_strength.py bigshot --bot search|hint|... --against heuristic [--games 60]
        [--players 4] [--option hidden_money=on] [--first-seed 0] [--thinking-time]
        [--knows-the-future] [--playouts N]

`--bot hint` is a player who plays every hint (`h`) gives. Seats rotate from game to game, so
no kind keeps the advantage of a seat. Prints the share of wins the bot took (ties share a win)
with its 95% interval (Wilson's), what an even share would be (1 in --players), and the bot's
milliseconds a move: mean, 95th percentile and slowest. Each game's outcome goes to stderr as it
ends (a long run read part way).
Games run through `core.sim.play_one`, the path `boomtown sim` takes; `--thinking-time` gives a
search bot the time it has where people wait for it (core.engine.search.THINKING_SECONDS);
`--knows-the-future` lets it play its moves out from the game's true state (the decks' order and
the dice to come), a bound on what any search could win; `--playouts N` gives a search bot N
playouts a move weighed in place of its plan's count.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine.bots import play_out  # noqa: E402
from core.engine.search import (
    Weighing,  # noqa: E402
    within_thinking_time,  # noqa: E402
)
from core.games import get_spec  # noqa: E402
from core.sim import play_one  # noqa: E402
from play.table import hint  # noqa: E402


class Timed:
    """A bot whose every choice is timed."""

    def __init__(self, bot) -> None:
        self.bot, self.reads_view, self.times = bot, getattr(bot, "reads_view", True), []

    def choose(self, view, legal):
        start = time.perf_counter()
        choice = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - start)
        return choice


class HintFollower:
    """A player who plays every hint `h` gives (play.table.hint: the search bot within a
    hint's second)."""

    def __init__(self, spec, seed: int) -> None:
        self.spec, self.seed, self.moves = spec, seed, 0

    def choose(self, view, legal):
        self.moves += 1
        found = hint(self.spec.slug, view, self.seed * 31 + self.moves)
        return found.best if isinstance(found, Weighing) else found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", default="search")
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--thinking-time", action="store_true")
    parser.add_argument("--knows-the-future", action="store_true")
    parser.add_argument("--playouts", type=int, metavar="N")
    args = parser.parse_args()
    spec = get_spec(args.game)
    options = spec.resolve_options(
        {**spec.sim_options, **dict(o.split("=", 1) for o in args.option)}
    )
    names = [f"P{seat + 1}" for seat in range(args.players)]
    wins, times, made = 0.0, [], []

    def factory(seed: int):  # the bot under test, timed; it sits where the rotation puts it
        bot = HintFollower(spec, seed) if args.bot == "hint" else spec.bots[args.bot](seed)
        if args.playouts:
            bot.plan = replace(bot.plan, count=args.playouts)
        made.append(Timed(within_thinking_time(bot) if args.thinking_time else bot))
        return made[-1]

    for game in range(args.games):
        seed, seat = args.first_seed + game, game % args.players
        kinds = [args.against] * args.players
        kinds[seat] = "under-test"
        bots = {**spec.bots, "under-test": factory}
        if args.knows_the_future:
            state = foreseen_game(spec, bots, names, kinds, seed, options, made)
        else:
            state, _ = play_one(replace(spec, bots=bots), names, kinds, seed, options)
        result = state.result()
        won = 1 / len(result.winners) if seat in result.winners else 0.0
        wins += won
        times += made.pop().times
        print(f"seed {seed}, seat {seat}: {won:g} ({wins:g} of {game + 1})", file=sys.stderr)
    low, high = wilson(wins, args.games)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"{args.game} {args.bot} against {args.against} x{args.players - 1}, {args.games} games"
        f" ({', '.join(args.option) or 'default options'}"
        f"{', thinking time' if args.thinking_time else ''}"
        f"{', knowing the future' if args.knows_the_future else ''}"
        f"{f', {args.playouts} playouts a move' if args.playouts else ''}): won {wins:g} "
        f"({wins / args.games:.0%}, 95% interval {low:.0%}-{high:.0%}; an even share is "
        f"{1 / args.players:.0%}); ms a move: {1000 * sum(times) / len(times):.1f} mean, "
        f"{1000 * p95:.0f} p95, {1000 * times[-1]:.0f} at most"
    )


def foreseen_game(spec, bots, names, kinds, seed: int, options, made) -> Any:
    """A game as `play_one` plays it, but the search bot under test plays its moves out from
    the game's true state: the decks' order and the dice to come as they are (as far as its
    playouts' moves draw them as the game's will), not worlds drawn from what it sees. What it
    wins bounds what seeing further could win in the game."""
    state = spec.start(names, seed, options)
    players = [bots[kind](seed * 31 + seat) for seat, kind in enumerate(kinds)]
    seer = made[-1].bot
    playouts = replace(seer.plan.playouts, determinize=lambda view, seat, rng: state.copy())
    seer.plan = replace(seer.plan, playouts=playouts)
    play_out(state, players)
    return state


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share of wins (Wilson's score interval)."""
    share = wins / games
    middle = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    spread = half / (1 + z * z / games)
    return max(0.0, middle - spread), min(1.0, middle + spread)


def games_in_pool(
    one_game: Callable[[Any, int], tuple[float, Any]], setting: Any, args: argparse.Namespace
) -> tuple[float, list[Any]]:
    """`one_game(setting, seed)` for `args.games` seeds from `args.first_seed`, in `args.jobs`
    processes: the wins it counts, and what else each game told."""
    seeds = range(args.first_seed, args.first_seed + args.games)
    with Pool(args.jobs) as pool:
        games = pool.starmap(one_game, [(setting, seed) for seed in seeds], chunksize=20)
    return sum(won for won, _ in games), [told for _, told in games]


def share_of_four(wins: float, games: int) -> str:
    """A four-player share of wins with its 95% interval, to a tenth of a point."""
    low, high = wilson(wins, games)
    return f"{wins / games:.1%}, 95% interval {low:.1%}-{high:.1%}; an even share is 25%"


if __name__ == "__main__":
    main()
