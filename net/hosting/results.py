"""A finished game's end saved, its analysis worked out once and its ratings changed: the
host's part after a game."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.engine.findings import Analysis
from core.engine.game import Result
from core.engine.replay import Replay
from net.hosting.tables import (
    HUMAN,
    HostedTable,
    NetSeat,
)
from net.loop.loop_share import unmetered
from net.store.storage import RatingWork, StorageError
from play.analysis import Analysing
from play.ratings import Player, Rating, RatingChanges
from play.ratings import rate as rate_game

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")
PAST_ANALYSES = 2  # past games without an analysis worked out at once, at their replays' asking


class Results:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    def _save_end(self: Host, table: HostedTable) -> None:
        """Kept if it can be: else it follows from the saved moves when the server starts
        again."""
        result = table.started.state.result()
        if result is not None:  # (always, for a game that is over)
            self.storage.later(
                self.storage.end_table,
                table.id,
                result.reason,
                list(result.winners),
                None if _unrated(table) else _rating(table, result),
            )

    def _analyse(self: Host, table: HostedTable) -> None:
        """Work the finished game's analysis out once for everyone at the table."""
        if not table.people:
            return
        table.running.analysing = Analysing(table.started.record, table.people)
        self._work_out(table.id, table.running.analysing)

    def analysis_for_replay(
        self: Host, table_id: int, replay: Replay, seats: list[NetSeat]
    ) -> Analysing | None:
        """The analysis a replay of a finished game shows as it comes: the one under way for
        its table, or for a game replayed without one (its server stopped before it was done,
        or it ended before analyses), one worked out now, once for everyone who replays it,
        and kept. None when it has one already, or PAST_ANALYSES are under way."""
        table = self.tables.get(table_id)
        if table is not None and table.running.analysing is not None:
            return table.running.analysing
        if replay.record.analysis is not None or not replay.finished:
            return None
        analysing = self._past_analyses.get(table_id)
        people = [seat for seat, s in enumerate(seats) if s.kind == HUMAN]
        if analysing is None and people and len(self._past_analyses) < PAST_ANALYSES:
            analysing = self._past_analyses[table_id] = Analysing(replay.record, people)
            self._work_out(table_id, analysing, lambda: self._past_analyses.pop(table_id))
        return analysing

    def _work_out(
        self: Host, table_id: int, analysing: Analysing, then: Callable[[], object] | None = None
    ) -> None:
        """Work `analysing` out in the worker processes (else a thread), an estimate at a time,
        so that the search bots' thinking waits for one estimate at most; then keep it with the
        table's game, and call `then`."""
        executor = self.thinkers.executor if self.thinkers is not None else None

        async def work_out() -> None:
            try:
                await analysing.work_out(executor, turns=self._analysis_turns)
            finally:
                if then is not None:
                    then()
            if analysing.analysis is not None:
                self.storage.later(
                    self.storage.save_analysis, table_id, analysing.analysis.to_json()
                )

        with unmetered():  # the table's, not the share of whoever made the last move
            task = asyncio.get_running_loop().create_task(work_out())
        self._analyses.add(task)
        task.add_done_callback(self._analyses.discard)

    def _rate(self: Host, table: HostedTable) -> None:
        """The people's ratings the finished game changed (with its end: `_save_end`), shown
        on their end screens as they come."""
        table.ratings = ratings = RatingChanges(_unrated(table))
        if ratings.unrated:
            return

        async def changed() -> None:
            storage = self.storage
            try:  # (queued after the end is written)
                changes = await storage.soon(storage.rating_changes, table.id)
            except StorageError as exc:
                changes = {}
                log.warning("table %s: its rating changes cannot be read (%s)", table.id, exc)
            if changes:
                ratings.arrived(changes)
            else:
                ratings.unrated = "The ratings could not be changed just now."
                ratings.arrived({})

        task = asyncio.get_running_loop().create_task(changed())
        self._requests.add(task)
        task.add_done_callback(self._requests.discard)

    def _rated_elsewhere(
        self: Host, table: HostedTable, kept: dict[str, tuple[Rating, Rating]] | None = None
    ) -> None:
        """A game that ended at another process: its ratings are that process's to change
        (it keeps the changes, and says so); `kept`, the changes as the database has them."""
        if table.ratings is None:
            table.ratings = RatingChanges(_unrated(table))
        if kept and table.ratings.changes is None:
            table.ratings.arrived(kept)

    def _analysed_elsewhere(self: Host, table: HostedTable, kept: Any = None) -> None:
        """A game that ended at another process: its analysis is that process's to work out
        (it keeps it, and says so); `kept`, the analysis as the database has it, if it does."""
        if table.running.analysing is None:
            if not table.people:
                return
            table.running.analysing = Analysing(table.started.record, table.people, elsewhere=True)
        if kept is not None and table.running.analysing.elsewhere:
            try:
                table.running.analysing.arrived(Analysis.from_json(kept, len(table.seats)))
            except (KeyError, TypeError, ValueError, AttributeError):
                log.warning("table %s: its analysis in the database does not read", table.id)


def _rating(table: HostedTable, result: Result) -> RatingWork:
    """How the people's ratings at the game of `table`, which came out as `result`, change."""
    players = [Player(s.name, s.kind if s.is_bot else None) for s in table.seats]
    people = [p.name for p in players if p.bot_kind is None]
    return table.game, people, functools.partial(rate_game, players, result)


def _unrated(table: HostedTable) -> str:
    """Why the game at `table` changes no rating; "" when it changes them."""
    if not table.rated:
        return "An unrated game: no rating changes."
    if len(table.people) < 2:
        return "No ratings change: a game needs two people at it to count."
    return ""
