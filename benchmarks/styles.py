"""How a heuristic bot's style plays: one bot of a style against three of the sensible one.

    python benchmarks/styles.py army|million [--style sharp] [--set FIELD=VALUE ...]
        [--games 4000] [--first-seed 1000] [--jobs 2]

For the games whose heuristic bot has styles (`core.games.GAME.bots.Style`): Army and Million.
Seats rotate from game to game, as in `bot_strength.py`; prints the share of wins the bot took
(ties share a win) with its 95% interval (Wilson's) and the games' mean rounds. `--set` changes
one field of the style for the run (`--set reserve=50`, `--set finish_by_odds=False`), as the
styles were tuned. A game between heuristic bots takes milliseconds, so thousands of games tell
styles a few points apart, where the search bot's 200 games could not.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_strength import games_in_pool, share_of_four  # noqa: E402

from core.engine.bots import play_out  # noqa: E402
from core.games import get_spec  # noqa: E402

GAMES = ("army", "million")


def bots_of(game: str) -> ModuleType:
    return importlib.import_module(f"core.games.{game}.bots")


def one_game(job: tuple[str, object], seed: int) -> tuple[float, int]:
    """(the style's share of the win, the rounds played) in the game of `seed`."""
    game, style = job
    spec, bots = get_spec(game), bots_of(game)
    seat = seed % 4
    state = spec.start(["a", "b", "c", "d"], seed, spec.resolve_options(spec.sim_options))
    players = [bots.HeuristicBot(seed * 31 + s) for s in range(4)]
    players[seat] = bots.HeuristicBot(seed * 31 + seat, style)
    play_out(state, players)
    result = state.result()
    assert result is not None
    return (1 / len(result.winners) if seat in result.winners else 0.0), state.round


def value(text: str) -> object:
    """A field's value as typed: None, True, False, a number."""
    named = {"None": None, "True": True, "False": False}
    if text in named:
        return named[text]
    return float(text) if "." in text else int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--style", choices=("sensible", "sharp"), default="sharp")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    changes = dict((field, value(text)) for field, text in (s.split("=", 1) for s in args.set))
    style = replace(getattr(bots_of(args.game), args.style.upper()), **changes)
    wins, rounds = games_in_pool(one_game, (args.game, style), args)
    print(
        f"{style}: won {wins:g} of {args.games} against three sensible bots "
        f"({share_of_four(wins, args.games)}), {sum(rounds) / args.games:.0f} rounds a game"
    )


if __name__ == "__main__":
    main()
