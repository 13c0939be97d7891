"""Where a table screen's game is played, and what that changes.

A table screen is given a venue: `LocalVenue` (a game on this computer: its bots, its save,
leaving for the title), `net.screens.table_screen.NetVenue` (a table at an SSH host: chat, who is
away, the lobby) or `tui.replay.ReplayVenue` (a finished game again, move by move). The screen has
one set of keys; a venue's own are its `key_<name>` methods, bound as `venue('<name>')`, and
it may take the keys the game shares with it (the arrows, `+` and `-`, Escape) first.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.worker import Worker

from core.engine.errors import StaleAction
from play.analysis import Analysing
from play.ratings import RatingChanges
from play.table import LocalTable

from ..local import LocalApp, local_app
from ..saves import analyse_here, forget_save, keep_finished, save_table
from ..turn_bell import WAIT
from .dialogs import OutOfTheGame, confirm_quit

if TYPE_CHECKING:
    from .table import TableScreen

FAST_PACE = 0.05  # seconds between bots' moves when a person out of the game watches fast
SHARED_KEYS = ("arrow", "nudge", "escape")  # keys the game and its venue share


class Venue:
    """What every venue shares; each says what is its own."""

    KEYS_HELP = ""  # the keys of every table here (Markdown), shown between the game's and rules
    KEYS_LAST: tuple[str, ...] = ("take_back", "hint")  # key bar actions after the game's
    LABELS: Mapping[str, str] = {}  # a key's label on the key bar here, by its action
    END_CHOICES: Mapping[str, str] = {}  # the end screen's buttons: answer -> label
    NO_TAKING_BACK = "Nothing to take back."
    WATCHING = " · watching"  # the status line's word for a spectator's screen
    place_name = ""  # where the game is, in the window's title ("table 3"; "": nowhere to say)
    plays = True  # whether the game's own keys act here

    screen: TableScreen

    def attach(self, screen: TableScreen) -> None:
        self.screen = screen

    def detach(self) -> None:
        """The screen has gone: nothing more of it is followed."""

    def allows(self, action: str, parameters: tuple) -> bool | None:
        """Whether one of the venue's keys applies now (`venue('<name>')`), or the venue takes
        a key it shares with the game (None: the game's, not the venue's)."""
        if action == "venue":
            return hasattr(self, f"key_{parameters[0]}")
        return None

    def status(self, line: str) -> str:
        """The status line, with what the venue adds to it."""
        return line

    def moved(self) -> None:
        """The game may have moved on (the screen is about to show it)."""

    def going_on(self) -> None:
        """The screen shows the game now, and it is not over."""

    def draws_keys(self) -> bool:
        """Draw the key bar in the venue's own way, if it has one for now."""
        return False

    def why_no_taking_back(self) -> str:
        """Why Undo takes nothing back now."""
        return self.NO_TAKING_BACK

    def new_lines(self, log: Sequence[str], shown: int) -> list[str]:
        """The lines to add to the log panel, which shows the game's first `shown`."""
        return list(log[shown:])

    def finished(self) -> bool:
        """The game is over: whether to show its end."""
        return True

    def end_choices(self) -> Mapping[str, str]:
        return self.END_CHOICES

    def analysis(self) -> tuple[Analysing | None, Sequence[int]]:
        """The finished game's analysis, if it has one, and whose moves the end names."""
        return None, ()

    def ratings(self) -> RatingChanges | None:
        """The people's rating changes the finished game made, where games are rated."""
        return None

    async def on_end_choice(self, choice: str | None) -> None:
        """What the person chose at the end of the game."""

    def take(self, action: str, *parameters: Any) -> bool:
        """Act on a key the venue shares with the game; False to leave it to the game."""
        return False


class LocalVenue(Venue):
    """A game on this computer: its bots play in the screen's workers at a visible pace, it is
    saved after every move, and leaving goes back to the title."""

    KEYS_HELP = f"""\
# Keys at every table

- `Ctrl+Z` (undo): take back your last move and the bots' replies to it, again for the move
  before, as far back as the last die thrown or card drawn.
- `Ctrl+P`: every action you may take now, searchable; type `bell` to have the terminal's bell
  ring when your turn comes after {WAIT:g} s of others' play (on at an SSH host, off on your own).
- `h` (hint): what a bot would play in your place now, and, where it weighs the moves by
  playing them out, how each came out.
- `?` this help; `q` leave (the game is saved after every move, and `Ctrl+S` saves too).
- `PageUp` / `PageDown` scroll the log (where a small window has no room for it, `PageUp`
  shows the whole log on a page of its own).
"""
    END_CHOICES = {"again": "Play again", "title": "Title", "quit": "Quit"}
    NO_TAKING_BACK = (
        "Nothing to take back: Undo goes back to your last move, as far as the "
        "last die thrown or card drawn."
    )

    NO_TAKING_BACK_SAVED = (
        "Nothing to take back: this game was continued from a save, and moves made before it "
        "was saved stand."
    )

    def __init__(self, pace: float = 0.0, save_path: Path | None = None) -> None:
        self.pace = pace  # seconds between the bots' moves
        self.save_path = save_path
        self._saved_version: int | None = None  # the game as last saved
        self._save_failure = ""  # why the last save failed, once said
        self._out_offered = False
        self._skipping = False
        self._analysing: Analysing | None = None

    def attach(self, screen: TableScreen) -> None:
        super().attach(screen)
        self._saved_version = screen.view.version

    def why_no_taking_back(self) -> str:
        table = self.screen.table
        assert isinstance(table, LocalTable)
        return self.NO_TAKING_BACK_SAVED if table.match.settled_by_the_save else self.NO_TAKING_BACK

    @property
    def table(self) -> LocalTable:
        table = self.screen.table
        if not isinstance(table, LocalTable):
            raise TypeError("a game on this computer only")
        return table

    def _app(self) -> LocalApp:
        return local_app(self.screen)

    # -- saving ------------------------------------------------------------------------------------

    def moved(self) -> None:
        """Save after every action: however the app ends (q, Ctrl+Q, Ctrl+C, a closed
        terminal, a signal), the saved game is the one played."""
        if self.save_path is None:
            return
        version = self.table.view(None).version
        if version != self._saved_version:
            self._saved_version = version
            self.key_save(quiet=True)

    def key_save(self, quiet: bool = False) -> None:
        if self.save_path is None or self.table.is_over():
            return
        try:
            save_table(self.table, self.save_path)
        except OSError as exc:
            if not quiet or str(exc) != self._save_failure:  # said once, not at every move
                self.screen.warn(f"Could not save: {exc}")
            self._save_failure = str(exc)
            return
        self._save_failure = ""
        if not quiet:
            self.screen.notify(f"Saved to {self.save_path}")

    def key_leave(self) -> None:
        def leave(yes: bool | None) -> None:
            if yes:
                self.key_save(quiet=True)
                self._app().switch_to_title()

        self.screen.app.push_screen(confirm_quit(), leave)

    def finished(self) -> bool:
        kept = None
        if self.save_path is not None:  # nothing left to continue, but a game to watch again
            kept = keep_finished(self.table)
            forget_save(self.save_path)
        self._analysing = Analysing(self.table.match.record, self.screen.place.human_seats())
        self.screen.run_worker(analyse_here(self._analysing, kept), group="analysis")
        return True

    def analysis(self) -> tuple[Analysing | None, Sequence[int]]:
        return self._analysing, self._analysing.seats if self._analysing else ()

    async def on_end_choice(self, choice: str | None) -> None:
        if choice == "again":
            self._app().play_again(self.table)
        elif choice == "title":
            self._app().switch_to_title()
        else:
            self.screen.app.exit()

    # -- the bots ----------------------------------------------------------------------------------

    def going_on(self) -> None:
        seat = self.table.bot_to_move()
        if seat is not None and not self._skipping:
            self.run_bots(partial(self._bot_turn, seat))
        self._offer_a_way_out()

    def run_bots(self, work: Callable[[], Coroutine[None, None, None]]) -> Worker[None]:
        """Run the bots' `work` in their one worker, replacing any before it: the worker makes
        the coroutine when it starts, so one replaced before it starts leaves no coroutine
        never awaited behind."""
        return self.screen.run_worker(work, group="bots", exclusive=True)

    async def _bot_turn(self, seat: int) -> None:
        if self.pace:
            await asyncio.sleep(self.pace)
        version, action = await asyncio.to_thread(self.table.bot_choice, seat)
        try:
            self.table.act(seat, action, version)
        except StaleAction:
            pass  # the game moved on while the bot thought; it will be asked again
        self.screen.refresh_view()

    def _offer_a_way_out(self) -> None:
        """Everyone at this keyboard is out and bots play on: watch fast, skip, or leave."""
        screen = self.screen
        if self._out_offered or not screen.place.hot_seat:
            return
        humans = screen.place.human_seats()
        out = screen.players_out()
        if not humans or not set(humans) <= out:
            return
        self._out_offered = True  # asked over the table as it stands, once it is drawn
        seats_left = len(self.table.seats) - len(out)
        screen.call_after_refresh(screen.app.push_screen, OutOfTheGame(seats_left), self._on_out)

    def _on_out(self, choice: str | None) -> None:
        if choice == "watch":
            self.pace = min(self.pace, FAST_PACE)
        elif choice == "result":
            self._skipping = True
            self.run_bots(self._play_to_the_end)
        else:
            if self.save_path is not None:
                forget_save(self.save_path)  # nobody here is left to continue it
            self._app().switch_to_title()

    async def _play_to_the_end(self) -> None:
        """The bots' moves to the end of the game, off the event loop, then the result."""
        table = self.table

        def play() -> None:
            while (seat := table.bot_to_move()) is not None:
                version, action = table.bot_choice(seat)
                with contextlib.suppress(StaleAction):  # a bot move already on its way
                    table.act(seat, action, version)

        await asyncio.to_thread(play)
        self.screen.refresh_view()
