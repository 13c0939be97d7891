"""The end of a Big Shot game: everyone's balance sheet, the winner and why, worth by round."""

from __future__ import annotations

from rich.text import Text

from core.games.bigshot.board import COLOUR_LETTERS, COLOURS, LOTS, lot_worth
from core.games.bigshot.scoring import describe_lot
from core.games.bigshot.view import BigShotView

from ...screens.end import EndPage
from ...widgets.chart import worth_chart
from .look import BADGES, EMPTY, seat_label


def balance_sheet(view: BigShotView) -> Text:
    result = view.result
    text = Text()
    if result is None:  # (an end screen is shown once the game is over)
        return text
    text.append(
        f"{'':16}{'lots':>5}{'value':>7}{'cash':>6}{'debts':>7}{'total':>7}  2+ lots\n", EMPTY
    )
    for seat, sheet in enumerate(result.details):
        label = seat_label(view, seat)
        if seat in result.winners:
            label.append(" ★", "bold")
        label.truncate(16, pad=True)
        text.append_text(label)
        eligible = "yes" if sheet.eligible else "no"
        text.append(
            f"{len(sheet.lots):>5}{sheet.lot_value:>7}{sheet.cash:>6}{-sheet.debt:>7}"
            f"{sheet.total:>7}  {eligible}\n",
            "bold" if seat in result.winners else "",
        )
    for seat, sheet in enumerate(result.details):
        lots = ", ".join(describe_lot(*entry) for entry in sheet.lots) or "no lots"
        text.append(f"{view.players[seat]}: ", "bold")
        text.append(lots + "\n")
    if view.ghost >= 0:
        ghost = [
            describe_lot(lot, view.ghost, lot_worth(lot, view.ghost, view.owners))
            for lot, owner in enumerate(view.owners)
            if owner == view.ghost
        ]
        text.append(f"The ghost ({COLOURS[view.ghost]}, scoring nothing): ", "bold")
        text.append((", ".join(ghost) or "no lots") + "\n")
    unwon = [LOTS[lot].name for lot, owner in enumerate(view.owners) if owner < 0]
    if unwon:
        text.append("Won by nobody: ", "bold")
        text.append(", ".join(unwon) + "\n")
    text.rstrip()
    return text


class BigShotEnd(EndPage):
    def sheet(self) -> Text:
        return balance_sheet(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        firsts = [colours[0] for colours in view.seat_colours]  # a letter no one else has
        marks = [(COLOUR_LETTERS[colour], BADGES[colour]) for colour in firsts]
        return worth_chart(
            view.worth_history,
            marks,
            width,
            "Worth by round (each player by their first colour's letter)",
        )
