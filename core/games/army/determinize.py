"""A full Army state consistent with what one seat sees, for bots that search.

Everything at this table is public but the order of the two card decks and the dice to come: the
decks' cards (those no player holds) are shuffled afresh and the state's generator is seeded from
the bot's own, so each call gives another world the seat cannot tell from the real one.
"""

from __future__ import annotations

from core.engine.decisions import live
from core.engine.rng import Rng

from .board import SQUARES_COUNT
from .cards import DECKS, GET_OUT
from .state import ArmyState
from .view import ArmyView


def determinize(view: ArmyView, seat: int | None, rng: Rng) -> ArmyState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = ArmyState.__new__(ArmyState)
    state._restore(view, rng, ArmyState.FIELDS)
    state._estates = [None] * state.n
    state.decks = []
    for deck, cards in enumerate(DECKS):
        held = GET_OUT[deck] if view.card_holder[deck] >= 0 else None
        order = [card for card in range(len(cards)) if card != held]
        rng.shuffle(order)
        state.decks.append(order)
    state.last_card = None
    if view.last_card is not None:
        deck, text = view.last_card
        state.last_card = (deck, next(i for i, card in enumerate(DECKS[deck]) if card[0] == text))
    state.stack = [live(frame) for frame in view.stack]
    state.round_ends = list(view.worth_history)
    state.landings = [0] * (SQUARES_COUNT + 1)
    return state
