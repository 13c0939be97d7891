"""A full Stadium state consistent with what one seat sees, for bots that search.

Everything at this table is public but the order of the Auction and Venture decks and the die
to come: the decks are shuffled afresh and the state's generator is seeded from the bot's own.
"""

from __future__ import annotations

from core.engine.decisions import live
from core.engine.rng import Rng

from .board import VENTURES
from .frames import BID_STEP
from .state import StadiumState
from .view import StadiumView


def determinize(view: StadiumView, seat: int | None, rng: Rng) -> StadiumState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = StadiumState.__new__(StadiumState)
    state._restore(view, rng, StadiumState.FIELDS)
    state.developed = view.developed
    state.buildings = {b.id: b for b in view.buildings}
    state.next_building = 1 + sum(event.kind == "builds" for event in view.events)
    state.held = [list(cards) for cards in view.held]
    state.crown_deck = list(view.crown_left)
    rng.shuffle(state.crown_deck)
    out = set(view.venture_discard) | {v for cards in view.held for v in cards}
    state.venture_deck = [v.id for v in VENTURES if v.id not in out]
    rng.shuffle(state.venture_deck)
    state.stack = [live(frame, BID_STEP) for frame in view.stack]
    state.round_ends = list(view.assets_history)
    return state
