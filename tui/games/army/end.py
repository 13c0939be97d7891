"""The end of an Army game: the standings by net worth, and net worth by round."""

from __future__ import annotations

from rich.text import Text

from core.games.army.board import DEEDS

from ...screens.end import EndPage, chart_of, standing_label
from .look import EMPTY, SEAT_COLOURS, money, seat_label

NAME_WIDTH = 22  # "1 Player (bankrupt)" and more; the whole table fits in 80 columns


def standings(view) -> Text:
    """Every player, best first: net worth and what it is made of, and rent paid and received."""
    text = Text()
    text.append(
        f"{'':{NAME_WIDTH}}{'worth':>9}{'cash':>9}{'deeds':>6}{'▪':>3}{'▲':>3}"
        f"{'rent paid':>11}{'received':>10}\n",
        EMPTY,
    )
    out = went_out(view)
    order = sorted(
        range(len(view.players)),
        key=lambda s: (
            s not in view.result.winners,
            not view.active[s],
            -out.index(s) if s in out else -view.net_worth[s],
        ),
    )
    for seat in order:
        text.append_text(standing_label(view, seat, seat_label(view, seat), NAME_WIDTH))
        deeds = [s for s in DEEDS if view.owner[s] == seat]
        stores, barracks = view.buildings(seat)
        paid, received = view.rent_totals[seat]
        text.append(
            f"{money(view.net_worth[seat]):>9}{money(view.cash[seat]):>9}{len(deeds):>6}"
            f"{stores:>3}{barracks:>3}{money(paid):>11}{money(received):>10}\n",
            "bold" if seat in view.result.winners else "",
        )
    text.rstrip()
    return text


def went_out(view) -> list[int]:
    """The seats that went bankrupt, in the order they went (the last out ranks the highest)."""
    return [
        view.players.index(event.args[0])
        for event in view.events
        if event.kind in ("bankrupt-to-bank", "bankrupt-to-player")
    ]


class ArmyEnd(EndPage):
    def sheet(self) -> Text:
        return standings(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        labels = [seat_label(view, seat) for seat in range(len(view.players))]
        return chart_of(
            view,
            view.worth_history,
            view.net_worth,
            labels,
            SEAT_COLOURS,
            width,
            "Net worth at the end of each round",
        )
