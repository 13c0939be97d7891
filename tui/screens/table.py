"""A game in progress: any game's screen builds on this one.

It keeps the person at the keyboard's view current, runs this computer's bots in workers at a
visible pace, hides the table between two people's turns when money is hidden (hot-seat), saves,
and shows the end. A game's screen adds its panels (`panels`), draws a view (`show`) and turns
keys into actions. The same screen serves a table on this computer and one at the SSH host.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.worker import Worker

from core.engine.actions import Action
from core.engine.errors import StaleAction
from core.text import sentence
from play.place import HOT_SEAT, REFUSAL_SECONDS, Place
from play.prompt import Control, Prompts
from play.table import LocalTable, Table

from ..base import BaseApp
from ..replay import replay_screen
from ..saves import forget_save, keep_finished, save_table
from ..turn_bell import WAIT, TurnBell
from ..widgets.key_bar import KeyBar
from ..widgets.log_panel import LogPanel
from ..widgets.panel import TextPanel
from .dialogs import HandOver, Help, LogPage, OutOfTheGame, confirm_quit
from .end import EndPage
from .page import Page

if TYPE_CHECKING:
    from ..app import BoomtownApp

FAST_PACE = 0.05  # seconds between bots' moves when a person out of the game watches fast
MOVE_FIRST = 1.0  # the palette sorts by score: moves above Textual's own commands (score 0)


class GameCommands(Provider):
    """The command palette offers every action the person at the keyboard may take now: listed
    first when nothing is typed, and found by name when something is."""

    def _moves(self):
        """(label, play it) for each action the person at the keyboard may take now."""
        screen = self.screen
        if isinstance(screen, TableScreen) and screen.viewer is not None:
            for action in screen.view.legal:
                yield sentence(str(action)), lambda a=action: screen.submit(a)

    def _commands(self):
        """(label, run it) for the table's other commands open now: trade, undo, hint, the
        bell, help, save, leave."""
        screen = self.screen
        if getattr(screen, "may_trade", None) and screen.may_trade("trade"):
            yield "Trade: offer a trade", screen.action_trade
        if screen._may_take_back():
            yield "Undo: take back your last move", screen.action_take_back
        if screen.table.hints and screen.viewer is not None and screen._mine():
            yield "Hint: what a bot would play now", screen.action_hint
        yield (
            (
                f"Bell when your turn comes after a wait: turn it "
                f"{'off' if self.app.turn_bell else 'on'}"
            ),
            screen.action_toggle_bell,
        )
        yield "Help: keys and rules", screen.action_help
        yield "Save the game", screen.action_save
        yield "Leave the game", screen.action_leave

    async def discover(self) -> Hits:
        """With nothing typed: every move open now, then the table's commands."""
        for label, play in self._moves():
            yield Hit(MOVE_FIRST, Text(label), play, text=label, help="play this now")
        if isinstance(self.screen, TableScreen):
            for label, method in self._commands():
                yield Hit(MOVE_FIRST / 2, Text(label), method, text=label)

    async def search(self, query: str) -> Hits:
        if not isinstance(self.screen, TableScreen):
            return
        matcher = self.matcher(query)
        for label, play in self._moves():
            match = matcher.match(label)
            if match > 0:
                yield Hit(match, matcher.highlight(label), play, help="play this now")
        for label, method in self._commands():
            match = matcher.match(label)
            if match > 0:
                yield Hit(match, matcher.highlight(label), method)


def control_bindings(prompts: Prompts, aimed: bool = False) -> list[Binding]:
    """The bindings of a game's controls that send what the game lists (`answer(i)`), or of
    those `aimed` at what the cursor is on (`aim(i)`), `i` the control's place in the game's
    prompts. Two controls may share a key where the game never lists both at once (Army's `y`
    buys a deed or accepts an offer): the key sends the one listed."""
    name = "aim" if aimed else "answer"
    return [
        Binding(c.key, f"{name}({i})", c.label, show=c.shown)
        for i, c in enumerate(prompts.controls)
        if c.aimed == aimed
    ]


class TableScreen(Page):
    COMMANDS = Page.COMMANDS | {GameCommands}
    BINDINGS = [
        Binding("ctrl+z", "take_back", "Undo"),
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("h", "hint", "Hint", show=False),
        Binding("q", "leave", "Quit"),
        Binding("pageup", "log_page(1)", "Older log", show=False),
        Binding("pagedown", "log_page(-1)", "Newer log", show=False),
    ]
    KEYS_LAST = ("take_back",)  # the key bar lists the game's keys before Undo
    HELP = ""  # the game's keys, then its rules in brief (Markdown); KEYS_HELP goes between
    KEYS_HELP = f"""\
# Keys at every table

- `Ctrl+Z` (undo): take back your last move and the bots' replies to it, again for the move
  before, as far back as the last die thrown or card drawn.
- `Ctrl+P`: every action you may take now, searchable; type `bell` to have the terminal's bell
  ring when your turn comes after {WAIT:g} s of others' play (on at an SSH host, off on your own).
- `h` (hint): what a bot would play in your place now.
- `?` this help; `q` leave (the game is saved after every move, and `Ctrl+S` saves too).
- `PageUp` / `PageDown` scroll the log (where a small window has no room for it, `PageUp`
  shows the whole log on a page of its own).
"""
    GAME = ""  # the game's title
    PROMPTS = Prompts({}, ())  # what the game asks, and the controls that answer it
    # the game's panels (a class, or anything that makes one from the keywords a widget takes)
    BOARD: ClassVar[Callable[..., Widget]] = Widget
    AUCTION: ClassVar[Callable[..., Widget]] = Widget
    LEDGER: ClassVar[Callable[..., Widget]] = Widget
    FULL_SIZE = (110, 36)  # the smallest window the full layout fits; below, the compact one
    WATCHING = " · watching"  # the status line's word for a spectator's screen
    END_CHOICES = {"again": "Play again", "title": "Title", "quit": "Quit"}  # the end's buttons
    NO_TAKING_BACK = (
        "Nothing to take back: Undo goes back to your last move, as far as the "
        "last die thrown or card drawn."
    )

    def __init__(
        self,
        table: Table,
        pace: float = 0.0,
        save_path: Path | None = None,
        seat: int | Literal["hot-seat"] | None = HOT_SEAT,
    ) -> None:
        super().__init__()
        self.table = table
        self.place = Place(table, self.PROMPTS, seat)  # whose view, their moves, refusals, hints
        self.pace = pace
        self.save_path = save_path
        self.hot_seat = self.place.hot_seat
        self._logged = 0
        self._handing_over = False
        self._ended = False
        self._saved_version = self.view.version  # the game as last saved
        self._save_failure = ""  # why the last save failed, once said
        self._keys_for: tuple | None = None  # what the footer's keys were last worked out for
        self._drawn = None  # the view the panels show
        self._bell = TurnBell()

    @property
    def local_table(self) -> LocalTable:
        """The table, a game on this computer: the screen's own bots, saves and leaving for the
        title are for such a table only (TypeError at any other)."""
        if not isinstance(self.table, LocalTable):
            raise TypeError("a game on this computer only")
        return self.table

    def _local_app(self) -> BoomtownApp:
        """The app on this computer, for a game on this computer (TypeError in another)."""
        from ..app import local_app

        return local_app(self)

    @property
    def base_app(self) -> BaseApp:
        """The app, as every Boomtown app is (the turn bell's setting)."""
        if not isinstance(self.app, BaseApp):
            raise TypeError("a table screen runs in a Boomtown app")
        return self.app

    @property
    def viewer(self) -> int | None:
        """The seat whose view the screen shows (None: a spectator's)."""
        return self.place.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.place.viewer = seat

    @property
    def view(self) -> Any:
        return self.place.view

    @property
    def message(self) -> str:
        """The last refusal, shown until it is outlived (`warn`)."""
        return self.place.message

    @message.setter
    def message(self, text: str) -> None:
        self.place.message = text

    # -- layout ----------------------------------------------------------------------------------

    def body(self) -> ComposeResult:
        yield TextPanel(id="status")
        yield from self.panels()
        yield from self.lower()
        yield KeyBar(id="keys")

    def panels(self) -> ComposeResult:
        """The game's Board beside its Auction and Ledger panels (a screen sets their classes)."""
        with Horizontal(id="main"):
            yield self._titled(self.BOARD(id="board", classes="panel"), "Board")
            with Vertical(id="side"):
                yield self._titled(self.AUCTION(id="auction", classes="panel"), "Auction")
                yield self._titled(self.LEDGER(id="ledger", classes="panel"), "Ledger")

    def lower(self) -> ComposeResult:
        """What stands under the main row: the log (or `ledger_beside_log`)."""
        yield self._titled(LogPanel(id="log"), "Log")

    def ledger_beside_log(self) -> ComposeResult:
        """The full Ledger beside the log, under the main row."""
        with Horizontal(id="lower"):
            yield self._titled(self.LEDGER(id="ledger", classes="panel"), "Ledger")
            yield from TableScreen.lower(self)

    @staticmethod
    def _titled(widget: Widget, title: str) -> Widget:
        widget.border_title = title
        return widget

    def set_up(self) -> None:
        super().set_up()
        self.refresh_view()

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _fit(self, width: int, height: int) -> None:
        super()._fit(width, height)
        self.set_class(width < self.FULL_SIZE[0] or height < self.FULL_SIZE[1], "-compact")
        if hasattr(self, "view") and self.is_mounted:
            self.show(self.view)

    # -- keeping the screen current ----------------------------------------------------------------

    def refresh_view(self) -> None:
        table = self.table
        if not table.is_over():
            self._autosave()  # before anything is shown: a hand-over may be left with Ctrl+Q
        actor = self.place.next_at_keyboard()
        if actor is not None:
            if self.place.needs_hand_over(self.view):
                self._hand_over(actor)
                return
            self.viewer = actor
        self.place.look()
        if self._bell.turn_came(self._mine()) and self.base_app.turn_bell:
            self.app.bell()
        self.query_one("#status", TextPanel).show_text(self.status_line())
        if self.view is not self._drawn:  # news that changes no view (chat, who is online)
            self._drawn = self.view  # redraws no board
            self.show(self.view)
            self._refresh_keys()
        self._append_log()
        if table.is_over():
            self._finish()
        else:
            self._schedule_bot()
            self._offer_a_way_out()

    def _refresh_keys(self) -> None:
        """Re-check which keys apply only when the kinds of legal actions change."""
        view = self.view
        keys_for = (
            getattr(view, "phase", None),
            self._mine(),
            self._may_take_back(),
            tuple(sorted({type(a).__name__ for a in view.legal})),
        )
        if keys_for != self._keys_for:
            self._keys_for = keys_for
            self.query_one(KeyBar).show_keys(self)

    def _append_log(self) -> None:
        lines = self.view.log
        if len(lines) < self._logged:  # a move was taken back
            self.query_one("#log", LogPanel).keep(len(lines))
            self._logged = len(lines)
        if len(lines) > self._logged:
            self.query_one("#log", LogPanel).write_lines(lines[self._logged :])
            self._logged = len(lines)

    def _hand_over(self, seat: int) -> None:
        if self._handing_over:
            return
        self._handing_over = True
        self.app.clear_notifications()  # a hint told the one before is theirs alone
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()  # nor do their pop-ups stay up

        def ready(_: None) -> None:
            self._handing_over = False
            self.viewer = seat
            self.refresh_view()

        self.app.push_screen(HandOver(self.table.seats[seat].name), ready)

    def _schedule_bot(self) -> None:
        seat = self.table.bot_to_move()
        if seat is not None and not self._skipping:
            self._run_bots(partial(self._bot_turn, seat))

    def _run_bots(self, work: Callable[[], Coroutine[None, None, None]]) -> Worker[None]:
        """Run the bots' `work` in their one worker, replacing any before it: the worker makes
        the coroutine when it starts, so one replaced before it starts leaves no coroutine
        never awaited behind."""
        return self.run_worker(work, group="bots", exclusive=True)

    # -- when the people at this keyboard are out of the game --------------------------------------

    _out_offered = False
    _skipping = False

    def players_out(self) -> set[int]:
        """The seats out of the game (bankrupt) while it goes on; a game screen says which."""
        return set()

    def _offer_a_way_out(self) -> None:
        """Everyone at this keyboard is out and bots play on: watch fast, skip, or leave."""
        if self._out_offered or not self.hot_seat:
            return
        humans = self.place.human_seats()
        out = self.players_out()
        if not humans or not set(humans) <= out:
            return
        self._out_offered = True  # asked over the table as it stands, once it is drawn
        self.call_after_refresh(
            self.app.push_screen, OutOfTheGame(len(self.table.seats) - len(out)), self._on_out
        )

    def _on_out(self, choice: str | None) -> None:
        if choice == "watch":
            self.pace = min(self.pace, FAST_PACE)
        elif choice == "result":
            self._skipping = True
            self._run_bots(self._play_to_the_end)
        else:
            if self.save_path is not None:
                forget_save(self.save_path)  # nobody here is left to continue it
            self._local_app().switch_to_title()

    async def _play_to_the_end(self) -> None:
        """The bots' moves to the end of the game, off the event loop, then the result."""
        table = self.local_table

        def play() -> None:
            while (seat := table.bot_to_move()) is not None:
                version, action = table.bot_choice(seat)
                with contextlib.suppress(StaleAction):  # a bot move already on its way
                    table.act(seat, action, version)

        await asyncio.to_thread(play)
        self.refresh_view()

    async def _bot_turn(self, seat: int) -> None:
        if self.pace:
            await asyncio.sleep(self.pace)
        version, action = await asyncio.to_thread(self.local_table.bot_choice, seat)
        try:
            self.table.act(seat, action, version)
        except StaleAction:
            pass  # the game moved on while the bot thought; it will be asked again
        self.refresh_view()

    def _autosave(self) -> None:
        """Save after every action: however the app ends (q, Ctrl+Q, Ctrl+C, a closed
        terminal, a signal), the saved game is the one played."""
        if self.save_path is None:
            return
        version = self.table.view(None).version
        if version != self._saved_version:
            self._saved_version = version
            self.action_save(quiet=True)

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        if self.save_path is not None:  # nothing left to continue, but a game to watch again
            keep_finished(self.local_table)
            forget_save(self.save_path)
        end = self.end_screen(self.table.view(None))
        end.choices = self.end_choices()
        end.assisted = self.table.assisted
        replay = self.table.replayable()
        if replay is not None:
            seats = list(self.table.seats)
            end.replay = lambda: replay_screen(replay, seats)
        self.app.push_screen(end, self.on_end_choice)

    # -- what a game's screen provides -------------------------------------------------------------

    def point_at(self, action) -> None:
        """Put the cursor on what `action` is about (a hint names it), where the screen has
        a cursor and the action a place."""

    def show(self, view) -> None:
        raise NotImplementedError

    def status_line(self) -> str:
        """The game, the round, who must act and what they decide."""
        return self.place.status(self.GAME, self.round_text(), self.WATCHING)

    def round_text(self) -> str:
        """The round, and the round limit if the game has one set."""
        limit = getattr(self.view, "round_limit", 0)
        return f"round {self.view.round}" + (f" of {limit}" if limit else "")

    def end_screen(self, view: Any) -> EndPage:
        raise NotImplementedError

    def end_choices(self) -> dict[str, str]:
        """The end screen's buttons: answer -> label."""
        return self.END_CHOICES

    async def on_end_choice(self, choice: str | None) -> None:
        if choice == "again":
            self._local_app().play_again(self.local_table)
        elif choice == "title":
            self._local_app().switch_to_title()
        else:
            self.app.exit()

    # -- acting ------------------------------------------------------------------------------------

    def submit(self, action) -> bool:
        """Send the viewer's action to the game; a refusal is shown, never raised."""
        if self.viewer is None:
            return False
        refusal = self.place.submit(action)
        if refusal is not None:
            self.warn(refusal)
            return False
        self.acted()
        self.refresh_view()
        return True

    def acted(self) -> None:
        """Called after the viewer's action was accepted, before the screen redraws."""
        self.message = ""

    def warn(self, message: str) -> None:
        """Say why the viewer's key or move did nothing, in red at the foot of the panel saying
        what the game waits for, until their next accepted move or until the game has moved on
        (after REFUSAL_SECONDS at least); in a notice as well only when that panel cannot show
        the whole of it (a small window), as a notice covers the board."""
        self.place.refuse(message)
        self.set_timer(REFUSAL_SECONDS, self._forget_outlived_message)
        self.redraw()
        if not self.query_one("#auction", TextPanel).shows_whole(message):
            self.notify(message, severity="warning", timeout=REFUSAL_SECONDS)

    def _forget_outlived_message(self) -> None:
        if self.message and self.place.message_outlived():
            self.message = ""
            self.redraw()

    def redraw(self) -> None:
        """Draw the same view again, after a change of the viewer's own choices (cursor, bid)."""
        self.show(self.view)

    def _may_take_back(self) -> bool:
        return self.place.may_take_back()

    def action_take_back(self) -> None:
        """Take back the viewer's last move (and the bots' replies), as far back as the last
        die or card: a bot thinking meanwhile is stopped, its move never made."""
        if not self._may_take_back():
            return
        self.workers.cancel_group(self, "bots")
        told = self.place.take_back()
        if told is not None:
            self.notify(told)
        self.refresh_view()

    def _mine(self) -> bool:
        """Whether the person at this screen must act now."""
        return self.place.mine()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.has_class("-too-small"):
            return False  # the game is hidden behind "make the window larger": no key acts
        view = getattr(self, "view", None)
        if action == "answer":  # a key that sends one action: shown while the game lists it
            return view is None or self._control(parameters).action(view.legal) is not None
        if action == "take_back":
            return self._may_take_back()
        if action == "aim":  # on your move: a move the rules refuse says why
            return view is None or self._mine()
        return self.allows(action, parameters)

    def key_shown(self, action: str) -> bool:
        """A key acting on what the cursor is on is listed while a move of its kind is legal."""
        _, name, parameters = parse_action(action)
        return name != "aim" or self._control(parameters).is_open(self.view.legal)

    def allows(self, action: str, parameters: tuple) -> bool | None:
        """Whether a key's action applies now (a game's screen asks its legal actions)."""
        return True

    def _control(self, parameters: tuple) -> Control:
        """The control a key's `answer(i)` or `aim(i)` is bound to."""
        return self.PROMPTS.controls[int(parameters[0])]

    def kind_of(self, action: str, parameters: tuple) -> type[Action] | None:
        """The kind of move a key's action makes (Roll, Build), where it makes one kind."""
        if action in ("answer", "aim"):
            return self._control(parameters).kind
        return None

    def aim(self, control: Control) -> Action | None:
        """The move an aimed control makes at what the cursor is on, if it is on something the
        control applies to (a game with aimed controls says)."""
        return None

    def on_key(self, event: events.Key) -> None:
        """A key of the key bar pressed when it can do nothing says why, rather than nothing."""
        refusal = self.refusal(event.key)
        if refusal and refusal != self.message:  # a held key is told once
            self.warn(refusal)

    def refusal(self, key: str) -> str | None:
        """Why `key`, one of the game's keys, does nothing now; None when it acts, or is not
        one (the arrows and other keys left off the key bar say nothing). A game's screen
        binds its keys before a table's own, so the first found is the one meant."""
        keyed = [
            b
            for cls in type(self).__mro__
            for b in vars(cls).get("BINDINGS", ())
            if isinstance(b, Binding) and b.show and key in b.key.split(",")
        ]
        if not keyed or self.has_class("-too-small") or self.table.is_over():
            return None
        active = self.active_bindings.get(key)
        if active is not None and active.enabled:
            return None
        binding = keyed[0]
        described = " or ".join(dict.fromkeys(b.description for b in keyed))  # "Buy or Accept"
        if binding.action == "take_back":
            return self.NO_TAKING_BACK
        _, action, parameters = parse_action(binding.action)
        fixed = self._control(parameters).fixed if action == "answer" else None
        return self.place.why_key_does_nothing(described, self.kind_of(action, parameters), fixed)

    def action_answer(self, index: int) -> None:
        action = self._control((index,)).action(self.view.legal)
        if action is not None:
            self.submit(action)

    def action_aim(self, index: int) -> None:
        action = self.aim(self._control((index,)))
        if action is not None:
            self.submit(action)

    def action_log_page(self, direction: int) -> None:
        """A page of the log older or newer; where the layout has no room for the log (a
        small window), the whole log on a page of its own."""
        log = self.query_one("#log", LogPanel)
        if log.region.area:
            log.page(direction)
        else:
            self.app.push_screen(LogPage(self.view.log))

    def action_hint(self) -> None:
        """Say what the game's heuristic bot would play in the person's place."""
        if self.viewer is None or not self._mine():
            return
        action, told = self.place.hint()
        if action is None:
            self.warn(told)
        else:
            self.point_at(action)
            self.notify(told)

    def action_help(self) -> None:
        self.app.push_screen(Help(self.help_text()))

    def action_toggle_bell(self) -> None:
        app = self.base_app
        app.choose_turn_bell(not app.turn_bell)
        self.notify(
            f"The bell {'rings' if app.turn_bell else 'no longer rings'} when your "
            f"turn comes after {WAIT:g} s of others' play."
        )

    def help_text(self) -> str:
        """The game's help with the keys of every table after the game's own keys (the first
        section of its HELP)."""
        cut = self.HELP.find("\n# ")
        if cut < 0:
            return f"{self.HELP}\n{self.KEYS_HELP}"
        return f"{self.HELP[: cut + 1]}\n{self.KEYS_HELP}{self.HELP[cut:]}"

    def action_save(self, quiet: bool = False) -> None:
        if self.save_path is None or self.table.is_over():
            return
        try:
            save_table(self.local_table, self.save_path)
        except OSError as exc:
            if not quiet or str(exc) != self._save_failure:  # said once, not at every move
                self.warn(f"Could not save: {exc}")
            self._save_failure = str(exc)
            return
        self._save_failure = ""
        if not quiet:
            self.notify(f"Saved to {self.save_path}")

    def action_leave(self) -> None:
        def leave(yes: bool | None) -> None:
            if yes:
                self.action_save(quiet=True)
                self._local_app().switch_to_title()

        self.app.push_screen(confirm_quit(), leave)
