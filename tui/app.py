"""The Boomtown application: title, setup and table screens on one local terminal."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.engine.record import RecordError
from core.engine.replay import Replay
from play.table import BOT_PACE, LocalTable, Seat

from .base import BaseApp
from .games import screen_class
from .replay import replay_screen
from .saves import autosave_path, data_dir, describe_save, load_replay, load_table
from .screens.dialogs import Confirm
from .screens.title import TitleScreen
from .screens.venue import LocalVenue
from .settings import keep_setting, load_settings
from .terminal import blanking


class BoomtownApp(BaseApp):
    CSS_PATH = "app.tcss"
    TITLE = "Boomtown"

    def __init__(
        self,
        table: LocalTable | None = None,
        pace: float = BOT_PACE,
        save_path: Path | None | bool = True,
        replay: tuple[Replay, list[Seat]] | None = None,
    ) -> None:
        """A game at `table`, else the title screen, with `replay` over it if given."""
        super().__init__()
        self.table = table
        self.pace = pace
        self._save_path = save_path
        self._first_replay = replay
        self._keeps_settings = save_path not in (None, False)  # a person's app, not a test's
        if self._keeps_settings:
            self.turn_bell = load_settings().get("turn_bell", self.turn_bell) is True

    def choose_turn_bell(self, on: bool) -> None:
        super().choose_turn_bell(on)
        if self._keeps_settings:
            keep_setting("turn_bell", on)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save the screen as SVG in the data directory's screenshots folder and say where
        (Textual's own wrote to ~/Downloads and said nothing where that did not exist)."""
        folder = Path(path) if path else data_dir() / "screenshots"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder))
        except OSError as exc:
            self.notify(
                f"The screenshot could not be saved in {folder}: {exc.strerror or exc}.",
                title="Screenshot",
                severity="error",
            )
            return
        self.notify(f"Saved as {saved}", title="Screenshot")

    def on_theme_chosen(self, theme) -> None:
        """Keep the theme a person chose for the next run."""
        if self._keeps_settings:
            keep_setting("theme", theme.name)

    def get_driver_class(self):
        return blanking(super().get_driver_class())

    def save_path(self, table: LocalTable) -> Path | None:
        """Where a game at `table` autosaves; None when saving is off (tests, spectating)."""
        if self._save_path is True:
            return autosave_path(table.match.spec.slug)
        return self._save_path or None

    def on_mount(self) -> None:
        if self._keeps_settings:
            theme = load_settings().get("theme")
            if isinstance(theme, str) and theme in self.available_themes:
                self.theme = theme
            self.theme_changed_signal.subscribe(self, self.on_theme_chosen)
        if self.table is not None and self._save_path is True:
            table, self.table = self.table, None
            self._play_new(table)  # boomtown play: a game of its kind may be saved
        elif self.table is not None:
            self.push_screen(self._table_screen(self.table))
        else:
            self.push_screen(TitleScreen())
        if self._first_replay is not None:
            # a file handed to `boomtown replay` is analysed, not written into
            self.push_screen(replay_screen(*self._first_replay, analyses=True))

    def _table_screen(self, table: LocalTable):
        venue = LocalVenue(self.pace, self.save_path(table))
        return screen_class(table.match.spec.slug)(table, venue)

    def start_game(
        self,
        game: str,
        seats: Sequence[Seat],
        seed: int,
        options: dict[str, Any],
        pace: float | None = None,
    ) -> None:
        if pace is not None:
            self.pace = pace
        self._play_new(LocalTable.new(game, seats, seed, options))

    def _play_new(self, table: LocalTable) -> None:
        """Show a new game at `table`; where a game of its kind is saved, only once the person
        agrees to replace it (else the title screen stays, offering to continue it)."""

        def play(replace: bool | None = True) -> None:
            if replace:
                self.table = table
                self._show_only(self._table_screen(table))
            elif not self.screen_stack[1:]:
                self.push_screen(TitleScreen())

        saved = self._save_path is True and autosave_path(table.match.spec.slug)
        try:
            replaced = load_table(saved) if saved and saved.exists() else None
        except (OSError, RecordError):
            replaced = None  # a save that cannot be continued is no loss
        if replaced is None:
            play()
        else:
            self.push_screen(
                Confirm(
                    "Replace the saved game?",
                    f"Your saved game, {describe_save(replaced)}, will be "
                    "replaced by the new one. The other games' saves are kept.",
                    "Start the new game",
                    "Keep it",
                ),
                play,
            )

    def resume(self, path: Path) -> None:
        try:
            self.table = load_table(path)
        except RecordError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self._show_only(self._table_screen(self.table))

    def replay(self, path: Path) -> None:
        """Replay the game saved at `path` over the screen on top (q comes back to it)."""
        try:
            replay, seats = load_replay(path)
        except RecordError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.push_screen(replay_screen(replay, seats, kept=path, analyses=True))

    def play_again(self, table: LocalTable) -> None:
        record = table.match.record
        self.start_game(record.game, table.seats, record.seed + 1, record.options)

    def switch_to_title(self) -> None:
        self.table = None
        self.name_window("")  # "Boomtown": no longer a game's
        self._show_only(TitleScreen())

    def _show_only(self, screen) -> None:
        """Make `screen` the only screen: leaving a game or starting one clears what was there."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)
