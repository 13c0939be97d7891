"""Spectators share frames: one app per (table, terminal size) renders once for all who watch.

A spectator's session runs no app of its own while it watches (`net.transport.session`). Each
rendered frame goes to every viewer; a viewer that stops reading is skipped and, if it never
catches up, disconnected.

A table is drawn at a few sizes at most (`Limits.spectator_sizes`): a viewer whose window is a
little larger than a size already drawn watches that one (SNAP_COLUMNS, SNAP_ROWS), and once a
table has its sizes, the largest that fits. The frame a viewer asks for, by coming or by
changing size, is charged to that viewer's share of the loop (loop_share.SharedMeter).
"""

from __future__ import annotations

import asyncio
import logging
import textwrap
import time

from textual.message import Message

from core.text import counted
from net.hosting.host import Host
from net.hosting.tables import CLOSED
from net.limits import STOP_SECONDS, Limits
from net.loop.loop_share import Meter, SharedMeter
from net.screens.served import ServedApp
from net.screens.table_screen import NetTable, refresh_table_screen, table_screen
from net.transport.channel import Channel

log = logging.getLogger("boomtown.net")
CLEAR = b"\x1b[2J"
SNAP_COLUMNS, SNAP_ROWS = 10, 5  # a window this much larger than a size drawn watches that size


class Audience:
    """The channel a shared app writes to: every frame goes to every viewer still reading."""

    def __init__(self, size: tuple[int, int], limits: Limits) -> None:
        self.size = size
        self.limits = limits
        self.viewers: dict[Channel, float | None] = {}  # viewer -> when it stalled
        self.closed = False
        self.peer = "spectators"
        self.needs_full_frame = False
        self.meter = SharedMeter()  # what drawing for these viewers costs, and whom
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

    def keys_shown(self, keys: list[tuple[str, str]]) -> None:
        """A shared screen's keys are not its viewers' (a spectator has q and Esc)."""

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
        self.push_screen(table_screen(self.table, seat=None))

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
        if self.table.hosted.status == CLOSED:
            self.notify(
                "The server's host closed this table: q goes back to the lobby.",
                severity="warning",
                timeout=3600,
            )
            return
        if self.channel.needs_full_frame:
            self.channel.needs_full_frame = False
            self.refresh(repaint=True, layout=True)
        refresh_table_screen(self)

    def repaint(self) -> None:
        self.refresh(repaint=True, layout=True)

    # what a table screen may ask of its app; spectators leave with their own keys instead
    def show_lobby(self) -> None:
        pass


Size = tuple[int, int]


def area(size: Size) -> int:
    return size[0] * size[1]


def watched_size(drawn: list[Size], window: Size, most: int) -> Size | None:
    """The size a viewer with `window` watches a table drawn at the sizes `drawn` at: a size
    drawn already that is a little smaller, else its own while the table has fewer than `most`,
    else the largest drawn that fits; None if none fits."""
    fits = [(w, h) for w, h in drawn if w <= window[0] and h <= window[1]]
    near = [(w, h) for w, h in fits if window[0] - w <= SNAP_COLUMNS and window[1] - h <= SNAP_ROWS]
    if near:
        return max(near, key=area)
    if len(drawn) < most:
        return window
    return max(fits, key=area) if fits else None


class Broadcasts:
    """The shared spectator apps of a server, started and stopped as viewers come and go."""

    def __init__(self, host: Host, limits: Limits) -> None:
        self.host = host
        self.limits = limits
        self.shows: dict[tuple[int, tuple[int, int]], tuple[SpectatorApp, Audience]] = {}
        self._running: set[asyncio.Task] = set()

    def _sizes(self, table_id: int) -> list[Size]:
        """The sizes the table is drawn at for its spectators now."""
        return [size for table, size in self.shows if table == table_id]

    def attach(self, table_id: int, viewer: Channel, meter: Meter | None = None) -> bool:
        """`viewer` watches the table; False if it is drawn at as many sizes as it may be, all
        larger than the viewer's window (the viewer is told what size would do)."""
        size = watched_size(self._sizes(table_id), viewer.size, self.limits.spectator_sizes)
        if size is None:
            smallest = min(self._sizes(table_id), key=area)
            most = counted(self.limits.spectator_sizes, "window size")
            told = (
                f"This table is watched at {most} already, the most this server draws. "
                f"Make your window at least "
                f"{smallest[0]} x {smallest[1]} to watch it, or press q."
            )
            lines = textwrap.wrap(told, max(viewer.size[0] - 1, 20))  # the terminal does not wrap
            viewer.send(CLEAR + b"\x1b[H" + "\r\n".join(lines).encode())
            return False
        key = (table_id, size)
        show = self.shows.get(key)
        if show is None:
            audience = Audience(size, self.limits)
            app = SpectatorApp(self.host, table_id, audience)
            show = self.shows[key] = (app, audience)
            audience.meter.bill(meter)  # its first frame is the newcomer's
            with audience.meter.current():  # for everyone who watches: nobody's share after
                task = asyncio.get_running_loop().create_task(app.run_async())
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            task.add_done_callback(lambda _task: self.shows.pop(key, None))
        elif show[0].is_running:
            show[1].meter.bill(meter)
            show[0].call_later(show[0].repaint)  # the newcomer needs a whole frame
        viewer.send(CLEAR)
        show[1].viewers[viewer] = None
        return True

    def resize(self, table_id: int, viewer: Channel, meter: Meter | None = None) -> None:
        """The viewer's window changed: it watches the size that now suits it (nothing is
        drawn if that is the size it watches already)."""
        watching = next(
            (
                size
                for (table, size), (_, audience) in self.shows.items()
                if table == table_id and viewer in audience.viewers
            ),
            None,
        )
        if (
            watching is None
            or watched_size(self._sizes(table_id), viewer.size, self.limits.spectator_sizes)
            != watching
        ):
            self.detach(table_id, viewer)
            self.attach(table_id, viewer, meter)

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
