"""What Stadium's search bot weighs, and how its positions are played out (for the search bot
and the post-game analysis).

The search bot weighs the lot it buys (the heuristic bot's choice, the lots that make room for
the biggest earners, and none), turning up an Auction card or picking a Venture card, bidding
at a Crown auction or passing, buying at the Speculator's price or not, accepting an offer or
not, and on its turn what it builds (the heuristic bot's building, the best earner of another
card, or nothing). Raising a debt and the offers for a stadium site it plays as the heuristic
bot does.

A playout runs at most PLAYOUT_ROUNDS rounds on: a game between heuristic bots runs about 106
rounds, 0.2 s a game here, and 30 rounds take about 0.03 s (2026-11-27). A playout cut there is
won, as a game at its round limit is, by the greatest assets. The search bot's playouts run
SEARCH_ROUNDS: shorter, so that a decision's playouts fit a person's waiting time. Against
three heuristic bots, seats rotating, it won 126 of seeds 0-199 (63%, 56-69%; 2026-11-27),
thinking 146-165 ms a move on average, p95 0.5-0.6 s, on a machine running other benchmarks
beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.engine.actions import Action
from core.engine.decisions import AuctionView, TradeOffer
from core.engine.playouts import Playouts
from core.engine.search import SearchPlan

from . import actions as A
from .board import CARDS
from .bots import HeuristicBot, best_income_with
from .determinize import determinize
from .frames import CROWN, MAIN, CrownOrVenture, LandChoice, Speculation
from .sight import StadiumSight
from .view import StadiumView

PLAYOUT_ROUNDS = 30
SEARCH_ROUNDS = 15
MOST_MOVES = 4  # the suggestion and at most three others: each costs its playouts
OTHER_LOTS = 2  # lots weighed beside the suggestion and buying none
LotBuy = A.BuyLot | A.Speculate


def roomiest_lots(view: StadiumView, buys: Sequence[LotBuy]) -> list[LotBuy]:
    """`buys` (of lots) by the biggest earner each makes room for on the viewer's land,
    biggest first."""
    return sorted(buys, key=lambda a: -best_income_with(view, view.seat, a.lot))


def best_builds(builds: Sequence[A.Build]) -> list[A.Build]:
    """The first placement of each card among `builds`, the biggest earners first."""
    firsts: dict[int, A.Build] = {}
    for build in builds:
        firsts.setdefault(build.card, build)
    return sorted(firsts.values(), key=lambda a: (-CARDS[a.card].income, a.card))


def candidates(view: StadiumView, legal: Sequence[Action], suggestion: Action) -> list[Action]:
    """The moves worth playing out here, the heuristic bot's `suggestion` first."""
    frame = view.pending
    weighed: Sequence[Action]
    if isinstance(frame, (LandChoice, Speculation)):
        kind = A.BuyLot if isinstance(frame, LandChoice) else A.Speculate
        buys = [a for a in legal if isinstance(a, kind) and a != suggestion]
        lots = roomiest_lots(view, buys)
        weighed = [*lots[:OTHER_LOTS], A.NoLand()]
    elif isinstance(frame, CrownOrVenture):
        weighed = legal
    elif isinstance(frame, AuctionView) and frame.piece == CROWN:
        weighed = [A.Pass(), *[a for a in legal if type(a) is A.Bid][:1]]
    elif isinstance(frame, TradeOffer):
        weighed = [a for a in legal if type(a) in (A.Accept, A.Reject)]
    elif frame is None and view.stage == MAIN and not isinstance(suggestion, A.Propose):
        built = suggestion.card if isinstance(suggestion, A.Build) else -1
        builds = [a for a in legal if type(a) is A.Build and a.card != built]
        weighed = [*best_builds(builds)[:1], A.EndTurn()]
    else:
        return []
    moves = [suggestion, *[move for move in weighed if move != suggestion]]
    return moves[:MOST_MOVES] if len(moves) > 1 else []


PLAYOUTS = Playouts(determinize, HeuristicBot, horizon=PLAYOUT_ROUNDS, sight=StadiumSight)
PLAN = SearchPlan(replace(PLAYOUTS, horizon=SEARCH_ROUNDS), candidates)
