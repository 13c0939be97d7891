"""How much a search bot could gain at the decisions it weighs, if its playouts told it truly.

    python benchmarks/decision_gaps.py army [--playouts 64] [--decisions 30] [--phase buy]
        [--moves KIND,...] [--most 4]

Heuristic bots play games (seeds 0, 1, ...); at every third decision the game's search plan
would weigh (of `--phase` only, if given) the moves are weighed twice, in two independent
weighings of `--playouts` playouts a move: the first picks its best move, the second says how
much more that move wins than the one the search bot plays unweighed (the suggestion: the
heuristic bot's move, in Army its sharp style's). The second weighing's
figure is an honest estimate of what picking by playouts gains there: taken from the playouts
that picked it, the best would look better than it is.

Prints, per decision, the phase and each move's share of wins in the second weighing, then the
mean gain a decision in points of win share, and how often the pick differs from the suggestion.
Searching with fewer playouts a move, as the bots do (their plan's count), gains at most this, less
that count's noise. `--moves KIND,...` weighs, in place of what the plan weighs, the legal moves of
those kinds (action class names: `Drive` is where Million's car goes) wherever one is legal: the
suggestion and others, in the order they are listed, up to `--most` moves in all. Million's plan
weighs nothing, so it needs `--moves` (`--phase six --moves TakeTen,SkipPlayer`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine.actions import Action  # noqa: E402
from core.engine.search import SearchBot, Weighing  # noqa: E402
from core.games import get_spec  # noqa: E402

GIVE_UP = 20  # games played without a decision to weigh


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--playouts", type=int, default=64)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--phase")
    parser.add_argument("--moves", metavar="KIND,...")
    parser.add_argument("--most", type=int, default=4)
    args = parser.parse_args()
    spec = get_spec(args.game)
    options = spec.resolve_options(spec.sim_options)
    plan = replace(spec.bots["search"](0).plan, count=args.playouts)
    if args.moves:
        kinds = frozenset(args.moves.split(","))
        plan = replace(plan, candidates=partial(moves_of_kinds, kinds, args.most))
    gains: list[float] = []
    changed, seed = 0, 0
    while len(gains) < args.decisions:
        state = spec.start(["a", "b", "c", "d"], seed, options)
        bots = [spec.bots["heuristic"](seed * 31 + seat) for seat in range(4)]
        met = 0
        while not state.is_over() and len(gains) < args.decisions:
            seat = state.to_act()[0]
            view = state.view(seat)
            suggestion = bots[seat].choose(view, view.legal)
            if (args.phase is None or view.phase == args.phase) and plan.candidates(
                view, view.legal, suggestion
            ):
                met += 1
                if met % 3 == 0:
                    picking = SearchBot(plan, seed=2 * met).weigh(view, view.legal)
                    telling = SearchBot(plan, seed=2 * met + 1).weigh(view, view.legal)
                    assert isinstance(picking, Weighing) and isinstance(telling, Weighing)
                    pick = picking.moves.index(picking.best)
                    gains.append(telling.wins[pick] - telling.wins[0])
                    changed += pick != 0
                    shares = " ".join(f"{share:.2f}" for share in telling.wins)
                    print(f"seed {seed} round {view.round} {view.phase}: {shares}", flush=True)
            state.step(seat, suggestion)
        seed += 1
        if seed == GIVE_UP and not gains:
            parser.error(f"nothing to weigh in {GIVE_UP} games: name the moves with --moves")
    mean = statistics.mean(gains)
    error = statistics.stdev(gains) / len(gains) ** 0.5
    print(
        f"{args.game}{f' ({args.phase})' if args.phase else ''}: {len(gains)} decisions, "
        f"{args.playouts} playouts a move: picking by playouts gains {100 * mean:+.1f} points "
        f"of win share a decision (standard error {100 * error:.1f}); the pick left the "
        f"heuristic bot's move at {changed} of them"
    )


def moves_of_kinds(
    kinds: frozenset[str], most: int, view: Any, legal: Sequence[Action], suggestion: Action
) -> list[Action]:
    """The suggestion and up to `most` - 1 other legal moves of `kinds`, if there are others."""
    others = [a for a in legal if type(a).__name__ in kinds and a != suggestion][: most - 1]
    return [suggestion, *others] if others else []


if __name__ == "__main__":
    main()
