"""This process among the `serve` processes sharing one PostgreSQL database: one community.

Every write a process makes is announced when it commits (PostgreSQL's NOTIFY, net.store.storage's
`_publish`). Here a thread LISTENs and hands what it hears to the event loop, where the host
applies it: a move through the deterministic engine, a table's seats and status as written, a
chat line in the order the database numbered it, who is connected where. Nothing is polled.

Each process beats every BEAT_SECONDS; one silent for LEASE_SECONDS is gone (killed, cut off),
and the first process to notice takes over the tables it ran: a table's bots, idle clock and
AFK bot run in exactly one process at a time (the `runners` rows), and the people connected to
it are no longer listed online.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from net.store.storage import StorageError

if TYPE_CHECKING:
    from net.hosting.host import Host

log = logging.getLogger("boomtown.net")

BEAT_SECONDS = 1.0  # how often a process says it lives
LEASE_SECONDS = 3.0  # a process silent this long is gone, and its tables are taken over
RECONNECT_SECONDS = 1.0  # how soon the listener tries again after losing the database


class Community:
    """Attached to the host (`host.community`) of a server on a shared database."""

    def __init__(
        self, host: Host, on_revision: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        self.host = host
        self.storage = host.storage
        self.me = self.storage.process
        self.on_revision = on_revision  # bans or closed tables changed somewhere: read them
        self.running: set[int] = set()  # the tables whose bots and clocks this process runs
        self.elsewhere: set[str] = set()  # people connected to other processes
        self._loop = asyncio.get_running_loop()
        self._events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._stopping = threading.Event()
        host.community = self
        self.storage.shared = True
        self._tasks = [self._loop.create_task(self._apply()), self._loop.create_task(self._live())]
        self._listener = threading.Thread(target=self._listen, daemon=True, name="boomtown-listen")
        self._listener.start()

    # -- what this process tells the others --------------------------------------------------

    def arrived(self, name: str) -> None:
        """`name` is connected here (the first of their sessions here); if the database cannot
        take it, the next beat after it is back says it again."""
        self.storage.later(self.storage.arrived, name)

    def left(self, name: str) -> None:
        """`name`'s last session here ended."""
        self.storage.later(self.storage.left, name)

    def refresh(self, table_id: int) -> None:
        """Read the table again from the database (a move heard out of turn, a change refused
        because another process made one first)."""
        self._events.put_nowait({"table": table_id})

    async def stop(self) -> None:
        """Leave the community: the others take this process's tables over at their next
        beat, and nobody is listed online here any more."""
        self._stopping.set()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(StorageError):
            await self.storage.soon(self.storage.leave)
        await asyncio.to_thread(self._listener.join, RECONNECT_SECONDS)

    # -- staying alive, and taking over ------------------------------------------------------

    async def _live(self) -> None:
        failing = False  # said once when the database goes away, once when it is back
        while True:
            try:
                running, rejoined = await self.storage.soon(self.storage.beat, LEASE_SECONDS)
            except StorageError as exc:
                if not failing:
                    log.warning(
                        "cannot reach the database to beat (%s); trying every %g s",
                        exc,
                        BEAT_SECONDS,
                    )
                failing = True
            else:
                if failing:
                    log.info("the database answers again")
                failing = False
                if rejoined:  # others took this process for gone: say again who is here
                    for name in self.host.connected_here():
                        self.arrived(name)
                self._run(running)
            await asyncio.sleep(BEAT_SECONDS)

    def _run(self, running: set[int]) -> None:
        """This process runs these tables now: their bots and clocks start (or stop)."""
        taken, lost = running - self.running, self.running - running
        self.running = running
        for table_id in taken | lost:
            table = self.host.tables.get(table_id)
            if table is not None:
                if table_id in taken:
                    log.info("table %d: this process runs its bots now", table_id)
                self.host.runs_changed(table)

    # -- hearing the others ------------------------------------------------------------------

    def _listen(self) -> None:
        """In a thread of its own: what the processes announce, handed to the event loop; after
        a lost connection, everything read again (what was said meanwhile was not heard)."""
        failing = False  # said once when the database goes away
        while not self._stopping.is_set():
            try:
                connection = self.storage.dialect.listen()
            except Exception as exc:  # the database is away: try again soon
                if not failing:
                    log.warning(
                        "cannot listen to the other processes (%s); trying every %g s",
                        exc,
                        RECONNECT_SECONDS,
                    )
                failing = True
                self._stopping.wait(RECONNECT_SECONDS)
                continue
            failing = False
            try:
                self._hand({"resync": True})
                while not self._stopping.is_set():
                    for heard in connection.notifies(timeout=0.5):
                        self._hand(json.loads(heard.payload))
            except Exception as exc:
                log.warning("lost the other processes (%s)", exc)
            finally:
                connection.close()

    def _hand(self, event: dict[str, Any]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: the server stopped
            self._loop.call_soon_threadsafe(self._events.put_nowait, event)

    async def _apply(self) -> None:
        """What was heard, in the order it was written."""
        while True:
            event = await self._events.get()
            try:
                await self._take(event)
            except StorageError as exc:
                log.warning("cannot read what another process wrote (%s)", exc)
            except Exception:
                log.exception("cannot apply what another process wrote: %s", event)

    async def _take(self, event: dict[str, Any]) -> None:
        mine = event.get("from") == self.me
        host, storage = self.host, self.storage
        if "chat" in event:  # its own lines too: every process shows them in one order
            host.heard_chat(event["chat"], event["n"], event["position"], event["line"])
        elif "presence" in event:  # its own news too: its beat finds the processes gone
            host.heard_presence(await storage.soon(storage.online_elsewhere))
        elif mine:
            return
        elif "move" in event:
            if not host.heard_move(event["move"], event["n"], event["seat"], event["action"]):
                self.refresh(event["move"])
        elif "table" in event:
            table_id = event["table"]
            host.heard_table(table_id, *await storage.soon(storage.table_and_chat, table_id))
        elif "revision" in event:
            await self._revised()
        elif "resync" in event:
            await self._resync()

    async def _resync(self) -> None:
        """Everything read again: the tables under way, the lobby's chat, who is where."""
        storage, host = self.storage, self.host
        ids = set(await storage.soon(storage.table_ids, "waiting", "playing")) | set(host.tables)
        for table_id in sorted(ids):
            host.heard_table(table_id, *await storage.soon(storage.table_and_chat, table_id))
        for n, position, line in await storage.soon(storage.chat, 0):
            host.heard_chat(0, n, position, line)
        host.heard_presence(await storage.soon(storage.online_elsewhere))
        await self._revised()

    async def _revised(self) -> None:
        if self.on_revision is not None:
            await self.on_revision()
