"""Army's rules written lean, for playouts between heuristic bots: the same game, move for move,
at several times the speed.

A playout of the full engine builds each decision's legal list, a sight of the state for the
bot, frames on a stack, events and ledger entries that nobody reads. Here a turn is plain code
over lists (`table.LeanArmy`): the heuristic bot's choices (`bots.HeuristicBot`, in each seat's
`Style`) are worked out where the rules meet them, from the same numbers, and the rules run as
the full engine states them: `moves` (the throw, landing, cards), `buying` (purchases and
auctions), `money` (debts, mortgages, bankruptcy) and `turn` (building, lifting mortgages,
offers, the turn passing on). Nothing is logged: a lean playout leaves the state's events and
ledger entries as they were (its balances are right).

`play_on(state, bots, sight)` plays a playout's state on: the full engine first, to the next
point with nothing pending (a turn's start, or its end); from there lean, to the game's end.
Where the game meets something written here only in the full engine (a shortage of buildings
and its auctions, a creditor who cannot pay the interest on the mortgaged deeds a bankrupt
hands over, two players unable to pay one birthday), the lean game is dropped and the state is
left at that point, as it was, for the full engine to play on. `tests/core/test_army_lean.py`
plays hundreds of positions both ways and checks that they end alike, field for field: a change
to the rules or to the heuristic bot (a new `Style` field among them) is made here too, and that
test says where the two part.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.engine.bots import SightOf, play_out

from ..bots import HeuristicBot
from ..frames import OVER
from ..state import ArmyState
from .table import LeanArmy, NotModelled
from .turn import play


def ready(state: ArmyState) -> bool:
    """Whether the lean game may take over: nothing pending, the game not over."""
    return not state.stack and state.stage != OVER


def play_on(state: ArmyState, bots: Sequence[Any], sight: SightOf | None = None) -> bool:
    """Play a playout's `state` on in place by heuristic `bots`, to the game's end if the lean
    game reaches it (True), else to where it stopped, for the full engine (False)."""
    if state._forced or not all(type(bot) is HeuristicBot for bot in bots):
        return False
    play_out(state, bots, sight=sight, until=ready)
    if state.stage == OVER:
        return True
    game = LeanArmy(state, bots)
    try:
        play(game)
    except NotModelled:
        return False
    game.write(state)
    return True
