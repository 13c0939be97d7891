"""A newcomer sees the lobby at once, drawn by a shared app, while their own app starts.

Starting a person's app costs the server CPU, so a crowd connecting together waits for one
another (the manual's "Measured choices"). The lobby a newcomer first sees is
the same for everyone at one terminal size but for its header (who you are, who is online), so
one lobby app per size, kept running, draws it for each newcomer in turn (its header made theirs)
and sends it. Their own app then takes over the terminal and draws the same screen; keys pressed
meanwhile wait for it.

A painter renders its whole screen only now and then (`FrameRecord`): a newcomer is sent the
last whole frame and everything the painter drew after it, so drawing for the next of a crowd
is the rows their header changes, not the screen.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from types import SimpleNamespace

from net.hosting.host import Host
from net.limits import STOP_SECONDS, Limits
from net.loop.loop_share import unmetered
from net.render.broadcast import Audience
from net.screens.lobby import LobbyScreen
from net.screens.served import ServedApp
from net.transport.channel import ENTER, Channel
from tui.textual_private import lay_out_now, render_changes, render_whole

log = logging.getLogger("boomtown.net")
SIZES_KEPT = 4  # lobby apps kept running, one per terminal size, the least recently used ended
READY_SECONDS = 1.0  # a newcomer waits this long at most for the lobby app of their size
START_SECONDS = 0.5  # the next app starts after this even if the one before has not drawn
NOBODY = SimpleNamespace(name="", whose_name=lambda: "")  # a painter between newcomers
RENDERED_AGAIN = 0.5  # the whole screen is rendered again once what was drawn since is this
# share of it (what a newcomer is sent beyond a frame)
FORGOTTEN_AFTER = 2.0  # a painter's own updates with no newcomer: kept to this share, then let go


class FrameRecord(Audience):
    """A painter's terminal: its last whole frame, and all it drew after (its own updates as
    Textual sends them, and the changes drawn for newcomers), which together draw its screen."""

    def __init__(self, size: tuple[int, int], limits: Limits) -> None:
        super().__init__(size, limits)
        self.whole: bytes | None = None
        self.since: list[bytes] = []
        self.since_length = 0

    def send(self, data: bytes) -> None:
        if self.whole is None:
            return  # the next newcomer's frame is rendered whole
        self.since.append(data)
        self.since_length += len(data)
        if self.since_length > FORGOTTEN_AFTER * len(self.whole):  # drawn for nobody for long
            self.renew(None)

    def renew(self, whole: bytes | None) -> None:
        self.whole, self.since, self.since_length = whole, [], 0

    def stale(self) -> bool:
        """Whether to render the whole screen again: never yet, or much drawn since."""
        return self.whole is None or self.since_length > RENDERED_AGAIN * len(self.whole)

    def screen(self) -> bytes:
        """Output that draws the painter's screen as it is now, from a blank one."""
        return b"".join([self.whole or b"", *self.since])


class LobbyPainter(ServedApp):
    """The lobby at one size, drawn for whichever newcomer `paint` is given."""

    def __init__(self, host: Host, record: FrameRecord) -> None:
        super().__init__(record, "xterm-256color")  # what it draws is kept for newcomers
        self.record = record
        self.host = host
        self.session = NOBODY  # the newcomer being drawn for: the lobby reads their name
        self.ready = asyncio.Event()

    @property
    def player(self) -> str:
        return self.session.name

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen())
        self.call_after_refresh(self.ready.set)

    def paint(self, session) -> bytes:
        """The lobby as `session`'s person will first see it, as output that draws the whole
        screen (`FrameRecord`)."""
        screen = self.screen
        if not isinstance(screen, LobbyScreen):
            return b""
        self.session = session
        try:
            screen.refresh_lobby()
        finally:
            self.session = NOBODY
        record, under = self.record, self.showing_through()
        lay_out_now(screen)  # what changed, laid out and drawn now rather than on the next tick
        if record.stale():
            record.renew(render_whole(screen, under).render_segments(self.console).encode())
        else:
            record.send(render_changes(screen, under).encode())
        return record.screen()

    # what the lobby may ask of its app; nobody presses keys here
    def lobby_changed(self) -> None:
        pass

    def table_changed(self, table_id: int) -> None:
        pass


class FirstFrames:
    """The server's lobby painters, started as newcomers' sizes need them."""

    def __init__(self, host: Host, limits: Limits) -> None:
        self.host = host
        self.limits = limits
        self.painters: OrderedDict[tuple[int, int], LobbyPainter] = OrderedDict()
        self._running: set[asyncio.Task] = set()
        self.starting = asyncio.Lock()  # held while an app starts: one at a time

    async def run_app(self, app: ServedApp, channel: Channel) -> None:
        """Run a person's app to its end, started once the apps started before it have drawn
        (or had `START_SECONDS`): started together, each would wait for them all."""
        async with self.starting:
            channel.drawn.clear()
            running = asyncio.ensure_future(app.run_async(size=channel.size))
            drawn = asyncio.ensure_future(channel.drawn.wait())
            await asyncio.wait(
                (running, drawn), timeout=START_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            drawn.cancel()
        await running

    async def show(self, channel: Channel, session) -> bool:
        """Draw the lobby for `session` on its terminal; False if it could not be drawn in time."""
        painter = self._painter(channel.size)
        if not painter.ready.is_set():
            try:
                await asyncio.wait_for(painter.ready.wait(), READY_SECONDS)
            except TimeoutError:
                return False
        if channel.closed or not painter.is_running:
            return False
        try:
            frame = painter.paint(session)
        except Exception:  # a drawing that fails costs a quick first frame, never the session
            log.exception("could not draw a first frame")
            return False
        if not frame:
            return False
        channel.send(ENTER.encode() + frame)
        channel.entered = True
        return True

    def _painter(self, size: tuple[int, int]) -> LobbyPainter:
        painter = self.painters.get(size)
        if painter is not None:
            self.painters.move_to_end(size)
            return painter
        if len(self.painters) >= SIZES_KEPT:
            _, oldest = self.painters.popitem(last=False)
            oldest.exit()
        painter = self.painters[size] = LobbyPainter(self.host, FrameRecord(size, self.limits))
        with unmetered():  # it draws every newcomer's lobby: nobody's share
            task = asyncio.get_running_loop().create_task(painter.run_async(size=size))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        task.add_done_callback(lambda _t: self._forget(size, painter))
        return painter

    def _forget(self, size: tuple[int, int], painter: LobbyPainter) -> None:
        if self.painters.get(size) is painter:
            del self.painters[size]

    async def stop(self) -> None:
        for painter in self.painters.values():
            painter.exit()
        self.painters.clear()
        if self._running:
            await asyncio.wait(self._running, timeout=STOP_SECONDS)
