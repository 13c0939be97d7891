"""What Big Shot's search bot weighs: how far to go in an auction, and when to borrow.

In an auction it weighs passing against raising by the least (or, when it cannot pay the least
raise, against borrowing first); when loans are asked for before the bidding, borrowing against
not. Everything else (placing the cubes, choosing the colour that pays) it plays as the
heuristic bot does, whose greedy placement finds the take-overs and ties on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine.actions import Action
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from . import actions as A
from .bots import HeuristicBot
from .determinize import determinize
from .sight import BigShotSight
from .view import BigShotView


def candidates(view: BigShotView, legal: Sequence[Action], suggestion: Action) -> list[Action]:
    """The moves worth playing out here, the heuristic bot's `suggestion` first (it is kept
    where the playouts cannot tell the moves apart)."""
    loans = [a for a in legal if isinstance(a, A.TakeLoan)]
    cheapest_loan = [min(loans, key=lambda a: view.loans[a.colour])] if loans else []
    weighed: list[Action]
    if view.phase == "bid":
        bids = [a for a in legal if isinstance(a, A.Bid)]
        weighed = [A.PASS, *(bids[:1] or cheapest_loan)]
    elif view.phase == "loans":
        weighed = [A.NO_MORE_LOANS, *cheapest_loan]
    else:
        return []
    return [suggestion] + [move for move in weighed if move != suggestion]


PLAYOUTS = Playouts(determinize, HeuristicBot, sight=BigShotSight)
PLAN = SearchPlan(PLAYOUTS, candidates)
