"""The server's database is read and written by one thread of its own, so a disk (or a
database server) that hangs never stops the event loop every session shares. (Reads hang too:
SQLite starts each read by writing to its shared-memory index, and a frozen filesystem holds
that write.)

Code on the loop awaits its queries (net.store.storage.Storage.soon) or hands them over without
waiting (Storage.later); once the server serves, a query that would make the loop wait is a
bug, and raises. While the query the disk is at has taken HUNG_SECONDS (a slow commit on a busy
disk is not a hung disk), awaited queries fail at once (SlowDisk) instead of queueing behind
it. Off the loop (the command line, the server starting) a caller waits as long as the query
takes.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from net.store.dialects import Dialect

HUNG_SECONDS = 1.0  # a query running this long: the disk is hung, and queries fail at once


class StorageError(Exception):
    """The storage cannot be written (a full disk, a read-only directory...): nothing was saved."""


class SlowDisk(StorageError):
    """The disk did not answer in time: that query was given up (unless the disk is in the
    middle of it, when it may yet land)."""

    def __init__(self) -> None:
        super().__init__("the disk did not answer in time")


def _on_the_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class Disk:
    """The thread that reads and writes; `db`, its connection, is for its jobs alone."""

    def __init__(self, dialect: Dialect) -> None:
        self.db: Any = None
        self.serving = False  # once the server serves, the event loop never waits for a query
        self._dialect = dialect
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._busy_since: float | None = None  # when the job running now began
        self._thread = threading.Thread(target=self._work, daemon=True, name="boomtown-disk")
        self._thread.start()

    def _work(self) -> None:
        while (item := self._jobs.get()) is not None:
            future, job = item
            if not future.set_running_or_notify_cancel():
                continue  # given up before it began
            self._busy_since = time.monotonic()
            try:
                if self.db is None or self._dialect.broken(self.db):  # (used by this
                    # thread alone; a test may look into it while the thread is idle)
                    self.db = None
                    self.db = self._connect()
                future.set_result(job())
            except BaseException as exc:  # the caller's to handle
                future.set_exception(exc)
            finally:
                self._busy_since = None
        if self.db is not None:
            self.db.close()

    def _connect(self) -> Any:
        try:
            return self._dialect.connect()
        except (self._dialect.Error, OSError) as exc:
            raise StorageError(f"cannot reach the database: {exc}".strip()) from None

    @property
    def hung(self) -> bool:
        """Whether the query running now has taken HUNG_SECONDS or more."""
        began = self._busy_since
        return began is not None and time.monotonic() - began >= HUNG_SECONDS

    def do(self, job: Callable[[], Any]) -> Any:
        """`job`'s result, run in the disk's thread, waiting for it: off the event loop, or on
        it before the server serves (`serving`)."""
        if threading.current_thread() is self._thread:
            return job()  # a query within a query
        if self.serving and _on_the_loop():
            raise RuntimeError("a query would make the event loop wait: await Storage.soon")
        return self.submit(job).result()

    def submit(self, job: Callable[[], Any]) -> Future:
        """`job` queued for the disk's thread, for a caller that awaits it (never blocks)."""
        future: Future = Future()
        self._jobs.put((future, job))
        return future

    def close(self, wait: float) -> None:
        """Stop once the queries queued are done, and close the connection, waiting `wait`
        seconds at most (a hung disk keeps the thread, which ends with the process)."""
        self._jobs.put(None)
        self._thread.join(wait)
