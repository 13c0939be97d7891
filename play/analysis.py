"""A finished game's analysis being worked out, for the screens that show it.

The playouts run in an executor (worker processes where the app or the host has them, so the
event loop and the interface never wait on them), a stage of estimates at a time; whoever shows
the analysis listens for its progress and its end. A game analysed once keeps its analysis in
its record, and is not analysed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing import resource_tracker

from core.engine.analysis import Analyser, Comparison, Estimate, Settings
from core.engine.findings import Analysis
from core.engine.playouts import Playouts
from core.engine.record import Record
from core.engine.replay import Replay
from core.games import get_spec

log = logging.getLogger("boomtown")

SETTINGS = Settings()
IN_PROCESSES = True  # False: a test's playouts run in threads (quicker to start)
PARENT_CHECK_SECONDS = 0.5  # how often a worker process looks whether its parent is gone


def analysis_settings() -> Settings:
    """The settings analyses are worked out with here."""
    return SETTINGS


def worker_processes() -> Executor | None:
    """Processes for the playouts of a game at this computer, as many as the cores but one
    (spawned: the app has threads, which fork copies badly); None: threads, where tests run."""
    if not IN_PROCESSES:
        return None
    # The processes' resource tracker is handed the app's stderr, which Textual replaces by a
    # capture with no file descriptor (-1, which starting a process refuses): the real one
    with contextlib.redirect_stderr(sys.__stderr__):
        resource_tracker.ensure_running()
    return spawned_pool(max(1, (os.cpu_count() or 1) - 1))


def spawned_pool(workers: int) -> ProcessPoolExecutor:
    """`workers` processes, spawned (the app and the server have threads, which fork copies
    badly), each ending as soon as the process that made them is gone."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=end_with_parent,
        initargs=(os.getpid(),),
    )


def end_with_parent(parent: int) -> None:
    """In a worker process: end as soon as `parent`, the process that started it, is gone
    (killed with -9, say, perhaps before this worker had started), rather than play out what it
    was given for nobody, holding its parent's pipes."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="end-with-parent").start()


class Analysing:
    """The analysis of `record`'s game for the people at `seats`: its progress (a share of its
    playouts) until it is worked out (`analysis`), or `failed` (why, in words)."""

    def __init__(self, record: Record, seats: Sequence[int], elsewhere: bool = False) -> None:
        """`elsewhere`: worked out by another process, which says when it is done (`arrived`)."""
        self.record = record
        self.seats = tuple(seats)
        self.analysis: Analysis | None = record.analysis
        self.failed = ""
        self.progress = 1.0 if self.analysis is not None else 0.0
        self._started = False
        self.elsewhere = elsewhere
        self._listeners: list[Callable[[], None]] = []

    def arrived(self, analysis: Analysis) -> None:
        """The analysis, worked out elsewhere (another server process on the database)."""
        if not self.running:
            return
        self.record.analysis = self.analysis = analysis
        self.progress = 1.0
        self._tell()
        self._listeners.clear()

    @property
    def running(self) -> bool:
        return self.analysis is None and not self.failed

    def listen(self, listener: Callable[[], None]) -> None:
        """Call `listener` at every step of progress and at the end (not if it is over)."""
        if self.running:
            self._listeners.append(listener)

    def forget(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    async def work_out(
        self,
        executor: Executor | None,
        settings: Settings | None = None,
        turns: asyncio.Semaphore | None = None,
    ) -> None:
        """Work the analysis out in `executor` (None: a thread of this process), an estimate
        at a time for each of `turns` (None: a stage's estimates at once), keep it in the
        game's record, and tell the listeners; a failure is logged and said, never raised."""
        if not self.running or self._started:
            return
        self._started = True  # worked out once

        try:
            playouts = get_spec(self.record.game).playouts
            if playouts is None:
                raise ValueError("this game has no playouts to estimate chances by")
            analyser = await asyncio.to_thread(
                self._analyser, playouts, settings or analysis_settings()
            )
            self.record.analysis = self.analysis = await self._run(analyser, executor, turns)
        except Exception as exc:  # a bug here must not take the end of the game with it
            log.exception("the analysis of a %s game failed", self.record.game)
            self.failed = f"The analysis could not be worked out ({exc})."
        self.progress = 1.0
        self._tell()
        self._listeners.clear()

    def _analyser(self, playouts: Playouts, settings: Settings) -> Analyser:
        return Analyser(Replay(self.record), playouts, self.seats, settings)

    async def _run(
        self, analyser: Analyser, executor: Executor | None, turns: asyncio.Semaphore | None
    ) -> Analysis:
        loop = asyncio.get_running_loop()
        done = 0

        async def estimated(work: Estimate | Comparison) -> object:
            nonlocal done
            async with turns or contextlib.nullcontext():
                found = await loop.run_in_executor(executor, work.run)
            done += work.cost
            self.progress = min(1.0, done / analyser.total) if analyser.total else 1.0
            self._tell()
            return found

        stages = analyser.stages()
        stage = next(stages)
        while True:
            found = await asyncio.gather(*(estimated(work) for work in stage))
            try:
                stage = stages.send(list(found))
            except StopIteration as over:
                analysis: Analysis = over.value
                return analysis

    def _tell(self) -> None:
        """Tell every listener (each someone's screen): one that fails is logged and told no
        more, and never fails the analysis, which others follow too."""
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:
                log.exception("a screen following a %s game's analysis failed", self.record.game)
                self.forget(listener)
