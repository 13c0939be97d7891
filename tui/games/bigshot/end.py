"""The end of a Big Shot game: everyone's balance sheet, the winner and why, worth by round."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from core.games.bigshot.scoring import describe_lot

from ...screens.page import Page
from ...widgets.canvas import Canvas
from .look import BADGES, EMPTY, seat_label

CHART_HEIGHT = 8


def balance_sheet(view) -> Text:
    result = view.result
    text = Text()
    text.append(f"{'':16}{'lots':>5}{'value':>7}{'cash':>6}{'debts':>7}{'total':>7}  2+ lots\n",
                EMPTY)
    for seat, sheet in enumerate(result.details):
        label = seat_label(view, seat)
        if seat in result.winners:
            label.append(" ★", "bold")
        label.truncate(16, pad=True)
        text.append_text(label)
        eligible = "yes" if sheet.eligible else "no"
        text.append(f"{len(sheet.lots):>5}{sheet.lot_value:>7}{sheet.cash:>6}{-sheet.debt:>7}"
                    f"{sheet.total:>7}  {eligible}\n", "bold" if seat in result.winners else "")
    for seat, sheet in enumerate(result.details):
        lots = ", ".join(describe_lot(*entry) for entry in sheet.lots) or "no lots"
        text.append(f"{view.players[seat]}: ", "bold")
        text.append(lots + "\n")
    text.rstrip()
    return text


def worth_chart(view, width: int) -> Text:
    """Each seat's balance at the end of each round, as a letter per seat per round."""
    history = view.worth_history
    if not history:
        return Text("")
    low = min(min(row) for row in history)
    high = max(max(row) for row in history)
    span = max(1, high - low)
    step = max(1, min(4, (width - 7) // len(history)))
    canvas = Canvas(7 + step * len(history), CHART_HEIGHT + 1)
    canvas.put(0, 0, f"{high:>5} ┤", EMPTY)
    canvas.put(0, CHART_HEIGHT - 1, f"{low:>5} ┤", EMPTY)
    for y in range(1, CHART_HEIGHT - 1):
        canvas.put(6, y, "│", EMPTY)
    for r in range(len(history)):
        if r % 3 == 0 or r == len(history) - 1:
            canvas.put(7 + r * step, CHART_HEIGHT, f"{r + 1}", EMPTY)
    for seat in range(len(view.players)):
        colour = view.seat_colours[seat][0]
        letter = view.players[seat][:1].upper() or "?"
        for r, row in enumerate(history):
            y = CHART_HEIGHT - 1 - round((row[seat] - low) / span * (CHART_HEIGHT - 1))
            canvas.put(7 + r * step, y, letter, BADGES[colour])
    text = Text("Worth by round (first letter of each name)\n", Style(bold=True))
    text.append_text(canvas.to_text())
    return text


class BigShotEnd(Page[str]):
    """Answers "again", "title" or "quit"."""

    BINDINGS = [Binding("a", "choose('again')", "Play again"), Binding("t", "choose('title')",
                "Title"), Binding("q", "choose('quit')", "Quit")]

    def __init__(self, view) -> None:
        super().__init__()
        self.final = view

    def body(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(Text("Game over", "bold"), classes="dialog-title")
            yield Static(Text(self.final.result.reason, "bold"), id="verdict")
            yield Static(balance_sheet(self.final), id="sheet")
            yield Static(worth_chart(self.final, self.app.size.width - 8), id="chart")
            with Horizontal(classes="buttons"):
                yield Button("Play again", id="again", variant="primary")
                yield Button("Title", id="title")
                yield Button("Quit", id="quit")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
