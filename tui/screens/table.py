"""A game in progress: any game's screen builds on this one.

It keeps the person at the keyboard's view current, hides the table between two people's turns
when money is hidden (hot-seat), binds the game's controls (play.prompt) and shows the end. A
game's screen adds its panels (`panels`), draws a view (`show`) and moves its cursor. Where the
game is played is the screen's venue (`venue.Venue`): this computer, an SSH table or a replay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Literal, TypeVar

from rich.text import Text
from textual import events
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from core.engine.actions import Action
from core.engine.views import TableView
from core.text import sentence
from play.place import HOT_SEAT, NO_HINTS, REFUSAL_SECONDS, Place
from play.prompt import Control, Prompts
from play.table import Table

from ..base import BaseApp
from ..replay import replay_screen
from ..turn_bell import WAIT, TurnBell
from ..widgets.key_bar import KeyBar
from ..widgets.log_panel import LogPanel
from ..widgets.panel import TextPanel
from .dialogs import HandOver, Help, LogPage
from .end import EndPage
from .page import Page
from .trade import TradeKeys
from .venue import SHARED_KEYS, LocalVenue, Venue

ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}  # name: (dx, dy)
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
        screen, app = self.screen, self.app
        if not isinstance(screen, TableScreen) or not isinstance(app, BaseApp):
            return
        if isinstance(screen, TradeKeys) and screen.may_trade("trade"):
            yield "Trade: offer a trade", screen.action_trade
        if screen._may_take_back():
            yield "Undo: take back your last move", screen.action_take_back
        if screen.table.hints and screen.viewer is not None and screen._mine():
            yield "Hint: what a bot would play now", screen.action_hint
        yield (
            (f"Bell when your turn comes after a wait: turn it {'off' if app.turn_bell else 'on'}"),
            screen.action_toggle_bell,
        )
        yield "Help: keys and rules", screen.action_help
        if isinstance(screen.venue, LocalVenue):
            yield "Save the game", screen.venue.key_save
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


V = TypeVar("V", bound=TableView)


class TableScreen(Page, Generic[V]):
    """One generic table screen for every game, whose views are `V`s: the game's screen says
    its panels, prompts and keys."""

    COMMANDS = Page.COMMANDS | {GameCommands}
    LEAVES = True  # the palette's 'Leave the game' stands for Textual's Quit
    # One set of keys for every venue (a venue's label or takes its own; see `venue.Venue`).
    # A game's screen binds none of these keys: Textual keeps a subclass's binding of a key
    # and drops its base's.
    BINDINGS = [
        Binding("ctrl+z", "take_back", "Undo"),
        Binding("question_mark", "help", "Help"),
        Binding("ctrl+s", "venue('save')", "Save", show=False),
        Binding("h", "hint", "Hint"),
        Binding("q", "venue('leave')", "Quit"),
        Binding("pageup", "log_page(1)", "Older log", show=False),
        Binding("pagedown", "log_page(-1)", "Newer log", show=False),
        # shared with the game, on the key bar only where the venue takes them (a replay)
        Binding("left", "arrow('left')", "Move", key_display="←→"),
        Binding("right", "arrow('right')", show=False),
        Binding("up", "arrow('up')", "Round", key_display="↑↓"),
        Binding("down", "arrow('down')", show=False),
        Binding("plus,equals_sign", "nudge(1)", "Speed", key_display="+-"),
        Binding("minus", "nudge(-1)", show=False),
        Binding("escape", "escape", show=False),
        Binding("t", "venue('chat')", "Chat"),
        Binding("home", "venue('go', 'start')", show=False),
        Binding("end", "venue('go', 'end')", show=False),
        Binding("end", "log_newest", show=False),  # (where the venue has no use for End)
        Binding("space", "venue('play')", "Play/pause"),
    ]
    HELP = ""  # the game's keys, then its rules in brief (Markdown); the venue's keys between
    GAME = ""  # the game's title
    PROMPTS = Prompts({}, ())  # what the game asks, and the controls that answer it
    # the game's panels (a class, or anything that makes one from the keywords a widget takes)
    BOARD: ClassVar[Callable[..., Widget]] = Widget
    AUCTION: ClassVar[Callable[..., Widget]] = Widget
    LEDGER: ClassVar[Callable[..., Widget]] = Widget
    FULL_SIZE = (110, 36)  # the smallest window the full layout fits; below, the compact one

    def __init__(
        self, table: Table[V], venue: Venue, seat: int | Literal["hot-seat"] | None = HOT_SEAT
    ) -> None:
        super().__init__()
        self.table = table
        # whose view, their moves, refusals, hints
        self.place: Place[V] = Place(table, self.PROMPTS, seat)
        self._logged = 0
        self._handing_over = False
        self._ended = False
        self.venue = venue
        venue.attach(self)
        self._keys_for: tuple | None = None  # what the footer's keys were last worked out for
        self._drawn: V | None = None  # the view the panels show
        self._bell = TurnBell()
        self._hinted: tuple[int, Action] | None = None  # the last hint, and the view's version

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
    def view(self) -> V:
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
            self.venue.moved()  # before anything is shown: a hand-over may be left with Ctrl+Q
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
        self.base_app.name_window(self.window_title())
        if self.view is not self._drawn:  # news that changes no view (chat, who is online)
            self._drawn = self.view  # redraws no board
            self.show(self.view)
            self._refresh_keys()
        self._append_log()
        if table.is_over():
            self._finish()
        else:
            self.venue.going_on()

    def _refresh_keys(self) -> None:
        """Re-check which keys apply only when the kinds of legal actions change."""
        if self.venue.draws_keys():
            return
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
        new = self.venue.new_lines(lines, self._logged)  # and the table's chat, at a host
        self._logged = len(lines)
        if new:
            self.query_one("#log", LogPanel).write_lines(new)

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

    def players_out(self) -> set[int]:
        """The seats out of the game (bankrupt) while it goes on; a game screen says which."""
        return set()

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        if not self.venue.finished():
            return
        end = self.end_screen(self.table.view(None))
        end.choices = dict(self.venue.end_choices())
        end.assisted = self.table.assisted
        end.analysing, end.analysed_seats = self.venue.analysis()
        end.ratings, end.game_title = self.venue.ratings(), self.GAME
        replay = self.table.replayable()
        if replay is not None:
            seats = list(self.table.seats)
            end.replay = lambda: replay_screen(replay, seats)
        self.app.push_screen(end, self.venue.on_end_choice)

    # -- what a game's screen provides -------------------------------------------------------------

    def point_at(self, action) -> None:
        """Put the cursor on what `action` is about (a hint names it), where the screen has
        a cursor and the action a place."""

    def hint_follows(self, action) -> str:
        """How to play the hinted `action` where no cursor shows it (words to add to the
        hint), or ""."""
        return ""

    def show(self, view) -> None:
        raise NotImplementedError

    def status_line(self) -> str:
        """The game, the round, who must act and what they decide."""
        line = self.place.status(self.GAME, self.round_text(), self.venue.WATCHING)
        return self.venue.status(line)

    def round_text(self) -> str:
        """The round, and the round limit if the game has one set."""
        limit = getattr(self.view, "round_limit", 0)
        return f"round {self.view.round}" + (f" of {limit}" if limit else "")

    def end_screen(self, view: Any) -> EndPage:
        raise NotImplementedError

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

    def window_title(self) -> str:
        """The game and where it is played, saying so when it is this person's turn."""
        where = self.venue.place_name
        title = f"{self.GAME}, {where}" if where else self.GAME
        return f"Your turn: {title}" if self.viewer is not None and self._mine() else title

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.has_class("-too-small"):
            return False  # the game is hidden behind "make the window larger": no key acts
        taken = self.venue.allows(action, parameters)
        if taken is not None:  # the venue's own key, or one it shares and takes
            return taken
        if not self.venue.plays and action not in ("help", "log_page"):
            return False
        view = getattr(self, "view", None)
        if action == "answer":  # a key that sends one action: shown while the game lists it
            return view is None or self._control(parameters).action(view.legal) is not None
        if action == "take_back":
            return self._may_take_back()
        if action == "hint":  # on your move, where hints are given
            return self.table.hints and (view is None or self._mine())
        if action == "aim":  # on your move: a move the rules refuse says why
            return view is None or self._mine()
        return self.allows(action, parameters)

    @property
    def keys_last(self) -> tuple[str, ...]:
        """The actions the key bar lists after the game's keys, in that order (the venue's)."""
        return self.venue.KEYS_LAST

    def key_label(self, binding: Binding) -> str:
        """A key's label on the key bar here (the venue's, if it has one); "" keeps it off, as
        it does a key the game shares with a venue that leaves it to the game (the arrows)."""
        _, name, parameters = parse_action(binding.action)
        if name in SHARED_KEYS and not self.venue.allows(name, parameters):
            return ""
        view = getattr(self, "view", None)
        if name == "answer" and view is not None:
            control = self._control(parameters)  # named by the position ("Skip Ben"), listed
            if callable(control.words) and control.action(view.legal) is not None:
                return sentence(control.words(view))
        return self.venue.LABELS.get(binding.action, binding.description)

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

    def on_unmount(self) -> None:
        self.venue.detach()

    def on_key(self, event: events.Key) -> None:
        """A key of the key bar pressed when it can do nothing says why, rather than nothing."""
        refusal = self.refusal(event.key)
        if refusal and refusal != self.message:  # a held key is told once
            self.warn(refusal)

    def refusal(self, key: str) -> str | None:
        """Why `key`, one of the game's keys, does nothing now; None when it acts, or is not
        one (the arrows and other keys left off the key bar say nothing, and so does every
        game key in a replay). A game's screen binds its keys before a table's own, so the
        first found is the one meant."""
        keyed = [
            b
            for cls in type(self).__mro__
            for b in vars(cls).get("BINDINGS", ())
            if isinstance(b, Binding)
            and b.show
            and self.key_label(b)
            and key in b.key.split(",")
            and self._venue_has(b.action)
        ]
        if not keyed or self.has_class("-too-small") or self.table.is_over():
            return None
        if not self.venue.plays:
            return None
        active = self.active_bindings.get(key)
        if active is not None and active.enabled:
            return None
        binding = keyed[0]
        described = " or ".join(dict.fromkeys(self.key_label(b) for b in keyed))  # "Buy or Accept"
        if binding.action == "take_back":
            return self.venue.why_no_taking_back()
        if binding.action == "hint" and not self.table.hints:
            return NO_HINTS
        _, action, parameters = parse_action(binding.action)
        fixed = self._control(parameters).fixed if action == "answer" else None
        return self.place.why_key_does_nothing(described, self.kind_of(action, parameters), fixed)

    def _venue_has(self, action: str) -> bool:
        """Whether a key's action is there in this venue (a venue's key is only in its own)."""
        _, name, parameters = parse_action(action)
        return name != "venue" or bool(self.venue.allows(name, parameters))

    def action_venue(self, name: str, *parameters: Any) -> None:
        getattr(self.venue, f"key_{name}")(*parameters)

    def action_leave(self) -> None:
        self.action_venue("leave")

    def action_arrow(self, name: str) -> None:
        if not self.venue.take("arrow", name):
            self.arrow(name)

    def action_nudge(self, step: int) -> None:
        if not self.venue.take("nudge", step):
            self.nudge(step)

    def action_escape(self) -> None:
        if not self.venue.take("escape"):
            self.escape()

    def arrow(self, name: str) -> None:
        """An arrow key (`name` "left", "up"...) in play: a game with a cursor moves it."""

    def nudge(self, step: int) -> None:
        """`+` (1) or `-` (-1) in play: a game with a bid to type raises or lowers it."""

    def escape(self) -> None:
        """Escape in play: a game with something to cancel cancels it."""

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

    def action_log_newest(self) -> None:
        """The log back to its newest line."""
        self.query_one("#log", LogPanel).newest()

    def action_hint(self) -> None:
        """Say what a bot would play in the person's place: it thinks off the event loop,
        and a hint the game has moved on from is not said."""
        if self.viewer is None or not self._mine():
            return
        self.run_worker(self._hint(self.view.version), group="hint", exclusive=True)

    async def _hint(self, version: int) -> None:
        action, told = await self.place.hint()
        if self.view.version != version or not self._mine():
            return
        if action is None:
            self.warn(told)
        else:
            self._hinted = (version, action)
            self.point_at(action)
            self.notify(told + self.hint_follows(action))

    def hinted_now(self) -> Action | None:
        """What the last hint said to play, if it was for this decision."""
        hinted = self._hinted
        return hinted[1] if hinted is not None and hinted[0] == self.view.version else None

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
            return f"{self.HELP}\n{self.venue.KEYS_HELP}"
        return f"{self.HELP[: cut + 1]}\n{self.venue.KEYS_HELP}{self.HELP[cut:]}"
