"""Keeps the garbage collector's long pauses away from the moments players feel.

With many sessions the server holds hundreds of thousands of objects, and Python's full
collection of them stopped every session, several times a minute (the manual's "Measured
choices").
Nearly everything that has lived a few seconds lives long (apps, screens, widgets, styles), so
every few seconds the survivors are frozen out of the collector's sight (`gc.freeze`): automatic
collections then scan only what is new and stay short. A frozen object that dies inside a cycle
(an app that ended: its session closed, or went to watch a table) is reclaimed by a thaw:
unfreeze, collect everything, freeze again. A thaw is one full pause, so it waits for an app to
have ended (or for `thaw_every`) and then for a quiet moment, when no table has changed for
`quiet` seconds.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable


class Collector:
    def __init__(
        self,
        last_activity: Callable[[], float],
        every: float = 1.0,
        quiet: float = 1.0,
        thaw_every: float = 600.0,
    ) -> None:
        self.last_activity = last_activity  # when players last saw something change (monotonic)
        self.every = every
        self.quiet = quiet
        self.thaw_every = thaw_every
        self.owed = False  # an app ended since the last thaw
        self._last_thaw = time.monotonic()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        gc.unfreeze()

    def app_ended(self) -> None:
        self.owed = True

    def thaw(self) -> None:
        """Collect everything, frozen or not, then freeze what is left."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.owed = False
        self._last_thaw = time.monotonic()

    def thaw_due(self, now: float) -> bool:
        """Whether to thaw now: something is owed and the tables are quiet, or long overdue."""
        if not self.owed and now - self._last_thaw < self.thaw_every:
            return False
        overdue = now - self._last_thaw > 2 * self.thaw_every
        return overdue or now - self.last_activity() >= self.quiet

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            if self.thaw_due(time.monotonic()):
                self.thaw()
            else:
                gc.collect(1)  # the young generations only: short
                gc.freeze()
