"""How much Million's sixes decide: one heuristic bot that the other three spare at their sixes.

    python benchmarks/million_sixes.py [--spared never|always|late|early] [--games 4000]
        [--first-seed 10000] [--jobs 2]

Four heuristic bots, seats rotating from game to game as in `bot_strength.py`. At a six the
heuristic bot makes the player with the most cash miss a turn (or takes the $10,000); here
the three others never choose the bot in the measured seat: `always`, `late` (once its cash
is half the target or more), `early` (while it is less), or `never` (the game as played).
Prints the measured seat's share of the wins (ties share a win) with its 95% interval
(Wilson's), and the turns it was made to miss a game. What a seat that no six ever stops
wins bounds what any play that keeps its owner out of the sixes' way could win.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_strength import games_in_pool, share_of_four  # noqa: E402

from core.engine.actions import Action  # noqa: E402
from core.engine.bots import play_out  # noqa: E402
from core.games.million import SPEC  # noqa: E402
from core.games.million import actions as A  # noqa: E402
from core.games.million.bots import HeuristicBot, Seen  # noqa: E402

SPARED = ("never", "always", "late", "early")


class Sparing(HeuristicBot):
    """The heuristic bot, but never making `spared` miss a turn while `when` says so."""

    def __init__(self, seed: int, spared: int, when: str, hits: list[int]) -> None:
        super().__init__(seed)
        self.spared, self.when, self.hits = spared, when, hits

    def _spares(self, view: Seen) -> bool:
        late = view.cash[self.spared] * 2 >= view.target
        return self.when == "always" or self.when == ("late" if late else "early")

    def _six(self, view: Seen, me: int, legal: Sequence[Action]) -> Action:
        if self._spares(view):
            legal = [a for a in legal if a != A.SkipPlayer(self.spared)]
        chosen = super()._six(view, me, legal)
        if isinstance(chosen, A.SkipPlayer) and chosen.seat == self.spared:
            self.hits[0] += 1
        return chosen


def one_game(spared: str, seed: int) -> tuple[float, int]:
    """(the measured seat's share of the win, the turns it was made to miss) in game `seed`."""
    seat, hits = seed % 4, [0]
    state = SPEC.start(["a", "b", "c", "d"], seed, SPEC.resolve_options(SPEC.sim_options))
    bots = [Sparing(seed * 31 + s, seat, spared, hits) for s in range(4)]
    play_out(state, bots)
    result = state.result()
    assert result is not None
    return (1 / len(result.winners) if seat in result.winners else 0.0), hits[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spared", choices=SPARED, default="always")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    wins, missed = games_in_pool(one_game, args.spared, args)
    print(
        f"spared {args.spared}: won {wins:g} of {args.games} against three heuristic bots "
        f"({share_of_four(wins, args.games)}), "
        f"missing {sum(missed) / args.games:.1f} turns a game to sixes"
    )


if __name__ == "__main__":
    main()
