"""The end of any game: the verdict, the game's own summary and chart, then again, replay,
title or quit."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.chart import sparklines
from ..widgets.key_bar import KeyBar
from .page import Page

OUT = Style(dim=True)


def standing_label(view, seat: int, label: Text, width: int) -> Text:
    """A player's `label` in the standings, `width` cells: ★ for a winner, "(bankrupt)" for a
    player out of the game; the name is cut, never the mark."""
    status = (
        (" ★", "bold")
        if seat in view.result.winners
        else (" (bankrupt)", OUT)
        if not view.active[seat]
        else ("", "")
    )
    label.truncate(width - len(status[0]), overflow="ellipsis")
    label.append(*status)
    label.truncate(width, pad=True)
    return label


def chart_of(view, history, final, labels: list[Text], colours, width: int, title: str) -> Text:
    """Each player's figure at the end of each round, as sparklines in their colours, ending
    with `final`, the figures the standings show, where the game ended during a round."""
    styles = [Style(color=colours[seat]) for seat in range(len(view.players))]
    if not history or tuple(history[-1]) != tuple(final):
        history = (*history, tuple(final))
    return sparklines(history, labels, styles, width, title)


ASSISTED = (
    "Assisted: moves were taken back or hints asked, so this game counts in no record of wins."
)


class EndPage(Page[str]):
    """Answers one of its `choices` ("again", "title", "quit" on this computer, "lobby" at an
    SSH table). A game's end screen provides `sheet` and `chart`; its table screen gives it
    the choices, and may give it `replay`, which makes a screen replaying the game."""

    AUTO_FOCUS = ".buttons Button"  # Enter takes the first choice; the arrows move between them
    BINDINGS = [
        Binding("a", "choose('again')", "Play again"),
        Binding("r", "replay", "Replay"),
        Binding("t", "choose('title')", "Title"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("q", "choose('lobby')", "Lobby"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, view) -> None:
        super().__init__()
        self.final = view
        self.choices: dict[str, str] = {"quit": "Quit"}  # answer -> its button's label
        self.replay: Callable[[], Screen] | None = None
        self.assisted = False  # moves were taken back or hints asked

    def body(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(Text("Game over", "bold"), classes="dialog-title")
            yield Static(Text(self.final.result.reason, "bold"), id="verdict")
            if self.assisted:
                yield Static(Text(ASSISTED), id="assisted")
            yield Static(self.sheet(), id="sheet")
            yield Static(self.chart(self.app.size.width - 8), id="chart")
            with Horizontal(classes="buttons"):
                for number, (choice, label) in enumerate(self.choices.items()):
                    yield Button(label, id=choice, variant="primary" if not number else "default")
                    if not number and self.replay is not None:
                        yield Button("Replay", id="replay")
        yield KeyBar()

    def set_up(self) -> None:
        super().set_up()
        self.call_after_refresh(self.query_one(KeyBar).show_keys, self)

    def sheet(self) -> Text:
        raise NotImplementedError

    def chart(self, width: int) -> Text:
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "choose":
            return parameters[0] in self.choices
        return action != "replay" or self.replay is not None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
        else:
            self.dismiss(event.button.id)

    def action_replay(self) -> None:
        """The game again, move by move, over this screen (closing it comes back here)."""
        if self.replay is not None:
            self.app.push_screen(self.replay())

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)
