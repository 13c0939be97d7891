"""What Army's search bot weighs: buying a deed or letting it go to auction, bidding on a deed
or passing, accepting a trade offer or not, and on its turn a swap that completes a colour group
of its own and one of the partner's (`swaps`) against what the heuristic bot would do. Everything
else (building, raising money, Prison, its cash offers) it plays as the heuristic bot does in its
sharp style (`bots.SHARP`), in the game and in its own seat in its playouts; the others' seats in
its playouts play the sensible style, as the heuristic bots it is measured against do.

A playout runs at most PLAYOUT_ROUNDS rounds on (an Army game between bots may run for
hundreds): a playout cut there is won, as a capped game is, by the richest by the rulebook's
valuation. Against three heuristic bots it won 58 of 200 games with 40 rounds (2026-11-25; 61
when the rounds were chosen, with an earlier heuristic bot); with 12 it won 49 of 200 then, no
more than an even share (a deed bought counts at its price, so a short playout sees little of
the rent it brings). Weighing, on its own turn, a building against moving on (and the best-paying
building where the heuristic bot would move on) and a trade it would offer against moving on
won 31 of the first 100 of those games where this plan won 32, and 28 of the next 100, thinking
63 ms a move on average instead of 44 (2026-11-27): no better, and slower, so it is not weighed.
Weighing swaps too won 32 of seeds 0-99 again (2026-11-27, 83 ms a move on a machine busy with
two other runs): no better; kept, as it is a move a player would want a hint about. With 24
playouts a move in place of 8 (before swaps) it won 41 of those 100 (32-51%), thinking 185 ms
a move on average, p95 1.2 s, on a machine running three processes on its two cores: so 24.
With swaps and 24 playouts it won 43 of seeds 0-99 and 33 of seeds 100-199: 76 of 200 (38%,
32-45%; 2026-11-27). Counting a playout's margin of net worth as much as its win (in place of a
tenth: `core.engine.search.MARGIN_WEIGHT`) won 41 of seeds 0-99: no better, so not kept; 32
playouts a move won 45 of seeds 0-99 and 26 of 100-199, 71 of 200 (29-42%): no better than 24.
Playouts of 60 rounds in place of 40 won 39 and 35, 74 of 200 (31-44%; 2026-11-27): no better.
As kept, seeds 200-399 won 76 of 200 again: 152 of 400 in all (38%, 33-43%). Weighing too, on
its own turn, the best-paying building against moving on won 41 and 35 of seeds 0-199: 76 again,
thinking 80 ms a move on average (the plan kept: 52, on seeds 200-399), so it is not weighed.
Weighing, in Prison at its throw, paying or a card against throwing won 42 and 29: 71 of 200.
Playing its unweighed moves in the sharp style, in the game and in its seat in its playouts,
won 51 and 48 of seeds 0-199 and 50 and 52 of seeds 200-399: 201 of 400 (50%, 45-55%;
2026-11-27), thinking 46 ms a move on average on seeds 200-399 (p95 0.38 s). Its playouts run
by the rules written lean (`lean`): the same 51 of seeds 0-99, thinking 17.5 ms a move on
average (p95 0.14 s; 2026-11-28). With 48 playouts a move, which the lean rules make
affordable, it won 53 and 49 of seeds 0-199: 102 of 200, where 24 won 99, so it keeps 24.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from core.engine.actions import Action
from core.engine.decisions import AuctionView
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from . import actions as A
from .board import SITE_GROUP_SQUARES, SQUARES
from .bots import SHARP, HeuristicBot
from .determinize import determinize
from .frames import BUY, TRADE
from .lean import play_on
from .sight import ArmySight
from .view import ArmyView

PLAYOUT_ROUNDS = 40
PLAYOUTS_A_MOVE = 24  # each move weighed (where people wait, 0.5 s bounds it first)
MOST_SWAPS = 2  # swaps weighed at a decision (each costs its playouts)


def swaps(view: ArmyView) -> list[A.Propose]:
    """Swaps the viewer may offer now that complete a colour group of theirs and one of the
    partner's: the deed each lacks, the difference in their prices paid in cash."""
    terms = view.offer_terms
    if terms is None:
        return []
    me, owner = view.seat, view.owner
    mine = terms.of(me)
    found = []
    for group in SITE_GROUP_SQUARES:
        missing = [s for s in group if owner[s] != me]
        if len(missing) != 1 or owner[missing[0]] not in terms.partners:
            continue
        want, partner = missing[0], owner[missing[0]]
        theirs = terms.of(partner)
        if want not in theirs.deeds:
            continue
        for other in SITE_GROUP_SQUARES:
            if other is group:
                continue
            gaps = [s for s in other if owner[s] != partner]
            if len(gaps) != 1 or gaps[0] not in mine.deeds:
                continue
            give = gaps[0]
            balance = SQUARES[want].price - SQUARES[give].price
            if balance > mine.cash or -balance > theirs.cash:
                continue
            found.append(
                A.Propose(
                    partner,
                    give=(give,),
                    give_cash=max(0, balance),
                    get=(want,),
                    get_cash=max(0, -balance),
                )
            )
    return found


def candidates(view: ArmyView, legal: Sequence[Action], suggestion: Action) -> list[Action]:
    """The moves worth playing out here, the heuristic bot's `suggestion` first."""
    phase = view.phase
    weighed: Sequence[Action]
    if phase == BUY:
        weighed = [a for a in legal if type(a) in (A.Buy, A.Decline)]
    elif isinstance(view.pending, AuctionView) and view.pending.square >= 0:
        bids = [a for a in legal if type(a) is A.Bid]
        weighed = [A.Pass(), *bids[:1]]
    elif phase == TRADE:
        weighed = [a for a in legal if type(a) in (A.Accept, A.Reject)]
    elif view.pending is None:
        weighed = swaps(view)[:MOST_SWAPS]
    else:
        return []
    moves = [suggestion] + [move for move in weighed if move != suggestion]
    return moves if len(moves) > 1 else []


PLAYOUTS = Playouts(
    determinize, HeuristicBot, horizon=PLAYOUT_ROUNDS, sight=ArmySight, lean=play_on
)
PLAN = SearchPlan(
    PLAYOUTS, candidates, count=PLAYOUTS_A_MOVE, own=partial(HeuristicBot, style=SHARP)
)
