"""One session (over SSH, or from a browser: net.transport.web): a person, their terminal, and what
it shows them in turn.

A session runs the person's own app (`SessionApp`: the lobby and their tables). To watch a table
the app ends, and the terminal shows the table's shared spectator screen: a watcher holds no app
of its own, which is what keeps a crowd of spectators cheap. Leaving (q or Esc) starts a fresh
app in the lobby. The session, not an app, is who the host knows is online.
"""

from __future__ import annotations

import asyncio
import logging
import re

from net.hosting.host import Host
from net.hosting.tables import OVER
from net.identity import Identity, Who
from net.loop.collector import Collector
from net.loop.loop_share import Meter
from net.render.broadcast import Broadcasts
from net.render.first_frame import FirstFrames
from net.screens.app import SessionApp, last_place, running_game
from net.store.storage import StorageError
from net.transport.channel import Channel, Resized

log = logging.getLogger("boomtown.net")
SEQUENCE = re.compile(rb"\x1b(\[[0-9;<>?]*[ -/]*[@-~]|O.)")  # a key or mouse report


def wants_to_leave(data: bytes) -> bool:
    """Whether a watcher's input holds q, Esc or Ctrl+C; a mouse wheel or an arrow does not."""
    keys = SEQUENCE.sub(b"", data)
    return any(key in keys for key in (b"q", b"Q", b"\x1b", b"\x03"))


def wants_replay(data: bytes) -> bool:
    """Whether a watcher's input holds r (a replay, once the game is over)."""
    keys = SEQUENCE.sub(b"", data)
    return b"r" in keys or b"R" in keys


class Session:
    def __init__(
        self,
        channel: Channel,
        host: Host,
        identity: Identity,
        who: Who,
        name: str,
        broadcasts: Broadcasts,
        collector: Collector,
        first_frames: FirstFrames,
    ) -> None:
        self.channel = channel
        self.host = host
        self.identity = identity  # who may be called what (net.identity)
        self.who = who  # who the door let in
        self.broadcasts = broadcasts  # the tables' shared spectator screens
        self.collector = collector  # told when an app ends, so that its memory is reclaimed
        self.first_frames = first_frames  # starts apps, and draws a newcomer's lobby at once
        self.name = name  # the name asked for, until one is settled (`joined`)
        self.held: str | None = None  # the name the identity authority holds for them
        self.address = who.address  # where the connection comes from
        self.joined = False  # the name is settled and the host counts this person online
        self.arriving = True  # until the first app has run: not back from watching a table
        self.left_tables: set[int] = set()  # tables this person stepped away from to the lobby
        self.app: SessionApp | None = None
        self.meter: Meter | None = None  # its share of the server's time, once it runs
        self.watching_next: int | None = None  # the table to watch once the app has ended
        self.replaying_next: int | None = None  # the finished table the next app replays
        self._stopping = False

    # -- who this is ---------------------------------------------------------------------------

    @property
    def key(self) -> str | None:
        """The SSH key they are, or act for (a signed-in browser); None for a guest."""
        return self.who.key

    async def claim(self, name: str) -> str | None:
        """Hold `name` for this person, if nothing else holds it: None if it is theirs now,
        else why not (StorageError if the names cannot be read)."""
        if name == self.held:
            return None
        why = await self.identity.take(self.who, name)
        if why is None:
            if self.held is not None:
                self.identity.release(self.who, self.held)
            self.held = name
        return why

    def whose_name(self) -> str:
        """What keeps this name theirs, in a line (how to choose one: the lobby's help)."""
        return self.who.keeps()

    def join(self, name: str) -> None:
        if not self.joined:
            self.name = name
            self.joined = True
            self.host.connect(name, self)
            storage = self.host.storage  # remembered for a ban (a disk that cannot take it
            storage.later(storage.visited, name, self.address)  # keeps nobody from playing)

    # -- the host's news, for whichever app is running ----------------------------------------

    def lobby_changed(self) -> None:
        if self.app is not None:
            self.app.lobby_changed()

    def table_changed(self, table_id: int) -> None:
        if self.app is not None:
            self.app.table_changed(table_id)

    # -- the session's life --------------------------------------------------------------------

    async def run(self) -> None:
        """Apps and watching in turn, until the person leaves or the connection drops."""
        try:
            await self._show_lobby_at_once()
            while not self._stopping:
                self.app = SessionApp(self)  # no local name: a watcher must hold no app
                try:
                    # At the terminal's size from the start: laid out and drawn once, not
                    # first at Textual's default 80x25 and again when told the real size.
                    await self.first_frames.run_app(self.app, self.channel)
                    failed = self.app.failed
                finally:
                    self.app = None
                    self.arriving = False
                    self.collector.app_ended()
                if failed:
                    self.channel.close("Sorry: Boomtown hit an error and closed your session.")
                    return
                table_id, self.watching_next = self.watching_next, None
                if table_id is None or self.channel.closed or self._stopping:
                    return
                if not await self._watch(table_id):
                    return
        except Exception:  # one broken session must never take down another, or the server
            log.exception("session of %s failed", self.name)
            self.channel.close("Sorry: Boomtown hit an error and closed your session.")
        finally:
            self.host.disconnect(self)
            if self.held is not None:
                self.identity.release(self.who, self.held)
            self.channel.close()

    async def _show_lobby_at_once(self) -> None:
        """A newcomer bound for the lobby sees it before their own app is up
        (net.render.first_frame)."""
        if self.channel.closed:
            return
        try:
            if await self.claim(self.name) is not None:
                return  # the app asks for another name
        except StorageError:
            return  # the app says the server cannot save names
        host = self.host
        if await last_place(host, self.name) or running_game(host, self.name, self.left_tables):
            return  # the app takes them to their table
        self.join(self.name)
        await self.first_frames.show(self.channel, self)

    def connection_lost(self) -> None:
        """The client has gone: end now, whatever input it left unread."""
        self.channel.lost()
        self.stop()

    def end(self, message: str, come_back: bool = False) -> None:
        """Send this person away, telling them why; `come_back`: a browser tries again (the
        server is restarting)."""
        self.channel.close(message, come_back)
        self.stop()

    def stop(self) -> None:
        self._stopping = True
        if self.app is not None:
            self.app.exit()
        else:
            self.channel.close()

    def watch_after_app(self, table_id: int) -> None:
        """The app is about to end so that this person can watch `table_id`."""
        self.watching_next = table_id
        self.channel.muted = True  # the ending app leaves the terminal as it is

    async def _watch(self, table_id: int) -> bool:
        """Show the table's shared screen until q or Esc, or r once its game is over (True), or
        until the connection drops (False)."""
        channel, broadcasts = self.channel, self.broadcasts
        self.host.watch(table_id, self.name)
        broadcasts.attach(table_id, channel, self.meter)
        later: list[asyncio.TimerHandle] = []

        def reattach() -> None:  # to the shared screen drawn at the new size, once this
            owed = self.meter.owed() if self.meter is not None else 0.0  # session's turn
            if owed:  # the frames it asked for by its last changes are still being paid for
                later.append(asyncio.get_running_loop().call_later(owed, reattach))
                return
            broadcasts.resize(table_id, channel, self.meter)

        try:
            while True:
                try:
                    data = await channel.read()
                except Resized as change:
                    channel.window_changed(change.width, change.height, reattach)
                    continue
                except (ConnectionError, BrokenPipeError):
                    return False
                if not data or channel.closed:
                    return False
                if wants_to_leave(data):
                    return True
                table = self.host.tables.get(table_id)
                if table is not None and table.status == OVER and wants_replay(data):
                    self.replaying_next = table_id  # in an app of its own, over the lobby
                    return True
        finally:
            for handle in later:
                handle.cancel()
            channel.cancel_resize()  # the next app starts at the terminal's latest size
            broadcasts.detach(table_id, channel)
            self.host.unwatch(table_id, self.name)
            channel.muted = False
