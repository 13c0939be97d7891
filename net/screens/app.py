"""The Boomtown app for one person at the host: the lobby and their own tables.

The app is told of changes by the host, through its session (`post_message`, never by
touching its widgets: docs/serving.md, trap 4), and redraws what that person may see. To
watch a table it ends, and the session shows the table's shared spectator screen instead
(`net.render.broadcast`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING

from textual.message import Message

from core.text import sentence
from net.hosting.tables import HostError
from net.screens.invites import InvitesScreen
from net.screens.lobby import LobbyScreen, NameScreen
from net.screens.served import ServedApp
from net.screens.table_screen import NetTable, refresh_table_screen, screen_seats, table_screen
from net.store.storage import StorageError
from tui.replay import replay_screen

ACTIVITY_CHECK_SECONDS = 2.0  # how often idleness is checked
OPENING_SECONDS = 2.0  # a replay opening holds the others' turns this long at most

if TYPE_CHECKING:
    from net.hosting.host import Host
    from net.hosting.tables import HostedTable
    from net.transport.session import Session


async def last_place(host: Host, player: str) -> HostedTable | None:
    """The table this person last played at or watched, if its game still runs."""
    place = await host.place_of(player)
    table = host.tables.get(place) if place is not None else None
    return table if table is not None and table.status == "playing" else None


def running_game(host: Host, player: str, left: set[int]) -> HostedTable | None:
    """A running game this person sits at and has not stepped away from."""
    return next(
        (
            table
            for table in host.tables.values()
            if table.status == "playing"
            and table.id not in left
            and table.seat_of(player) is not None
        ),
        None,
    )


class SessionApp(ServedApp):
    TITLE = "Boomtown"
    turn_bell = True  # the others at an SSH table may keep a person waiting

    class LobbyChanged(Message):
        pass

    class TableChanged(Message):
        pass

    def __init__(self, session: Session) -> None:
        channel = session.channel
        super().__init__(channel, channel.term)
        self.session = session
        self.host = session.host
        self.at_table: int | None = None
        self._lobby_pending = False
        self._table_pending = False
        self._last_input = channel.last_input

    @property
    def player(self) -> str:
        return self.session.name

    # -- the host's news, through the session -----------------------------------------------

    def lobby_changed(self) -> None:
        if not self._lobby_pending:
            self._lobby_pending = True
            self._showing_news()
            self.post_message(self.LobbyChanged())

    def table_changed(self, table_id: int) -> None:
        if table_id == self.at_table and not self._table_pending:
            self._table_pending = True
            self._showing_news()
            self.post_message(self.TableChanged())

    def _showing_news(self) -> None:
        """News is this session's to show, not to pay for, unless its person is typing
        (net.loop.loop_share)."""
        if self.session.meter is not None:
            self.session.meter.waive()

    def _news_shown(self) -> None:
        """The news is on the screens' widgets now (the lobby's and the table's, once neither
        waits to be shown): the next frame out shows it."""
        if self.session.meter is not None and not (self._lobby_pending or self._table_pending):
            self.session.meter.news_shown()

    def on_session_app_lobby_changed(self, _: LobbyChanged) -> None:
        self._lobby_pending = False
        self._news_shown()
        screen = self.screen
        if isinstance(screen, LobbyScreen) and screen.ready:  # else it is filled in when ready
            screen.refresh_lobby()
        elif isinstance(screen, InvitesScreen):  # the one who came may have taken one up
            self.run_worker(screen.reread(), group="invites", exclusive=True)
        self._follow_my_game()

    def on_session_app_table_changed(self, _: TableChanged) -> None:
        self._table_pending = False
        self._news_shown()
        if self.at_table is not None and self.at_table not in self.host.tables:
            self.show_lobby()  # a finished game stays while its players are at it: closed
            self.notify("The server's host closed that table.", severity="warning")
            return
        refresh_table_screen(self)

    # -- screens -----------------------------------------------------------------------------

    async def on_mount(self) -> None:
        session = self.session
        why = None if session.joined else await self.claim(session.name)
        if why is None:
            await self._enter(session.name)
        elif not self.channel.closed:
            self.push_screen(NameScreen(why, guest=session.key is None), self._enter)
        self.set_interval(ACTIVITY_CHECK_SECONDS, self._watch_activity)

    async def claim(self, name: str) -> str | None:
        """None if this person may be called `name` now, else why not; if names cannot be
        read, say so and go."""
        try:
            return await self.session.claim(name)
        except StorageError:
            self.channel.close("Sorry: the server cannot save names just now. Try again later.")
            self.exit()
            return "The server cannot save names just now."

    async def _enter(self, name: str | None) -> None:
        if not name:
            self.exit()
            return

        self.session.join(name)
        self.turn_bell = await self._kept_turn_bell()
        last = await last_place(self.host, name) if self.session.arriving else None
        if last is not None:
            self.open_table(last.id, last.seat_of(name))
        else:
            self._follow_my_game()
        if self.at_table is None and self.session.watching_next is None:
            self.push_screen(LobbyScreen())
            self._replay_next()

    async def _kept_turn_bell(self) -> bool:
        """The bell as this person last chose it here (a guest's name is not theirs to keep
        anything under)."""
        storage = self.host.storage
        try:
            kept = (
                await storage.soon(storage.setting, self.player, "turn_bell")
                if self.session.key is not None
                else None
            )
        except StorageError:
            kept = None
        return self.turn_bell if kept is None else kept == "on"

    def choose_turn_bell(self, on: bool) -> None:
        super().choose_turn_bell(on)
        if self.session.key is not None:
            self.call_next(self._keep_turn_bell, on)

    async def _keep_turn_bell(self, on: bool) -> None:
        storage = self.host.storage
        try:
            await storage.soon(storage.remember, self.player, "turn_bell", "on" if on else "off")
        except StorageError:
            self.notify(
                "The server cannot save settings just now: the bell is as you chose "
                "until you leave.",
                severity="warning",
            )

    def _replay_next(self) -> None:
        """The finished game a spectator asked to replay, over the lobby (q comes back to it)."""
        table_id, self.session.replaying_next = self.session.replaying_next, None
        if table_id is not None:
            self.call_next(self.replay_past, table_id)

    async def replay_past(self, table_id: int) -> None:
        """Replay a finished game over the screen shown now (q comes back to it). Replays open
        one at a time at the server, each until its first frame is drawn: a burst of them waits
        its own turn, not the others' keys."""
        past = self.host.past
        async with past.opening:
            try:
                replay, seats = await past.replay(table_id)
            except HostError as exc:
                self.notify(sentence(str(exc)) + ".", severity="warning")
                return
            analysing = self.host.analysis_for_replay(table_id, replay, seats)
            screen = replay_screen(replay, screen_seats(seats), analysing=analysing)
            drawn = asyncio.Event()
            with contextlib.suppress(TimeoutError):  # (never held long, whatever happens)
                await asyncio.wait_for(self.push_screen(screen), OPENING_SECONDS)
                screen.call_after_refresh(drawn.set)
                await asyncio.wait_for(drawn.wait(), OPENING_SECONDS)

    def _follow_my_game(self) -> None:
        """A seated player goes to their table as soon as its game runs."""
        if self.at_table is None:
            table = running_game(self.host, self.player, self.session.left_tables)
            if table is not None:
                self.open_table(table.id, table.seat_of(self.player))

    def open_table(self, table_id: int, seat: int | None) -> None:
        table = self.host.table(table_id)
        if table.match is None:
            return
        self.session.left_tables.discard(table_id)
        if seat is None:  # a spectator: the session shows the table's shared screen
            self.session.watch_after_app(table_id)
            self.exit()
            return
        self.at_table = table_id
        self.host.remember_place(self.player, table_id)
        self._leave_screens()
        self.push_screen(table_screen(NetTable(self.host, table_id, self.player), seat=seat))

    def show_lobby(self) -> None:
        if self.at_table is not None:
            self.session.left_tables.add(self.at_table)
        self.at_table = None
        if isinstance(self.screen, LobbyScreen):
            if self.screen.ready:  # else it is filled in when ready
                self.screen.refresh_lobby()
        else:
            self._leave_screens()
            self.push_screen(LobbyScreen())  # it fills itself in when mounted

    def _leave_screens(self) -> None:
        """Back to the blank base screen: a screen left behind would keep its drawing alive."""
        while len(self.screen_stack) > 1:
            self.pop_screen()

    # -- idleness ----------------------------------------------------------------------------

    def _watch_activity(self) -> None:
        last = self.channel.last_input
        if last != self._last_input:
            self._last_input = last
            if self.at_table is not None:  # a key at one table says nothing of the others
                self.host.back(self.player, self.at_table)
        idle = time.monotonic() - last
        limits = self.host.limits
        if not self.session.joined and idle > limits.name_choice_seconds:
            self.channel.close("Closed: no name was chosen in time. Come back any time!")
            self.exit()
        elif isinstance(self.screen, LobbyScreen) and idle > limits.lobby_idle_seconds:
            self.channel.close("Closed after a long time idle in the lobby. Come back any time!")
            self.exit()
