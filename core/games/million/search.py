"""What Million's search bot weighs: what to do where it stops (buy, lease or end the turn) and
what to make of a six. Where to drive, what to sell and the free small business of the setup it
chooses as the heuristic bot does.

A playout runs at most PLAYOUT_ROUNDS rounds on (a game between bots runs 44 to 82): a playout
cut there is won, as a game at its round limit is, by the richest. Measured against three
heuristic bots, seats rotating (benchmarks/bot_strength.py million, 2026-11-27): weighing the
drive and the sale too, in playouts of 12 rounds, it won 6 of 80 games, far below an even
share (a drive changes little in 12 rounds, and the noise of 8 playouts chose among
destinations at random); as it is, 11 of 40, then 14 of 60 more: 25 of 100, an even share;
with its playouts run to the game's end instead of 30 rounds, 26 of 100 (seeds 0-99): no
better, at twice the thinking.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.actions import Action
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from . import actions as A
from .bots import HeuristicBot
from .determinize import determinize
from .sight import MillionSight
from .view import MillionView

PLAYOUT_ROUNDS = 30
WEIGHED = {  # by phase: the kinds of move worth playing out
    "after": (A.Buy, A.Lease, A.EndTurn),
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
PLAN = SearchPlan(PLAYOUTS, candidates)
