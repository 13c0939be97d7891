"""A watch on the event loop every session shares: when it has not turned for `stall_seconds`,
the host's log says so, with the stack the loop is stuck in, and says again when it turns.

Every session of the server runs on that one loop, so code that never yields (a bug in a rule,
a library spinning) freezes everyone at once and shows nothing. A thread outside the loop is
the one place that can still see it: the loop beats a clock, and the thread reads it.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
import traceback

log = logging.getLogger("boomtown.net")


class StallWatch:
    def __init__(self, stall_seconds: float) -> None:
        self.stall_seconds = stall_seconds
        self._beat = time.monotonic()  # when the loop last turned
        self._loop_thread = 0
        self._stop = threading.Event()
        self._beats: asyncio.Task | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Watch the running loop (call from it)."""
        self._loop_thread = threading.get_ident()
        self._beat = time.monotonic()
        self._beats = asyncio.get_running_loop().create_task(self._beating())
        self._thread = threading.Thread(target=self._watch, name="stall-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._beats is not None:
            self._beats.cancel()
        if self._thread is not None:
            self._thread.join()

    async def _beating(self) -> None:
        while True:
            self._beat = time.monotonic()
            await asyncio.sleep(self.stall_seconds / 4)

    def _watch(self) -> None:
        stalled = False
        while not self._stop.wait(self.stall_seconds / 4):
            silent = time.monotonic() - self._beat
            if silent >= self.stall_seconds and not stalled:
                stalled = True
                log.error(
                    "the event loop every session shares has not turned for %.1f s; it is at:\n%s",
                    silent,
                    self._loop_stack(),
                )
            elif stalled and silent < self.stall_seconds:
                stalled = False
                log.warning("the event loop turns again")

    def _loop_stack(self) -> str:
        frame = sys._current_frames().get(self._loop_thread)
        return "".join(traceback.format_stack(frame)) if frame is not None else "(not found)"
