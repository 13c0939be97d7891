"""What Million's search bot weighs: what to make of a six (the $10,000, or which opponent
misses a turn), in 16 playouts a move. Everything else (where to drive, what to take where it
stops, what to sell, the free small business of the setup) it plays as the heuristic bot does
in the sharp style (`bots.SHARP`: heading for FINISH by the odds of landing on it), in the game
and in its own seat in its playouts; the others' seats in its playouts play the sensible style,
as the heuristic bots it is measured against do.

A playout runs at most PLAYOUT_ROUNDS rounds on (a game between bots runs 44 to 82): a playout
cut there is won, as a game at its round limit is, by the richest. Measured against three
heuristic bots, seats rotating (benchmarks/bot_strength.py million, 2026-11-27): weighing the
drive and the sale too, in playouts of 12 rounds, it won 6 of 80 games, far below an even
share (a drive changes little in 12 rounds, and the noise of 8 playouts chose among
destinations at random); weighing what to take where it stops and the six, 8 playouts a move,
25 of 100, an even share; with those playouts run to the game's end instead of 30 rounds, 26
of 100. Where it stops, two independent weighings of 64 playouts a move find that picking by
playouts gains nothing (-0.3 points of win share a decision, standard error 0.7;
benchmarks/decision_gaps.py), so it no longer weighs there; at the six they find 3.3 (1.4).
Weighing the six alone, 16 playouts a move, it won 26 of seeds 0-99, thinking 26 ms a move on
average where it had thought 80.
Its other moves in the sharp style, it won 85 of seeds 0-199 (42%, 95% interval 36-49%;
2026-11-28); the sharp style's moves alone, the six's too, 94 of the same 200 (40-54%), as
an earlier sharp style had won 85 where the six weighed on top of it won 79: the weighing of
the six has shown no gain over the sharp style's rule for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from core.engine.actions import Action
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from . import actions as A
from .bots import SHARP, HeuristicBot
from .determinize import determinize
from .sight import MillionSight
from .view import MillionView

PLAYOUT_ROUNDS = 30
WEIGHED = {  # by phase: the kinds of move worth playing out
    "six": (A.TakeTen, A.SkipPlayer),
}
MOST_MOVES = 4  # the suggestion and at most three others: each costs its playouts


def candidates(view: MillionView, legal: Sequence[Action], suggestion: Action) -> list[Action]:
    """The moves worth playing out here, the heuristic bot's `suggestion` first."""
    kinds = WEIGHED.get(view.phase)
    if kinds is None:
        return []
    weighed = [a for a in legal if isinstance(a, kinds) and a != suggestion]
    moves = [suggestion, *weighed[: MOST_MOVES - 1]]
    return moves if len(moves) > 1 else []


PLAYOUTS = Playouts(determinize, HeuristicBot, horizon=PLAYOUT_ROUNDS, sight=MillionSight)
PLAN = SearchPlan(PLAYOUTS, candidates, count=16, own=partial(HeuristicBot, style=SHARP))
