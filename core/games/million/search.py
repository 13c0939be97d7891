"""Million's search bot weighs nothing: every move it plays as the heuristic bot does in the
sharp style (`bots.SHARP`: heading for FINISH by the odds of landing on it, stopping at a six
whoever nears finishing), because no decision's playouts have been found to beat that style.

Measured against the sharp style's own move (benchmarks/decision_gaps.py, two independent
weighings a decision, the second telling what the first's pick gains; 2026-11-28), in points of
win share a decision (standard error): the six +0.1 (0.7) with 64 playouts a move; what to take
where it stops -0.5 (0.5); where to drive -1.2 (0.7); selling before the roll +1.1 (0.5) with
64 playouts but +0.3 (0.8) with 16, what a move could be given. In whole games (one bot against
three heuristic bots, seats rotating, seeds 0-199): the six weighed by 16 playouts on top of the
sharp style won 85, the sharp style alone 94. Before the sharp style, weighing the drive and
the sale in 12-round playouts won 6 of 80 games, what to take where it stops and the six 25 of
100, the six alone 26 of 100, with playouts to the game's end 26 of 100 (2026-11-27).

Its playouts (the sharp style at every seat, PLAYOUT_ROUNDS rounds on; a game between bots runs
44 to 82, and one cut there is won, as at its round limit, by the richest) serve the post-game
analysis, which so weighs a person's move against the move its hints name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from core.engine.actions import Action
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from .bots import SHARP, HeuristicBot
from .determinize import determinize
from .sight import MillionSight
from .view import MillionView

PLAYOUT_ROUNDS = 30


def candidates(view: MillionView, legal: Sequence[Action], suggestion: Action) -> list[Action]:
    """No move is worth playing out: the sharp style's `suggestion` is played as it is."""
    return []


SHARP_BOT = partial(HeuristicBot, style=SHARP)
PLAYOUTS = Playouts(determinize, SHARP_BOT, horizon=PLAYOUT_ROUNDS, sight=MillionSight)
PLAN = SearchPlan(PLAYOUTS, candidates, own=SHARP_BOT)
