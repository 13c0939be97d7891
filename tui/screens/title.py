"""The title screen: continue the saved game, or pick a game to set up."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.engine.record import RecordError
from core.games import about, get_spec

from ..games import PLAYABLE
from ..local import local_app
from ..saves import (
    FINISHED_KEPT,
    autosave_path,
    describe_save,
    kept_games,
    load_table,
    past_games,
    saved_games,
)
from .page import Page
from .past import PastGamesScreen
from .setup import SetupScreen

LOGO = """\
█▄▄ █▀█ █▀█ █▀▄▀█ ▀█▀ █▀█ █ █ █ █▄ █
█▄█ █▄█ █▄█ █ ▀ █  █  █▄█ ▀▄▀▄▀ █ ▀█"""


class TitleScreen(Page):
    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def body(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static("Property-trading board games in the terminal", id="tagline")
            yield OptionList(*self._choices(), id="choices")
        yield Footer()

    def _choices(self) -> list[Option]:
        choices = []
        for game, path in saved_games(PLAYABLE):
            try:
                table = load_table(path)
            except RecordError as exc:
                choices.append(
                    Option(
                        Text(f"Saved {about(game)['title']} game cannot be continued: {exc}"),
                        id=f"broken:{game}",
                        disabled=True,
                    )
                )
            else:
                choices.append(
                    Option(Text(f"Continue {describe_save(table)}"), id=f"continue:{game}")
                )
        for slug in PLAYABLE:
            told = about(slug)
            choices.append(
                Option(f"New game of {told['title']}: {told['summary']}", id=f"new:{slug}")
            )
        kept = len(kept_games())  # counted, not read: the list reads them
        if kept:
            choices.append(Option(f"Replay a past game ({kept} kept)", id="past"))
        return choices

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app, choice = local_app(self), event.option.id or ""
        if choice.startswith("continue:"):
            app.resume(autosave_path(choice.removeprefix("continue:")))
        elif choice == "past":
            hint = (
                f"The last {FINISHED_KEPT} games finished here are kept. Enter replays one; "
                "Esc goes back."
            )
            self.app.push_screen(
                PastGamesScreen(past_games(), hint, lambda key: app.replay(Path(key)))
            )
        elif choice.startswith("new:"):
            self.app.push_screen(SetupScreen(get_spec(choice[4:])))
