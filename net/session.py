"""One SSH session: the Boomtown app for one person, against the shared host.

The app is told of changes by the host (through `post_message`, never by touching its widgets:
NET_NOTES trap 4) and redraws what that person may see.
"""

from __future__ import annotations

import logging
import time
from functools import cache
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.message import Message

import tui
from core.engine.errors import IllegalAction
from tui.games import screen_class
from tui.screens.dialogs import ConfirmQuit
from tui.table import Seat

from .channel import Channel
from .driver import SSHDriver, fit_for_ssh
from .host import HUMAN, OPEN, Host, HostError

log = logging.getLogger("boomtown.net")


class NetTable:
    """A table at the host, as one person's table screen sees it (the `tui.table.Table` shape)."""

    def __init__(self, host: Host, table_id: int, name: str) -> None:
        self.host = host
        self.id = table_id
        self.name = name

    @property
    def hosted(self):
        return self.host.table(self.id)

    @property
    def seats(self) -> list[Seat]:
        return [Seat(s.name, HUMAN if s.kind in (HUMAN, OPEN) else s.kind)
                for s in self.hosted.seats]

    def view(self, seat: int | None):
        return self.host.view(self.id, seat)

    def actor(self) -> int | None:
        return self.hosted.actor()

    def is_over(self) -> bool:
        return self.hosted.match.state.is_over()

    def act(self, seat: int, action, version: int | None = None) -> None:
        try:
            self.host.act(self.id, self.name, action, version)
        except HostError as exc:
            raise IllegalAction(str(exc)) from None

    def why_illegal(self, seat: int, action) -> str | None:
        return self.hosted.match.state.why_illegal(seat, action)

    def bot_to_move(self) -> None:
        return None  # the host moves the bots

    def notice(self) -> str:
        """Who is away (a bot plays for them) or not connected."""
        table = self.hosted
        away = [table.seats[s].name for s in sorted(table.away)]
        gone = [s.name for s in table.seats if s.kind == HUMAN and not self.host.is_online(s.name)
                and s.name not in away]
        parts = []
        if away:
            parts.append("away, a bot plays: " + ", ".join(away))
        if gone:
            parts.append("disconnected: " + ", ".join(gone))
        return " · ".join(parts)


class Watching:
    """A session watching through a shared spectator screen: q or Esc leaves it."""

    LEAVE_KEYS = (b"q", b"Q", b"\x1b", b"\x03")

    def __init__(self, app: "SessionApp", table_id: int) -> None:
        self.app = app
        self.table_id = table_id

    def input(self, data: bytes) -> None:
        if any(key in data for key in self.LEAVE_KEYS):
            self.app.call_later(self.app.stop_watching, self)

    def resized(self) -> None:
        """Watch the same table through the screen for the new size."""
        app, channel = self.app, self.app.channel
        app.broadcasts.detach(self.table_id, channel)
        channel.size = app._driver.pending_size
        app.broadcasts.attach(self.table_id, channel)


class NetTableMixin:
    """What a game's screen gains at an SSH table: table chat, who is away, back to the lobby."""

    BINDINGS = [Binding("t", "chat", "Chat"), Binding("q", "leave", "Lobby")]

    def refresh_view(self) -> None:
        super().refresh_view()
        table = self.table.hosted
        notice = self.table.notice()
        if notice:
            self.query_one("#status").show_text(f"{self.status_line()} · {notice}")
        fresh = table.chat.since(getattr(self, "_chat_seen", 0))
        if fresh:
            self.query_one("#log").write_lines(fresh)
        self._chat_seen = table.chat.total

    def action_chat(self) -> None:
        from .lobby import ChatPrompt

        def said(text: str | None) -> None:
            if text:
                self.app.host.chat(self.table.id, self.app.player, text)

        self.app.push_screen(ChatPrompt(), said)

    def action_leave(self) -> None:
        explanation = ("You keep your seat: choose this table in the lobby to come back. "
                       "After a while on your turn, a bot plays for you.")

        def leave(yes: bool | None) -> None:
            if yes:
                self.app.show_lobby()

        self.app.push_screen(ConfirmQuit(explanation), leave)

    def on_end_choice(self, choice: str | None) -> None:
        self.app.show_lobby()


def refresh_table_screen(app: App) -> None:
    """Redraw the app's screen from the host if it is a table screen."""
    refresh = getattr(app.screen, "refresh_view", None)
    if refresh is not None and getattr(app.screen, "table", None) is not None:
        refresh()


@cache
def net_screen_class(slug: str):
    base = screen_class(slug)
    # Textual gathers BINDINGS only from widget classes, so the mixin's are set here.
    return type(f"Net{base.__name__}", (NetTableMixin, base), {"BINDINGS": NetTableMixin.BINDINGS})


class SessionApp(App):
    CSS_PATH = Path(tui.__file__).parent / "app.tcss"
    TITLE = "Boomtown"

    class LobbyChanged(Message):
        pass

    class TableChanged(Message):
        pass

    def __init__(self, channel: Channel, host: Host, name: str, key: str | None,
                 broadcasts=None) -> None:
        super().__init__(driver_class=SSHDriver)
        self.channel = channel
        self.host = host
        self.broadcasts = broadcasts  # shared spectator screens, where the server has them
        self.player = name
        self.key = key
        self.at_table: int | None = None
        self._left: set[int] = set()  # tables this person stepped away from to the lobby
        self._lobby_pending = False
        self._table_pending = False
        self._last_input = channel.last_input
        fit_for_ssh(self, channel.process.get_terminal_type() or "xterm-256color")

    # -- the host's listener -----------------------------------------------------------------

    def lobby_changed(self) -> None:
        if not self._lobby_pending:
            self._lobby_pending = True
            self.post_message(self.LobbyChanged())

    def table_changed(self, table_id: int) -> None:
        if table_id == self.at_table and not self._table_pending:
            self._table_pending = True
            self.post_message(self.TableChanged())

    def on_session_app_lobby_changed(self, _: LobbyChanged) -> None:
        self._lobby_pending = False
        refresh = getattr(self.screen, "refresh_lobby", None)
        if refresh is not None:
            refresh()
        self._follow_my_game()

    def on_session_app_table_changed(self, _: TableChanged) -> None:
        self._table_pending = False
        refresh_table_screen(self)

    # -- screens -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        from .lobby import LobbyScreen, NameScreen

        if self.key is not None and not self.host.storage.claim(self.player, self.key):
            self.push_screen(NameScreen(self.player), self._named)
        elif self.key is None and self.host.storage.key_of(self.player) is not None:
            self.push_screen(NameScreen(self.player), self._named)
        else:
            self.host.connect(self.player, self)
            self.push_screen(LobbyScreen())
            self._follow_my_game()
        self.set_interval(2.0, self._watch_activity)

    def _named(self, name: str | None) -> None:
        from .lobby import LobbyScreen

        if not name:
            self.exit()
            return
        self.player = name
        self.host.connect(self.player, self)
        self.push_screen(LobbyScreen())
        self._follow_my_game()

    def _follow_my_game(self) -> None:
        """A seated player goes to their table as soon as its game runs."""
        if self.at_table is not None:
            return
        for table in self.host.tables.values():
            seat = table.seat_of(self.player)
            if seat is not None and table.status == "playing" and table.id not in self._left:
                self.open_table(table.id, seat)
                return

    def open_table(self, table_id: int, seat: int | None) -> None:
        table = self.host.table(table_id)
        if table.match is None:
            return
        if seat is None:
            self.host.watch(table_id, self.player)
            if self.broadcasts is not None:
                self._left.discard(table_id)
                self.channel.intercept = Watching(self, table_id)
                self.channel.muted = True
                self.broadcasts.attach(table_id, self.channel)
                while len(self.screen_stack) > 1:  # nothing of its own to draw while it watches
                    self.pop_screen()
                return
        self._left.discard(table_id)
        self.at_table = table_id
        screen = net_screen_class(table.game)(NetTable(self.host, table_id, self.player),
                                              seat=seat)
        self.push_screen(screen)

    def show_lobby(self) -> None:
        from .lobby import LobbyScreen

        if self.at_table is not None:
            self.host.unwatch(self.at_table, self.player)
            self._left.add(self.at_table)
        self.at_table = None
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyScreen())
        self.screen.refresh_lobby()

    def stop_watching(self, watching: "Watching") -> None:
        self.broadcasts.detach(watching.table_id, self.channel)
        self.host.unwatch(watching.table_id, self.player)
        self.channel.intercept = None
        self.channel.muted = False
        self.channel.size = getattr(self._driver, "pending_size", self.channel.size)
        from .lobby import LobbyScreen

        self.push_screen(LobbyScreen())  # a fresh lobby, drawn whole

    # -- idleness ----------------------------------------------------------------------------

    def _watch_activity(self) -> None:
        from .lobby import LobbyScreen

        last = self.channel.last_input
        if last != self._last_input:
            self._last_input = last
            self.host.back(self.player)
        idle = time.monotonic() - last
        if isinstance(self.screen, LobbyScreen) and idle > self.host.limits.lobby_idle_seconds:
            self.channel.close("Closed after a long time idle in the lobby. Come back any time!")
            self.exit()

    def on_unmount(self) -> None:
        self.host.disconnect(self)
