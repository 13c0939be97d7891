"""Army's trade screen: deeds (in groups without buildings), cash and Get-out cards."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.selection_list import Selection

from core.games.army import actions as A
from core.games.army.board import DEEDS, SQUARES
from core.games.army.cards import DECK_NAMES

from ...screens.trade import TradeScreen as GameTrade
from .look import GROUP_COLOURS, group_name

CARD_VALUE = 100  # a Get-out card's value in a list is 100 + its deck; a deed's is its square


class TradeScreen(GameTrade):
    def items(self, seat: int, chosen: tuple[int, ...]) -> list[Selection]:
        """`seat`'s deeds (those the offer template leaves out, in groups with buildings, shown
        but disabled) and Get-out cards."""
        view = self.final
        may = view.offer_terms.of(seat)
        items = []
        for s in DEEDS:
            if view.owner[s] != seat:
                continue
            group = SQUARES[s].group
            prompt = Text("■ ", GROUP_COLOURS[group])
            prompt.append(SQUARES[s].name)
            prompt.append(f" ({group_name(group)})", "dim")
            if view.mortgaged[s]:
                prompt.append(" (mortgaged)", "dim")
            if s not in may.deeds:
                prompt.append(" (buildings: sell first)", "dim")
            items.append(Selection(prompt, s, s in chosen, disabled=s not in may.deeds))
        for deck in may.cards:
            value = CARD_VALUE + deck
            items.append(Selection(f"{DECK_NAMES[deck]} Get-out card", value, value in chosen))
        return items

    def make_offer(self, partner, give, give_cash, get, get_cash) -> A.Propose:
        deeds = lambda values: tuple(v for v in values if v < CARD_VALUE)  # noqa: E731
        cards = lambda values: tuple(v - CARD_VALUE for v in values if v >= CARD_VALUE)  # noqa
        return A.Propose(
            partner, deeds(give), give_cash, cards(give), deeds(get), get_cash, cards(get)
        )

    def group_phrase(self, group: str) -> str:
        name = group_name(group)
        return f"the {name}" if group in ("garrison", "utility") else f"the {name} group"

    def sides_of(self, offer: A.Propose):
        return (
            (offer.give + tuple(CARD_VALUE + d for d in offer.give_cards), offer.give_cash),
            (offer.get + tuple(CARD_VALUE + d for d in offer.get_cards), offer.get_cash),
        )
