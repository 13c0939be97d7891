"""The Combat and Training decks: the classic UK Chance and Community Chest effects, re-themed.

The effects are the classic UK decks' (docs/sources.md); the wording is ours.
The cards are data (cards.csv); each is (text, effect, argument...). Effects:
  advance n: move forward to square n (salary if passing GO); back n: move back n squares;
  goto n: move backwards to n without salary; prison; get_out (kept until used);
  repairs per_store per_barracks; pay n; receive n; birthday n (from each other player);
  fine_or_combat n (pay n, or draw a Combat card).
"""

from __future__ import annotations

from typing import Any

from core.engine.data import read_table

COMBAT, TRAINING = 0, 1
DECK_NAMES = ("Combat", "Training")
Card = tuple[Any, ...]  # (text, effect, argument...): the arguments are ints


def _load() -> tuple[tuple[Card, ...], ...]:
    rows = read_table(__package__, "cards.csv")
    return tuple(
        tuple(
            (row["text"], row["effect"], *(int(row[a]) for a in ("arg1", "arg2") if row[a]))
            for row in rows
            if row["deck"] == name.lower()
        )
        for name in DECK_NAMES
    )


DECKS = _load()  # per deck: (text, effect, argument...) in cards.csv's order
# the fine the Training card asks for, paid instead of taking a Combat card
CARD_FINE = next(card[2] for card in DECKS[1] if card[1] == "fine_or_combat")
GET_OUT = tuple(next(i for i, card in enumerate(deck) if card[1] == "get_out") for deck in DECKS)
