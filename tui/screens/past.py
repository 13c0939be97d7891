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

    def __init__(self, games: Sequence[PastGame], hint: str, replay: Callable[[str], None]) -> None:
        super().__init__()
        self.games = games
        self.hint = hint
        self.replay = replay

    def body(self) -> ComposeResult:
        with Vertical(id="past"):
            yield Static("Past games", classes="dialog-title")
            yield Static(self.hint, id="past-hint", classes="hint", markup=False)
            yield OptionList(*self._options(), id="past-games")
        yield Footer()

    def _options(self) -> list[Option]:
        return [
            Option(Text(game.text), id=game.key, disabled=not game.readable) for game in self.games
        ]

    def show(self, games: Sequence[PastGame], hint: str) -> None:
        """List `games` under `hint` instead."""
        self.games, self.hint = games, hint
        self.query_one("#past-hint", Static).update(hint)
        listed = self.query_one("#past-games", OptionList)
        listed.clear_options()
        listed.add_options(self._options())
        listed.highlighted = 0 if games else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.replay(event.option.id)
