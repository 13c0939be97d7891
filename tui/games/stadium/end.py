"""The end of a Stadium game: the standings by assets and what they are made of, and assets by
round."""

from __future__ import annotations

from rich.text import Text

from core.games.stadium.frames import ACRE_PRICE

from ...screens.end import EndPage, chart_of, standing_label
from .look import EMPTY, SEAT_COLOURS, money, seat_label

NAME_WIDTH = 14  # the whole table fits in 80 columns


def standings(view) -> Text:
    """Every player, best first: assets = cash + undeveloped land + buildings, and income."""
    text = Text()
    text.append(
        f"{'':{NAME_WIDTH}}{'assets':>12}{'cash':>12}{'land':>12}{'buildings':>12}{'income':>10}\n",
        EMPTY,
    )
    order = sorted(
        range(len(view.players)),
        key=lambda s: (s not in view.result.winners, not view.active[s], -view.assets[s]),
    )
    for seat in order:
        text.append_text(standing_label(view, seat, seat_label(view, seat), NAME_WIDTH))
        land = ACRE_PRICE * view.undeveloped_acres(seat)
        built = view.assets[seat] - view.cash[seat] - land
        text.append(
            f"{money(view.assets[seat]):>12}{money(view.cash[seat]):>12}"
            f"{money(land):>12}{money(built):>12}{money(view.income(seat)):>10}\n",
            "bold" if seat in view.result.winners else "",
        )
    text.rstrip()
    return text


class StadiumEnd(EndPage):
    def sheet(self) -> Text:
        return standings(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        labels = [seat_label(view, seat) for seat in range(len(view.players))]
        return chart_of(
            view,
            view.assets_history,
            view.assets,
            labels,
            SEAT_COLOURS,
            width,
            "Assets at the end of each round",
        )
