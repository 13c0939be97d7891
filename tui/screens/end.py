"""The end of any game: the verdict, the game's own summary and chart, then again / title / quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from .page import Page


class EndPage(Page[str]):
    """Answers "again", "title" or "quit". A game's end screen provides `sheet` and `chart`."""

    BINDINGS = [Binding("a", "choose('again')", "Play again"), Binding("t", "choose('title')",
                "Title"), Binding("q", "choose('quit')", "Quit")]

    def __init__(self, view) -> None:
        super().__init__()
        self.final = view

    def body(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(Text("Game over", "bold"), classes="dialog-title")
            yield Static(Text(self.final.result.reason, "bold"), id="verdict")
            yield Static(self.sheet(), id="sheet")
            yield Static(self.chart(self.app.size.width - 8), id="chart")
            with Horizontal(classes="buttons"):
                yield Button("Play again", id="again", variant="primary")
                yield Button("Title", id="title")
                yield Button("Quit", id="quit")

    def sheet(self) -> Text:
        raise NotImplementedError

    def chart(self, width: int) -> Text:
        raise NotImplementedError

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
