"""A full Million state consistent with what one seat sees, for bots that search.

Everything at this table is public but the order of the publicity stunt deck and the die to
come: the unseen cards are shuffled afresh and the state's generator is seeded from the bot's.
"""

from __future__ import annotations

from core.engine.ledger import Ledger
from core.engine.rng import Rng

from .board import STUNT_DECK
from .state import MillionState
from .view import MillionView


def determinize(view: MillionView, seat: int | None, rng: Rng) -> MillionState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = MillionState.__new__(MillionState)
    state.players, state.n = view.players, len(view.players)
    state.bank = state.n
    state.rng = Rng(rng.below(1 << 62))
    state.ledger = Ledger(state.n)
    state.ledger.balances = [*view.cash, -sum(view.cash)]
    state.ledger.entries = list(view.ledger)
    state.events = list(view.events)
    for name in ("active", "position", "holder", "leased", "face_up", "discard", "skip",
                 "stack"):
        setattr(state, name, list(getattr(view, name)))
    for name in ("round", "version", "round_limit", "turn", "starter", "stage", "die", "landed",
                 "acquired", "sold", "target", "exact_finish", "one_way", "six_rule"):
        setattr(state, name, getattr(view, name))
    seen = set(view.face_up) | set(view.discard)
    state.deck = [card for card in range(len(STUNT_DECK)) if card not in seen]
    rng.shuffle(state.deck)
    state.setup_left = state.n - sum(event.kind == "takes-free" for event in view.events)
    state.round_ends = list(view.cash_history)
    state.winners = view.result.winners if view.result else ()
    state.end_reason = view.result.reason if view.result else ""
    return state
