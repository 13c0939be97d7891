"""Stadium's trade screen: land (the holder's undeveloped part of each lot, in one piece) and
buildings (with the land under them), and cash."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets.selection_list import Selection

from core.games.stadium import actions as A
from core.games.stadium.board import CARDS

from ...screens.trade import TradeScreen
from .look import CLASS_STYLES

BUILDING_VALUE = 1000  # a building's value in a list is 1000 + its number; a lot's is its id


class StadiumTrade(TradeScreen):
    MONEY = "$"
    CASH_DIGITS = 5  # thousands, as a bid is typed
    THOUSANDS = True
    NOTHING = "no land or buildings, only cash"

    def items(self, seat: int, chosen: tuple[int, ...]) -> list[Selection]:
        view = self.final
        items = []
        for lot in view.parcels(seat):
            acres = view.parcel(seat, lot).bit_count()
            items.append(
                Selection(
                    Text(f"{A.lot_name(lot)}: {acres} acre{'s' if acres != 1 else ''} of land"),
                    lot,
                    lot in chosen,
                )
            )
        for building in view.buildings_of(seat):
            card = CARDS[building.card]
            prompt = Text()
            prompt.append("■ ", Style(color=CLASS_STYLES[card.kind].bgcolor))
            prompt.append(f"{card.name} #{building.id} (+${card.income:,})")
            value = BUILDING_VALUE + building.id
            items.append(Selection(prompt, value, value in chosen))
        return items

    def make_offer(self, partner, give, give_cash, get, get_cash) -> A.Propose:
        def lots(values):
            return tuple(v for v in values if v < BUILDING_VALUE)

        def built(values):
            return tuple(v - BUILDING_VALUE for v in values if v >= BUILDING_VALUE)

        return A.Propose(
            partner, lots(give), built(give), give_cash, lots(get), built(get), get_cash
        )

    def sides_of(self, offer: A.Propose):
        return (
            (
                offer.give_lots + tuple(BUILDING_VALUE + b for b in offer.give_buildings),
                offer.give_cash,
            ),
            (
                offer.get_lots + tuple(BUILDING_VALUE + b for b in offer.get_buildings),
                offer.get_cash,
            ),
        )
