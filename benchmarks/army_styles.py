"""How an Army heuristic bot's style plays: one bot of a style against three of the sensible one.

    python benchmarks/army_styles.py [--style sharp] [--set reserve=50 ...] [--games 4000]
        [--first-seed 1000] [--jobs 2]

Seats rotate from game to game, as in `bot_strength.py`; prints the share of wins the bot took
(ties share a win) with its 95% interval (Wilson's) and the games' mean rounds. `--set` changes
one field of the style (`core.games.army.bots.Style`) for the run, as its styles were tuned.
A game between heuristic bots takes a few milliseconds, so thousands of games tell styles a
few points apart, where the search bot's 200 games could not.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_strength import games_in_pool, share_of_four  # noqa: E402

from core.engine.bots import play_out  # noqa: E402
from core.games.army import SPEC  # noqa: E402
from core.games.army.bots import SENSIBLE, SHARP, HeuristicBot, Style  # noqa: E402

STYLES = {"sensible": SENSIBLE, "sharp": SHARP}


def one_game(style: Style, seed: int) -> tuple[float, int]:
    """(the style's share of the win, the rounds played) in the game of `seed`."""
    seat = seed % 4
    state = SPEC.start(["a", "b", "c", "d"], seed, SPEC.resolve_options(SPEC.sim_options))
    bots = [HeuristicBot(seed * 31 + s) for s in range(4)]
    bots[seat] = HeuristicBot(seed * 31 + seat, style)
    play_out(state, bots)
    result = state.result()
    assert result is not None
    return (1 / len(result.winners) if seat in result.winners else 0.0), state.round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", choices=STYLES, default="sharp")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    changes: dict[str, float | None] = {}
    for setting in args.set:
        field, value = setting.split("=", 1)
        changes[field] = None if value == "None" else float(value) if "." in value else int(value)
    style = replace(STYLES[args.style], **changes)
    wins, rounds = games_in_pool(one_game, style, args)
    print(
        f"{style}: won {wins:g} of {args.games} against three sensible bots "
        f"({share_of_four(wins, args.games)}), {sum(rounds) / args.games:.0f} rounds a game"
    )


if __name__ == "__main__":
    main()
