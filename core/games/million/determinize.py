"""A full Million state consistent with what one seat sees, for bots that search.

Everything at this table is public but the order of the publicity stunt deck and the die to
come: the unseen cards are shuffled afresh and the state's generator is seeded from the bot's.
"""

from __future__ import annotations

from core.engine.rng import Rng

from .board import STUNT_DECK
from .state import MillionState
from .view import MillionView


def determinize(view: MillionView, seat: int | None, rng: Rng) -> MillionState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = MillionState.__new__(MillionState)
    state._restore(view, rng, MillionState.FIELDS, listed=("stack",))
    state.round_ends = list(view.cash_history)
    seen = set(view.face_up) | set(view.discard)
    state.deck = [card for card in range(len(STUNT_DECK)) if card not in seen]
    rng.shuffle(state.deck)
    state.setup_left = state.n - sum(event.kind == "takes-free" for event in view.events)
    return state
