"""Stadium's heuristic bots against a simple player: how often three bots beat one player who buys
the first lot offered, always picks a Venture card, passes at auctions, refuses trades and
builds the biggest earner the moment it can (`SimpleBot`).

    python benchmarks/stadium_simple_player.py [--games 96] [--first-seed 5000]

A person pressing Enter, v, p and n, and b then Enter, plays like this. The simple player's
seat rotates from game to game; games stop at 150 rounds (without a limit a game in which the
simple player holds land on every stadium site and refuses every offer need never end). Prints
the bots' wins (a shared win counted in part) and their even share.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_spec  # noqa: E402
from core.games.stadium.bots import SimpleBot  # noqa: E402

PLAYERS, ROUNDS = 4, 150


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=96)
    parser.add_argument("--first-seed", type=int, default=5000)
    args = parser.parse_args()
    spec = get_spec("stadium")
    options = spec.resolve_options({"round_limit": ROUNDS})
    bots_won = 0.0
    for game in range(args.games):
        seed, simple = args.first_seed + game, game % PLAYERS
        state = spec.start([f"p{seat + 1}" for seat in range(PLAYERS)], seed, options)
        players = [spec.bots["heuristic"](seed * 31 + seat) for seat in range(PLAYERS)]
        players[simple] = SimpleBot()
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            state.step(seat, players[seat].choose(view, view.legal))
        winners = state.result().winners
        bots_won += sum(seat != simple for seat in winners) / len(winners)
    even = args.games * (PLAYERS - 1) / PLAYERS
    print(
        f"three heuristic bots against one simple player, {args.games} games of at most "
        f"{ROUNDS} rounds: the bots won {bots_won:g} (an even share is {even:g})"
    )


if __name__ == "__main__":
    main()
