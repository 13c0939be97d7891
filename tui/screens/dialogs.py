"""Small modal screens: confirm (quitting, replacing a save), hand the keyboard over, help."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from ..widgets.help_text import ThemedMarkdown, markdown_theme
from .page import ModalPage


class Confirm(ModalPage[bool]):
    """Asks a question; answers True for yes (its button or y), False for no (or Escape)."""

    BINDINGS = [Binding("escape", "dismiss(False)", "No"), Binding("y", "dismiss(True)", "Yes")]

    def __init__(self, question: str, explanation: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.explanation, self.yes, self.no = question, explanation, yes, no

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            yield Static(Text(self.explanation))
            with Horizontal(classes="buttons"):
                yield Button(self.yes, id="yes", variant="primary")
                yield Button(self.no, id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


SAVED = "It is saved, and boomtown will offer to continue it next time."


def confirm_quit(explanation: str = SAVED) -> Confirm:
    """Asks before leaving a game; answers True to leave."""
    return Confirm("Leave this game?", explanation, "Leave", "Keep playing")


class HandOver(ModalPage[None]):
    """Hides the table between two people's turns when money is hidden (hot-seat)."""

    BINDINGS = [Binding("enter", "dismiss", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__(classes="opaque")
        self.player = name

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(f"{self.player}'s turn"), classes="dialog-title")
            yield Static(
                Text(
                    f"Money is hidden in this game. Pass the keyboard to {self.player}, "
                    "then press Enter."
                )
            )
            with Horizontal(classes="buttons"):
                yield Button(Text(f"I am {self.player}"), id="ready", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


class Help(ModalPage[None]):
    """The keys and a short summary of the rules; the arrows and page keys scroll it."""

    AUTO_FOCUS = ".help"
    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__(classes="tall")
        self.text = text

    def body(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static(Text("Esc, q or ? closes this · ↑ ↓ PgUp PgDn scroll", "dim"))
            theme = markdown_theme(self.app.theme_variables, self.app.current_theme.dark)
            yield Static(ThemedMarkdown(self.text, theme), classes="help-text")


class LogPage(ModalPage[None]):
    """The whole log, for a window too small to show it beside the board; it opens at the
    newest line, and the arrows and page keys scroll it."""

    AUTO_FOCUS = ".help"
    BINDINGS = [Binding("escape,q", "dismiss", "Close")]

    def __init__(self, lines) -> None:
        super().__init__(classes="tall")
        self.lines = lines

    def body(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static(Text("The log · Esc or q closes this · ↑ ↓ PgUp PgDn scroll", "dim"))
            yield Static(Text("\n".join(self.lines)), classes="help-text")

    def set_up(self) -> None:
        super().set_up()
        self.query_one(VerticalScroll).scroll_end(animate=False)


class OutOfTheGame(ModalPage[str]):
    """Everyone at the keyboard is out (bankrupt) while the bots play on: watch them at speed,
    jump to the result, or leave. Answers "watch", "result" or "leave"."""

    BINDINGS = [
        Binding("w", "dismiss('watch')", "Watch fast"),
        Binding("r", "dismiss('result')", "Skip to the result"),
        Binding("l,escape", "dismiss('leave')", "Leave"),
    ]

    def __init__(self, players_left: int) -> None:
        super().__init__()
        self.players_left = players_left

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("You are out of the game", classes="dialog-title")
            yield Static(
                Text(
                    f"{self.players_left} players play on. Watch them at speed (w), "
                    "skip straight to the result (r), or leave (l)."
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Watch fast", id="watch", variant="primary")
                yield Button("Skip to the result", id="result")
                yield Button("Leave", id="leave")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)
