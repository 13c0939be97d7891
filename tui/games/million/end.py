"""The end of a Million game: the standings by cash, with what each player holds, and cash by
round."""

from __future__ import annotations

from rich.text import Text

from ...screens.end import EndPage, chart_of, standing_label
from .look import EMPTY, SEAT_COLOURS, money, seat_label

NAME_WIDTH = 14  # the whole table fits in 80 columns


def standings(view) -> Text:
    """Every player, best first: cash, worth (businesses at price, leases refunded), what a
    stunt paid them at the end, businesses held."""
    text = Text()
    text.append(
        f"{'':{NAME_WIDTH}}{'cash':>12}{'worth':>12}{'per stunt':>12}{'businesses':>12}\n", EMPTY
    )
    order = sorted(
        range(len(view.players)),
        key=lambda s: (s not in view.result.winners, -view.cash[s], -view.worth[s]),
    )
    for seat in order:
        text.append_text(standing_label(view, seat, seat_label(view, seat), NAME_WIDTH))
        text.append(
            f"{money(view.cash[seat]):>12}{money(view.worth[seat]):>12}"
            f"{money(view.income(seat)):>12}{len(view.held(seat)):>12}\n",
            "bold" if seat in view.result.winners else "",
        )
    text.rstrip()
    return text


class MillionEnd(EndPage):
    def sheet(self) -> Text:
        return standings(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        labels = [seat_label(view, seat) for seat in range(len(view.players))]
        return chart_of(
            view,
            view.cash_history,
            view.cash,
            labels,
            SEAT_COLOURS,
            width,
            "Cash at the end of each round",
        )
