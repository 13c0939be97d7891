"""Spectators share frames: one app per (table, terminal size) renders once for all who watch.

A spectator's session runs no app of its own while it watches (`net.session`). Each rendered
frame goes to every viewer; a viewer that stops reading is skipped and, if it never catches up,
disconnected.
"""

from __future__ import annotations

import asyncio
import logging
import time

from textual.message import Message

from .channel import Channel
from .host import Host
from .limits import STOP_SECONDS, Limits
from .loop_share import unmetered
from .served import ServedApp
from .table_screen import NetTable, net_screen_class, refresh_table_screen

log = logging.getLogger("boomtown.net")
CLEAR = b"\x1b[2J"


class Audience:
    """The channel a shared app writes to: every frame goes to every viewer still reading."""

    def __init__(self, size: tuple[int, int], limits: Limits) -> None:
        self.size = size
        self.limits = limits
        self.viewers: dict[Channel, float | None] = {}  # viewer -> when it stalled
        self.closed = False
        self.peer = "spectators"
        self.needs_full_frame = False
        self.entered = False
        self.drawn = asyncio.Event()

    def send(self, data: bytes) -> None:
        limit = self.limits.max_output_backlog
        for viewer, stalled in list(self.viewers.items()):
            if viewer.closed:
                continue  # its session detaches it: that is what ends a show nobody watches
            if viewer.backlog() > limit:
                now = time.monotonic()
                self.viewers[viewer] = stalled or now
                if now - (stalled or now) > self.limits.stalled_client_seconds:
                    viewer.close("Disconnected: your connection stopped reading the screen.")
            else:
                if stalled is not None:  # it missed frames: everyone gets a whole one
                    self.viewers[viewer] = None
                    self.needs_full_frame = True
                viewer.send(data)

    def backlog(self) -> int:
        return 0  # each viewer's backlog is handled in send

    async def read(self) -> bytes:
        await asyncio.Event().wait()  # a shared app takes no input
        return b""

    def close(self, message: str | None = None) -> None:
        self.closed = True

    def cancel_resize(self) -> None:
        pass  # a shared screen is never resized: each size has a screen of its own


class SpectatorApp(ServedApp):
    """The table as spectators see it, rendered once for all of them at one size."""

    class TableChanged(Message):
        pass

    def __init__(self, host: Host, table_id: int, audience: Audience) -> None:
        super().__init__(audience, "xterm-256color")
        self.host = host
        self.table_id = table_id
        self.table = NetTable(host, table_id, "")  # now: a finished game may leave the host
        self._pending = False

    def on_mount(self) -> None:
        self.host.subscribe(self)
        self.push_screen(net_screen_class(self.table.hosted.game)(self.table, seat=None))

    def on_unmount(self) -> None:
        self.host.unsubscribe(self)

    def lobby_changed(self) -> None:
        pass

    def table_changed(self, table_id: int) -> None:
        if table_id == self.table_id and not self._pending:
            self._pending = True
            self.post_message(self.TableChanged())

    def on_spectator_app_table_changed(self, _: TableChanged) -> None:
        self._pending = False
        if self.channel.needs_full_frame:
            self.channel.needs_full_frame = False
            self.refresh(repaint=True, layout=True)
        refresh_table_screen(self)

    def repaint(self) -> None:
        self.refresh(repaint=True, layout=True)

    # what a table screen may ask of its app; spectators leave with their own keys instead
    def show_lobby(self) -> None:
        pass


class Broadcasts:
    """The shared spectator apps of a server, started and stopped as viewers come and go."""

    def __init__(self, host: Host, limits: Limits) -> None:
        self.host = host
        self.limits = limits
        self.shows: dict[tuple[int, tuple[int, int]], tuple[SpectatorApp, Audience]] = {}
        self._running: set[asyncio.Task] = set()

    def attach(self, table_id: int, viewer: Channel) -> None:
        key = (table_id, viewer.size)
        show = self.shows.get(key)
        if show is None:
            audience = Audience(viewer.size, self.limits)
            app = SpectatorApp(self.host, table_id, audience)
            show = self.shows[key] = (app, audience)
            with unmetered():  # a screen for everyone who watches: nobody's share
                task = asyncio.get_running_loop().create_task(app.run_async())
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            task.add_done_callback(lambda _t, key=key: self.shows.pop(key, None))
        app, audience = show
        viewer.send(CLEAR)
        audience.viewers[viewer] = None
        if app.is_running:
            app.call_later(app.repaint)  # the newcomer needs a whole frame

    def detach(self, table_id: int, viewer: Channel) -> None:
        for key, (app, audience) in list(self.shows.items()):
            if key[0] == table_id and viewer in audience.viewers:
                del audience.viewers[viewer]
                if not audience.viewers:
                    del self.shows[key]
                    app.exit()

    async def stop(self) -> None:
        for app, _ in list(self.shows.values()):
            app.exit()
        self.shows.clear()
        if self._running:
            await asyncio.wait(self._running, timeout=STOP_SECONDS)
