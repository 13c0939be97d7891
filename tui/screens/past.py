"""Finished games, newest first: choose one to replay it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..saves import PastGame
from .page import Page


class PastGamesScreen(Page):
    """`games` listed under `hint`; Enter gives the one chosen to `replay` (by its key)."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self, games: Sequence[PastGame], hint: str,
                 replay: Callable[[str], None]) -> None:
        super().__init__()
        self.games = games
        self.hint = hint
        self.replay = replay

    def body(self) -> ComposeResult:
        with Vertical(id="past"):
            yield Static("Past games", classes="dialog-title")
            yield Static(self.hint, classes="hint")
            yield OptionList(*(Option(Text(game.text), id=game.key, disabled=not game.readable)
                               for game in self.games), id="past-games")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.replay(event.option.id)
