"""The end of an Army game: the standings by net worth, and net worth by round."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.games.army.board import DEEDS

from ...screens.end import EndPage
from ...widgets.chart import sparklines
from .look import EMPTY, SEAT_COLOURS, money, seat_label

NAME_WIDTH = 22  # "1 Player (bankrupt)" and more; the whole table fits in 80 columns


def standings(view) -> Text:
    """Every player, best first: net worth and what it is made of, and rent paid and received."""
    text = Text()
    text.append(f"{'':{NAME_WIDTH}}{'worth':>9}{'cash':>9}{'deeds':>6}{'▪':>3}{'▲':>3}"
                f"{'rent paid':>11}{'received':>10}\n", EMPTY)
    order = sorted(range(len(view.players)), key=lambda s: (s not in view.result.winners,
                                                            not view.active[s], -view.net_worth[s]))
    for seat in order:
        label = seat_label(view, seat)
        status = (" ★", "bold") if seat in view.result.winners else \
            (" (bankrupt)", EMPTY) if not view.active[seat] else ("", "")
        label.truncate(NAME_WIDTH - len(status[0]), overflow="ellipsis")  # cut the name, not status
        label.append(*status)
        label.truncate(NAME_WIDTH, pad=True)
        text.append_text(label)
        deeds = [s for s in DEEDS if view.owner[s] == seat]
        stores, barracks = view.buildings(seat)
        paid, received = view.rent_totals[seat]
        text.append(f"{money(view.net_worth[seat]):>9}{money(view.cash[seat]):>9}{len(deeds):>6}"
                    f"{stores:>3}{barracks:>3}{money(paid):>11}{money(received):>10}\n",
                    "bold" if seat in view.result.winners else "")
    text.rstrip()
    return text


class ArmyEnd(EndPage):
    def sheet(self) -> Text:
        return standings(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        labels = [seat_label(view, seat) for seat in range(len(view.players))]
        styles = [Style(color=SEAT_COLOURS[seat]) for seat in range(len(view.players))]
        return sparklines(view.worth_history, labels, styles, width,
                          "Net worth at the end of each round")
