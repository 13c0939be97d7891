"""The finished games kept on this computer, newest first: choose one to replay it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..saves import FINISHED_KEPT, past_games
from .page import Page


class PastGamesScreen(Page):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def body(self) -> ComposeResult:
        games = past_games()
        with Vertical(id="past"):
            yield Static("Past games", classes="dialog-title")
            yield Static(f"The last {FINISHED_KEPT} games finished here are kept. Enter replays "
                         "one; Esc goes back.", classes="hint")
            yield OptionList(*(Option(Text(game.text), id=str(game.path),
                                      disabled=not game.readable) for game in games),
                             id="past-games")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        from pathlib import Path

        self.app.replay(Path(event.option.id))
