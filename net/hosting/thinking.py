"""Bots that think long (search bots) think in worker processes, not beside the event loop.

A thread would share the interpreter's lock with the loop every session shares: 30 tables of
search bots kept a person's keys waiting half a second. A small pool of processes (at most the
cores the loop does not use) takes their thinking instead; a bot travels there and back by
pickle with the view and the legal actions, and comes back as it is after its choice, so it
plays as it would have in one process. Quick bots (heuristic, random) think in a thread: a trip
to another process would cost them more than their thinking.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor

from play.analysis import spawned_pool


def think(bot, view, legal: list):
    """The bot's choice, and the bot as it is after it (its random state): what comes back
    from a worker process, or a thread."""
    return bot.choose(view, legal), bot


class Thinkers:
    """The worker processes slow bots think in."""

    def __init__(self, workers: int | None = None) -> None:
        spare = (os.cpu_count() or 1) - 1
        self.workers = workers or max(1, spare)
        self._pool = spawned_pool(self.workers)

    async def choose(self, bot, view, legal: list):
        """(choice, the bot after choosing), worked out in a worker process."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, think, bot, view, legal)

    @property
    def executor(self) -> ProcessPoolExecutor:
        """The processes, for other slow work (a finished game's analysis)."""
        return self._pool

    def stop(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
