"""The server's memory in its database (SQLite in the data directory, or PostgreSQL): names and
their keys, tables, and every action.

Each action is committed before any session is shown it, so a server killed at any moment
restarts with every table exactly where the players last saw it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from net.limits import STOP_SECONDS
from net.store.browser_rows import BrowserRows
from net.store.community_rows import CommunityRows
from net.store.dialects import TABLES, dialect_for
from net.store.disk import Disk, SlowDisk, StorageError
from net.store.people_rows import PeopleRows
from net.store.rating_rows import RatingRows
from net.store.rows import (
    HUNG_CHECK_SECONDS,
    QUERY_SECONDS,
    SQLITE_FILE,
    Ban,
    FinishedTable,
    ListedTable,
    MoveTaken,
    RatingWork,
    RematchMade,
    StoredTable,
    TableChanged,
    _errors_told,
    guarded,
    hashed,
)
from net.store.table_rows import TableRows

# what the rest of the server reads of the database, from here (net.store.rows holds them)
__all__ = [
    "Ban",
    "FinishedTable",
    "ListedTable",
    "MoveTaken",
    "RatingWork",
    "RematchMade",
    "SQLITE_FILE",
    "Storage",
    "StorageError",
    "StoredTable",
    "TableChanged",
    "hashed",
]

log = logging.getLogger("boomtown.net")


class Storage(PeopleRows, TableRows, BrowserRows, RatingRows, CommunityRows):
    """The server's database, one connection for all it keeps: each kind of data in a part of
    its own (`PeopleRows`, `TableRows`, `BrowserRows`, `RatingRows`, `CommunityRows`); here the
    connection, its thread and queue, its transactions, and moving everything to another."""

    def __init__(self, where: str | Path) -> None:
        """The database at `where`: an SQLite file's path, or a postgresql:// URL."""
        self.dialect = dialect_for(where)
        self.process = secrets.token_hex(8)  # this process, among those sharing the database
        self._beaten: bool = False  # whether this process has said it lives
        # Whether other processes share the database and what they write is heard
        # (net.hosting.community): a chat line is shown once heard back, in the database's order.
        self.shared = False
        self._disk = Disk(self.dialect)
        try:
            self._set_up()
        except StorageError:
            self.close()
            raise
        self._revision: int | None = None
        self._winner = self.dialect.item("t.seats", "w.value")  # the seat of winner `w` at `t`
        self._sat_as_person = (  # at the table, the person `:player`
            f"EXISTS (SELECT 1 FROM {self.dialect.elements('seats', 's')} WHERE "
            f"{self.dialect.field('s.value', 'kind')} = 'human' AND "
            f"{self.dialect.field('s.value', 'name')} = :player)"
        )

    @property
    def db(self):
        """The connection, for queries running in the disk's thread."""
        return self._disk.db

    def _queued(self, query):
        """`query` done in the disk's thread, waited for (see Disk.do), its errors StorageError."""
        return self._disk.do(lambda: _errors_told(query, self.dialect.Error))

    def queue(self, query, *args) -> Future:
        """`query` (a method of this storage) queued for the disk's thread, never waited for."""
        raw = getattr(query, "__wrapped__", None)  # (a test may put a function in its place)
        job = (lambda: raw(self, *args)) if raw is not None else lambda: query(*args)
        return self._disk.submit(lambda: _errors_told(job, self.dialect.Error))

    async def soon(self, query, *args):
        """Await `query` (a method of this storage) done in the disk's thread, never holding
        the event loop; SlowDisk if the disk is hung (at once, or as soon as it is), or if
        the database does not answer within QUERY_SECONDS."""
        if self._disk.hung:
            raise SlowDisk()
        future = self.queue(query, *args)
        waiting = asyncio.wrap_future(future)
        until = time.monotonic() + QUERY_SECONDS
        while not waiting.done():
            await asyncio.wait({waiting}, timeout=HUNG_CHECK_SECONDS)
            if not waiting.done() and (self._disk.hung or time.monotonic() >= until):
                future.cancel()  # not begun: it never will be
                waiting.cancel()
                raise SlowDisk()
        return waiting.result()

    def later(self, query, *args) -> None:
        """`query` done in the disk's thread, not waited for: what is not worth a person's
        wait (where they were, who is away); a failure is logged."""
        what = query.__name__

        def told(done: Future) -> None:
            if not done.cancelled() and done.exception() is not None:
                log.warning("cannot save %s (%s)", what.replace("_", " "), done.exception())

        self.queue(query, *args).add_done_callback(told)

    def serve(self) -> None:
        """The server serves from now on: a query that would make the event loop wait is a
        bug (net.store.disk)."""
        self._disk.serving = True

    @guarded
    def _set_up(self) -> None:
        """The tables made or brought up to date, and a write tried, so that a database that
        cannot be written is refused now, not at the first move."""
        self.dialect.create_schema(self.db)
        self.dialect.bring_up_to_date(self.db)
        with self._transaction():
            self._drop_closed_empty_tables()

    def close(self) -> None:
        self._disk.close(STOP_SECONDS)

    @contextlib.contextmanager
    def _transaction(self):
        """The statements inside are written all together or not at all."""
        self.db.execute(self.dialect.begin)
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    @guarded
    def host_key(self, new: str) -> str:
        """The SSH host key the servers on this database share (OpenSSH's private key text):
        `new` if none was kept yet."""
        self.db.execute("INSERT INTO host_key VALUES (1, ?) ON CONFLICT DO NOTHING", (new,))
        return self.db.execute("SELECT key FROM host_key").fetchone()[0]

    # -- moving a server's data to another database (boomtown migrate) ---------------------

    @guarded
    def everything(self) -> list[tuple[str, list[str], list[tuple]]]:
        """Every row kept: (table, its columns, its rows) for each table of the schema."""
        found = []
        for table in TABLES:
            cursor = self.db.execute(f"SELECT * FROM {table}")
            rows = cursor.fetchall()
            found.append((table, [column[0] for column in cursor.description], rows))
        return found

    @guarded
    def take_in(self, everything: list[tuple[str, list[str], list[tuple]]]) -> None:
        """Write what another database's `everything` gave into this one, which must have no
        people, tables or bans yet (StorageError if it has): all of it, or nothing."""
        with self._transaction():
            for table in ("users", "tables", "bans"):
                if self.db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone():
                    raise StorageError(f"the database already keeps {table}: it must be new")
            for table, columns, rows in everything:
                marks = ", ".join("?" * len(columns))
                self.db.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                    f"({marks}) ON CONFLICT DO NOTHING",
                    rows,
                )
            self.dialect.after_copy(self.db)

    # -- the processes sharing the database (net.hosting.community) --------------------------------

    # -- names -------------------------------------------------------------------------------

    # -- a person's settings (those whose name a key owns) -------------------------------------

    # -- where people were -------------------------------------------------------------------

    # -- bans (written by `boomtown ban`, read by the server) --------------------------------

    @guarded
    def changed_elsewhere(self) -> bool:
        """Whether the bans or the tables closed have changed (by `boomtown ban`, `boomtown
        tables --close`, or any server process) since this was last asked (the first time:
        True)."""
        (revision,) = self.db.execute("SELECT n FROM revision").fetchone()
        changed, self._revision = revision != self._revision, revision
        return changed

    def _revised(self) -> None:
        """Tell every process (changed_elsewhere) of this change."""
        self.db.execute("UPDATE revision SET n = n + 1")
        self._publish(revision=True)

    def _publish(self, **event: Any) -> None:
        """Tell the other processes on this database (net.hosting.community) what was just written;
        sent when the write commits (with the transaction it is in)."""
        self.dialect.notify(self.db, {"from": self.process, **event})

    # -- tables ------------------------------------------------------------------------------

    # -- browsers (net.transport.web) --------------------------------------------------------------

    # -- invitations: a name for someone with no SSH (net.identity) ---------------------------

    # -- ratings (play.ratings) ---------------------------------------------------------------

    # -- chat --------------------------------------------------------------------------------
