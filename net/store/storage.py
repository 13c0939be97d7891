"""The server's memory in its database (SQLite in the data directory, or PostgreSQL): names and
their keys, tables, and every action.

Each action is committed before any session is shown it, so a server killed at any moment
restarts with every table exactly where the players last saw it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core.engine.record import Record
from net.limits import STOP_SECONDS
from net.names import skeleton
from net.store.dialects import TABLES, dialect_for
from net.store.disk import HUNG_SECONDS, Disk, SlowDisk, StorageError
from play.ratings import NEW, Rating

log = logging.getLogger("boomtown.net")

QUERY_SECONDS = 5.0  # an awaited query given up after this (the database is away)
HUNG_CHECK_SECONDS = HUNG_SECONDS / 4  # how often an awaited query looks whether the disk hung
SQLITE_FILE = "boomtown.sqlite3"  # a server's database in its data directory, without --db
ASSISTED = "EXISTS (SELECT 1 FROM assisted WHERE table_id = {})"  # of the table: a hint asked
TABLE_COLUMNS = (
    "id, game, options, seed, seats, host, status, away, bot_kind, changes, rematch_of, "
    "NOT EXISTS (SELECT 1 FROM unrated WHERE table_id = id), " + ASSISTED.format("id")
)
# a game's rating (Storage.end_table): the game, its people, and how their ratings change
RatingWork = tuple[str, list[str], Callable[[dict[str, Rating]], dict[str, Rating]]]
FINISHED_COLUMNS = "id, game, seats, COALESCE(ended, created), result, " + ASSISTED.format("id")


DAY_SECONDS = 24 * 3600
VISITS_KEPT_SECONDS = 30 * 24 * 3600  # where a name came from, remembered for a ban this long
VISITS_PER_ADDRESS = 20  # the names last seen from one address (a flood of names stays small)


@dataclass(frozen=True)
class Ban:
    name: str
    key: str | None  # the key that owned the name when it was banned
    reason: str
    at: float
    addresses: frozenset[str] = frozenset()  # where the name came from: no guests from there

    def refuses(self, name: str, key: str | None, address: str) -> bool:
        """Whether this ban keeps out a person called `name` with `key` (None: a guest) coming
        from `address`. A guest has no key to know them by, so their address stands in; a
        key-holder from the same address is someone else, and comes in."""
        return (
            name == self.name
            or (key is not None and key == self.key)
            or (key is None and address in self.addresses)
        )


@dataclass(frozen=True)
class FinishedTable:
    """A finished game as the list of past games shows it."""

    id: int
    game: str
    seats: list[dict[str, str]]
    ended: float  # when (seconds since the epoch); a game from before this was kept: its start
    result: str  # how it came out, in a sentence ("" for a game from before this was kept)
    assisted: bool = False  # its person asked for hints


@dataclass
class StoredTable:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, str]]
    host: str
    status: str
    actions: list[tuple[int, dict[str, Any]]]
    away: list[int]
    bot_kind: str  # the kind of bot that takes the seats the table's host fills
    changes: int  # how many times its seats, status or host were written
    rematch_of: int | None  # the table whose game it plays again
    rated: bool = True  # whether its game changes the people's ratings
    assisted: bool = False  # its person asked for a hint (`mark_assisted`)
    analysis: Any = None  # a finished game's, once worked out (as JSON data)
    rating_changes: dict[str, tuple[Rating, Rating]] | None = None  # a finished game's

    def record(self) -> Record:
        """The table's game, as played so far; RecordError if it does not read."""
        return Record.from_json(
            {
                "format": 1,
                "game": self.game,
                "players": [s["name"] for s in self.seats],
                "seed": self.seed,
                "options": self.options,
                "actions": [[seat, action] for seat, action in self.actions],
                **({"assisted": True} if self.assisted else {}),
                **({"analysis": self.analysis} if self.analysis is not None else {}),
            }
        )


@dataclass(frozen=True)
class ListedTable:
    """A table as `boomtown tables` lists it."""

    id: int
    game: str
    status: str
    host: str
    seats: str  # as stored (JSON)
    created: float
    result: str  # for a damaged table, why it was set aside


def _json_or_none(text: str | None) -> Any:
    """JSON kept as text, or None where there is none, or none that reads (an analysis that
    does not read is worked out again, never a reason a game cannot be replayed)."""
    try:
        return json.loads(text) if text is not None else None
    except ValueError:
        return None


def _errors_told(job, driver_error: type[Exception]):
    """Run `job`, the database's and the disk's errors turned into StorageError, which the host
    expects."""
    try:
        return job()
    except (driver_error, OSError) as exc:
        raise StorageError(f"{exc}".strip()) from None


def guarded(method):
    """A query: done in the disk's thread (net.store.disk), its errors turned into StorageError."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        return self._queued(lambda: method(self, *args, **kwargs))

    return wrapper


class MoveTaken(StorageError):
    """Another process saved a move of that number first: this one is refused as stale."""

    def __init__(self) -> None:
        super().__init__("another move was made first")


class RematchMade(StorageError):
    """Another process made the table to play that game again first."""

    def __init__(self) -> None:
        super().__init__("that game is played again at another table")


class TableChanged(StorageError):
    """Another process changed the table first: nothing was written."""

    def __init__(self) -> None:
        super().__init__("the table was changed elsewhere first")


class Storage:
    def __init__(self, where: str | Path) -> None:
        """The database at `where`: an SQLite file's path, or a postgresql:// URL."""
        self.dialect = dialect_for(where)
        self.process = secrets.token_hex(8)  # this process, among those sharing the database
        self._beaten = False  # whether this process has said it lives
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

    @guarded
    def beat(self, lease: float) -> tuple[set[int], bool]:
        """This process lives. Processes silent for `lease` seconds are gone: this one takes
        over their tables, and the people connected to them are no longer online; so with
        tables no process alive runs. Returns the tables this process runs, and whether it had
        itself been taken for gone (and must say again who is connected to it)."""
        now, me = time.time(), self.process
        with self._transaction():
            rejoined = (
                self._beaten
                and self.db.execute("SELECT 1 FROM processes WHERE id = ?", (me,)).fetchone()
                is None
            )
            self._beaten = True
            self.db.execute(
                "INSERT INTO processes VALUES (?, ?) ON CONFLICT (id) DO UPDATE "
                "SET beat = excluded.beat",
                (me, now),
            )
            gone = [
                p
                for (p,) in self.db.execute(
                    "SELECT id FROM processes WHERE beat < ?", (now - lease,)
                )
            ]
            if gone:
                marks = ", ".join("?" * len(gone))
                self.db.execute(f"DELETE FROM presence WHERE process IN ({marks})", gone)
                self.db.execute(  # their guests' names: free, but for browsers' cookies
                    f"UPDATE guests SET process = NULL WHERE process IN ({marks})", gone
                )
                self.db.execute(f"DELETE FROM processes WHERE id IN ({marks})", gone)
                self._publish(presence=True)
            self.db.execute(
                "UPDATE runners SET process = ? WHERE process NOT IN (SELECT id FROM processes)",
                (me,),
            )  # the gone's
            self.db.execute(
                "DELETE FROM runners WHERE table_id NOT IN (SELECT id FROM tables "
                "WHERE status IN ('waiting', 'playing'))"
            )
            self.db.execute(
                "INSERT INTO runners SELECT id, ? FROM tables WHERE status IN "
                "('waiting', 'playing') AND id NOT IN (SELECT table_id FROM runners)",
                (me,),
            )
            running = {
                table_id
                for (table_id,) in self.db.execute(
                    "SELECT table_id FROM runners WHERE process = ?", (me,)
                )
            }
        return running, rejoined

    @guarded
    def leave(self) -> None:
        """This process stops: the others take over its tables at their next beat."""
        with self._transaction():
            self.db.execute("UPDATE processes SET beat = 0 WHERE id = ?", (self.process,))
            self.db.execute("DELETE FROM presence WHERE process = ?", (self.process,))
            self._publish(presence=True)

    @guarded
    def arrived(self, name: str) -> None:
        """`name` is connected to this process."""
        self.db.execute(
            "INSERT INTO presence VALUES (?, ?) ON CONFLICT DO NOTHING", (name, self.process)
        )
        self._publish(presence=True)

    @guarded
    def left(self, name: str) -> None:
        """`name` is no longer connected to this process."""
        self.db.execute("DELETE FROM presence WHERE name = ? AND process = ?", (name, self.process))
        self._publish(presence=True)

    @guarded
    def online_elsewhere(self) -> set[str]:
        """The people connected to the other processes."""
        return {
            name
            for (name,) in self.db.execute(
                "SELECT DISTINCT name FROM presence WHERE process != ?", (self.process,)
            )
        }

    # -- names -------------------------------------------------------------------------------

    @guarded
    def key_of(self, name: str) -> str | None:
        """The key that owns `name`, or a name that looks like it (the name itself first, then
        the oldest look-alike); None if it is free."""
        row = self.db.execute(
            "SELECT key FROM users WHERE skeleton = ? ORDER BY name = ? DESC, created LIMIT 1",
            (skeleton(name), name),
        ).fetchone()
        return row[0] if row else None

    @guarded
    def claim(self, name: str, key: str) -> bool:
        """Bind `name` to `key` if neither it nor a look-alike is owned; True if `key` now owns
        `name` (or a look-alike of it)."""
        with self._transaction():
            owner = self.key_of(name)
            if owner is None:
                self.db.execute(
                    "INSERT INTO users (name, key, created, skeleton) VALUES (?, ?, ?, ?)",
                    (name, key, time.time(), skeleton(name)),
                )
        return owner in (None, key)

    @guarded
    def hold_name(
        self, name: str, key: str | None, holder: str, expires: float | None
    ) -> str | None:
        """`name` held for `holder` (net.identity), if nothing else holds it or a look-alike:
        None if it is now, else what holds it ("key", or another guest's holder). A `key`
        (an SSH key's fingerprint, or an invited person's browsers') claims the name for good;
        a guest holds it while a session of theirs lives at this process, and until `expires`
        if given (a browser guest's cookie)."""
        with self._transaction():
            return self._hold(name, key, holder, expires)

    def _hold(self, name: str, key: str | None, holder: str, expires: float | None) -> str | None:
        """`hold_name`, inside a transaction."""
        folded, now = skeleton(name), time.time()
        owner = self.key_of(name)
        if owner is not None:
            return None if owner == key else "key"
        row = self.db.execute(
            "SELECT holder FROM guests WHERE skeleton = ? AND holder != ? AND "
            "(expires > ? OR process = ? OR process IN (SELECT id FROM processes))",
            (folded, holder, now, self.process),
        ).fetchone()
        if row is not None:
            return str(row[0])
        self.db.execute("DELETE FROM guests WHERE skeleton = ? AND holder != ?", (folded, holder))
        if key is not None:
            self.db.execute(
                "INSERT INTO users (name, key, created, skeleton) VALUES (?, ?, ?, ?)",
                (name, key, now, folded),
            )
            return None
        if expires is not None:  # a browser guest's cookie holds one name
            self.db.execute(
                "DELETE FROM guests WHERE holder = ? AND skeleton != ?", (holder, folded)
            )
        self.db.execute(
            "INSERT INTO guests VALUES (?, ?, ?, ?, ?) ON CONFLICT (skeleton) DO UPDATE "
            "SET name = excluded.name, process = excluded.process, "
            "expires = COALESCE(excluded.expires, guests.expires)",
            (folded, name, holder, self.process, expires),
        )
        return None

    @guarded
    def tie_key(self, name: str, owner: str, key: str) -> bool:
        """`name`, which `owner` (an invited person's browsers) holds, held by the SSH key
        `key` from now on (its browsers act for the key); False if `owner` does not hold it,
        or the key holds another name already."""
        with self._transaction():
            if self.db.execute("SELECT 1 FROM users WHERE key = ?", (key,)).fetchone():
                return False
            return bool(
                self.db.execute(
                    "UPDATE users SET key = ? WHERE name = ? AND key = ?", (key, name, owner)
                ).rowcount
            )

    @guarded
    def held_name(self, holder: str) -> str | None:
        """The name a browser guest's cookie holds (`holder`), if it holds one still."""
        row = self.db.execute(
            "SELECT name FROM guests WHERE holder = ? AND expires > ?", (holder, time.time())
        ).fetchone()
        return row[0] if row else None

    @guarded
    def let_go(self, name: str, holder: str) -> None:
        """A guest's last session here called `name` ended: the name is free unless their
        cookie still holds it."""
        folded = skeleton(name)
        with self._transaction():
            self.db.execute(
                "UPDATE guests SET process = NULL WHERE skeleton = ? AND holder = ? "
                "AND process = ?",
                (folded, holder, self.process),
            )
            self.db.execute(
                "DELETE FROM guests WHERE process IS NULL AND (expires IS NULL OR expires < ?)",
                (time.time(),),
            )

    # -- a person's settings (those whose name a key owns) -------------------------------------

    @guarded
    def setting(self, name: str, setting: str) -> str | None:
        row = self.db.execute(
            "SELECT value FROM settings WHERE name = ? AND setting = ?", (name, setting)
        ).fetchone()
        return row[0] if row else None

    @guarded
    def remember(self, name: str, setting: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO settings VALUES (?, ?, ?) ON CONFLICT (name, setting) "
            "DO UPDATE SET value = excluded.value",
            (name, setting, value),
        )

    # -- where people were -------------------------------------------------------------------

    @guarded
    def set_place(self, name: str, table_id: int) -> None:
        """`name` last played at or watched this table."""
        self.db.execute(
            "INSERT INTO places VALUES (?, ?) ON CONFLICT (name) "
            "DO UPDATE SET table_id = excluded.table_id",
            (name, table_id),
        )

    @guarded
    def place_of(self, name: str) -> int | None:
        """The table `name` last played at or watched, if any."""
        row = self.db.execute("SELECT table_id FROM places WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    @guarded
    def places(self) -> dict[str, int]:
        """Where each person last played or watched, for the tables still waiting or playing
        (the others' rows are dropped)."""
        with self._transaction():
            self.db.execute(
                "DELETE FROM places WHERE table_id NOT IN (SELECT id FROM tables "
                "WHERE status IN ('waiting', 'playing'))"
            )
        return dict(self.db.execute("SELECT name, table_id FROM places"))

    # -- bans (written by `boomtown ban`, read by the server) --------------------------------

    @guarded
    def visited(self, name: str, address: str) -> None:
        """`name` came in from `address`: kept for VISITS_KEPT_SECONDS, for a ban's sake, with
        the last VISITS_PER_ADDRESS names from each address."""
        now = time.time()
        with self._transaction():
            self.db.execute(
                "INSERT INTO visits VALUES (?, ?, ?) ON CONFLICT (name, address) "
                "DO UPDATE SET at = excluded.at",
                (name, address, now),
            )
            self.db.execute("DELETE FROM visits WHERE at < ?", (now - VISITS_KEPT_SECONDS,))
            self.db.execute(
                "DELETE FROM visits WHERE address = ? AND name NOT IN (SELECT name "
                "FROM visits WHERE address = ? ORDER BY at DESC LIMIT ?)",
                (address, address, VISITS_PER_ADDRESS),
            )

    @guarded
    def ban(self, name: str, reason: str) -> tuple[str | None, list[str]]:
        """Ban `name`, the key that owns it (every name of that key) and guests from the
        addresses the name came from lately; returns the key and those addresses."""
        key, now = self.key_of(name), time.time()
        with self._transaction():
            self.db.execute(
                "INSERT INTO bans VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE "
                "SET key = excluded.key, reason = excluded.reason, at = excluded.at",
                (name, key, reason, now),
            )
            self.db.execute(
                "INSERT INTO banned_addresses SELECT name, address FROM visits "
                "WHERE name = ? AND at >= ? ON CONFLICT DO NOTHING",
                (name, now - VISITS_KEPT_SECONDS),
            )
            self._revised()
        return key, [
            address
            for (address,) in self.db.execute(
                "SELECT address FROM banned_addresses WHERE name = ? ORDER BY address", (name,)
            )
        ]

    @guarded
    def lift_ban(self, name: str) -> bool:
        """Lift the ban on `name` (its key and addresses); False if it was not banned."""
        with self._transaction():
            self.db.execute("DELETE FROM banned_addresses WHERE name = ?", (name,))
            self._revised()
            return self.db.execute("DELETE FROM bans WHERE name = ?", (name,)).rowcount > 0

    @guarded
    def bans(self) -> list[Ban]:
        """Every ban, the oldest first."""
        addresses = self._banned_addresses()
        return [
            Ban(name, key, reason, at, frozenset(addresses.get(name, ())))
            for name, key, reason, at in self.db.execute(
                "SELECT name, key, reason, at FROM bans ORDER BY at"
            )
        ]

    def _banned_addresses(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for name, address in self.db.execute("SELECT name, address FROM banned_addresses"):
            found.setdefault(name, set()).add(address)
        return found

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

    @guarded
    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[dict[str, str]],
        host: str,
        bot_kind: str,
        rematch_of: int | None = None,
        rated: bool = True,
    ) -> int:
        """A new table, waiting to start, run by this process (net.hosting.community); to play the
        game at table `rematch_of` again, unless another process made that table first
        (RematchMade); `rated`: whether its game changes the people's ratings."""
        with self._transaction():
            try:
                (table_id,) = self.db.execute(
                    "INSERT INTO tables (game, options, seed, seats, host, status, created, "
                    "bot_kind, rematch_of) VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?) "
                    "RETURNING id",
                    (
                        game,
                        json.dumps(options),
                        seed,
                        json.dumps(seats),
                        host,
                        time.time(),
                        bot_kind,
                        rematch_of,
                    ),
                ).fetchone()
            except self.dialect.Duplicate:
                raise RematchMade() from None
            if not rated:
                self.db.execute("INSERT INTO unrated VALUES (?)", (table_id,))
            if self.shared:  # (else the first server to beat runs it)
                self.db.execute("INSERT INTO runners VALUES (?, ?)", (table_id, self.process))
            self._publish(table=table_id)
        return int(table_id)

    @guarded
    def rematch_for(self, table_id: int) -> int | None:
        """The table waiting to play the game at `table_id` again, if any."""
        row = self.db.execute(
            "SELECT id FROM tables WHERE rematch_of = ? AND status = 'waiting'", (table_id,)
        ).fetchone()
        return row[0] if row else None

    @guarded
    def update_table(
        self, table_id: int, seats: list[dict[str, str]], status: str, host: str, changes: int
    ) -> int:
        """Write the table's seats, status and host, which have changed `changes` times as
        this process knows them; returns the count with this change. TableChanged, and nothing
        is written, if another process changed them first."""
        if not self.db.execute(
            "UPDATE tables SET seats = ?, status = ?, host = ?, "
            "changes = changes + 1 WHERE id = ? AND changes = ?",
            (json.dumps(seats), status, host, table_id, changes),
        ).rowcount:
            raise TableChanged()
        self._publish(table=table_id)
        return changes + 1

    @guarded
    def end_table(
        self, table_id: int, result: str, winners: list[int], rating: RatingWork | None = None
    ) -> None:
        """The table's game is over, and came out as `result` says: the seats in `winners`
        won; with `rating`, its people's ratings are changed in the same write (once)."""
        with self._transaction():
            self.db.execute(
                "UPDATE tables SET status = 'over', ended = ?, result = ?, winners = ? "
                "WHERE id = ?",
                (time.time(), result, json.dumps(winners), table_id),
            )
            if rating is not None:
                self._rate(table_id, *rating)
            self._publish(table=table_id)

    @guarded
    def record_of(self, player: str) -> tuple[int, int]:
        """(won, played): the finished games `player` sat at as a person, of those whose
        winners were kept, and how many of them they won."""
        winner, field = self._winner, self.dialect.field
        row = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN EXISTS (SELECT 1 FROM "
            f"{self.dialect.elements('t.winners', 'w')} WHERE {field(winner, 'name')} = :player "
            f"AND {field(winner, 'kind')} = 'human') THEN 1 ELSE 0 END), 0) "
            "FROM tables AS t WHERE t.status = 'over' AND t.winners IS NOT NULL AND "
            f"{self._sat_as_person} AND NOT {ASSISTED.format('t.id')}",
            {"player": player},
        ).fetchone()
        return row[1], row[0]

    @guarded
    def most_wins(self, limit: int) -> list[tuple[str, int]]:
        """The people who won the most finished games, with how many, the most first."""
        winner, field = self._winner, self.dialect.field
        rows = self.db.execute(
            f"SELECT {field(winner, 'name')} AS name, COUNT(*) AS wins "
            f"FROM tables AS t, {self.dialect.elements('t.winners', 'w')} "
            f"WHERE t.status = 'over' AND {field(winner, 'kind')} = 'human' "
            f"AND NOT {ASSISTED.format('t.id')} "
            "GROUP BY name ORDER BY wins DESC, name LIMIT ?",
            (limit,),
        )
        return [(name, wins) for name, wins in rows]

    @guarded
    def finished(self, limit: int, player: str | None = None) -> list[FinishedTable]:
        """The last `limit` games finished, the newest first; only those `player` sat at, if
        named."""
        played = "" if player is None else f" AND {self._sat_as_person}"
        rows = self.db.execute(
            f"SELECT {FINISHED_COLUMNS} FROM tables WHERE status = 'over'"
            f"{played} ORDER BY "
            "COALESCE(ended, created) DESC, id DESC LIMIT :limit",
            {"limit": limit, "player": player},
        )
        return [_finished(row) for row in rows]

    @guarded
    def finished_table(self, table_id: int) -> FinishedTable | None:
        """One finished game as the list shows it; None if there is none of that number."""
        row = self.db.execute(
            f"SELECT {FINISHED_COLUMNS} FROM tables WHERE id = ? AND status = 'over'", (table_id,)
        ).fetchone()
        return _finished(row) if row else None

    @guarded
    def add_action(self, table_id: int, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move `n`; MoveTaken if another process took that number first."""
        try:
            self.db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)", (table_id, n, seat, json.dumps(action))
            )
        except self.dialect.Duplicate:
            raise MoveTaken() from None
        self._publish(move=table_id, n=n, seat=seat, action=action)

    @guarded
    def update_away(self, table_id: int, away: list[int]) -> None:
        self.db.execute("UPDATE tables SET away = ? WHERE id = ?", (json.dumps(away), table_id))
        self._publish(table=table_id)

    @guarded
    def table_ids(self, *statuses: str) -> list[int]:
        """The numbers of the tables with one of `statuses`, oldest first."""
        marks = ", ".join("?" * len(statuses))
        return [
            id_
            for (id_,) in self.db.execute(
                f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY id", statuses
            )
        ]

    @guarded
    def statuses(self, table_ids: list[int]) -> dict[int, str]:
        """The status of each of these tables (those that exist)."""
        if not table_ids:
            return {}
        marks = ", ".join("?" * len(table_ids))
        return dict(
            self.db.execute(
                f"SELECT id, status FROM tables WHERE id IN ({marks})", table_ids
            ).fetchall()
        )

    @guarded
    def set_aside(self, table_id: int, reason: str) -> None:
        """The table cannot be read: it is no longer loaded, and `boomtown tables` lists it."""
        self.db.execute(
            "UPDATE tables SET status = 'damaged', result = ? WHERE id = ?", (reason, table_id)
        )
        self._publish(table=table_id)

    @guarded
    def close_table(self, table_id: int) -> bool:
        """Close a table not over: one with no move (nothing to replay) goes whole, its chat
        with it (net.store.storage._drop_closed_empty_tables); False if there was none such."""
        with self._transaction():
            if not self.db.execute(
                "UPDATE tables SET status = 'closed' WHERE id = ? AND status "
                "IN ('waiting', 'playing', 'damaged')",
                (table_id,),
            ).rowcount:
                return False
            self._drop_closed_empty_tables()
            self._revised()
            self._publish(table=table_id)
        return True

    def _drop_closed_empty_tables(self) -> None:
        """Delete the closed tables where nothing was played, and their chat, but the newest
        table of all (SQLite numbers a new table one past the highest: a number never comes
        back for another table; PostgreSQL's numbers never come back)."""
        dropped = [
            id_
            for (id_,) in self.db.execute(
                "SELECT id FROM tables WHERE status = 'closed'"
                " AND id < (SELECT MAX(id) FROM tables)"
                " AND NOT EXISTS (SELECT 1 FROM actions WHERE table_id = tables.id)"
            )
        ]
        self.db.executemany("DELETE FROM tables WHERE id = ?", [(id_,) for id_ in dropped])
        self.db.executemany("DELETE FROM chat WHERE place = ?", [(id_,) for id_ in dropped])

    @guarded
    def open_tables(self) -> list[ListedTable]:
        """The tables waiting, playing or set aside as damaged, oldest first, as stored (a
        damaged table's seats may not read)."""
        return [
            ListedTable(*row)
            for row in self.db.execute(
                "SELECT id, game, status, host, seats, created, result FROM tables "
                "WHERE status IN ('waiting', 'playing', 'damaged') ORDER BY id"
            )
        ]

    @guarded
    def table(self, table_id: int) -> StoredTable | None:
        """One table with its actions; None if there is none of that number."""
        row = self.db.execute(
            f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        stored = self._stored(row)
        if stored.status != "over":  # (read at every move heard from another process)
            return stored
        analysed = self.db.execute(
            "SELECT analysis FROM analyses WHERE table_id = ?", (table_id,)
        ).fetchone()
        return replace(
            stored,
            analysis=_json_or_none(analysed[0] if analysed else None),
            rating_changes=self._rating_changes(table_id),
        )

    @guarded
    def mark_assisted(self, table_id: int) -> None:
        """The table's person asked for a hint: its game counts in no record of wins."""
        self.db.execute("INSERT INTO assisted VALUES (?) ON CONFLICT DO NOTHING", (table_id,))

    @guarded
    def save_analysis(self, table_id: int, analysis: dict[str, Any]) -> None:
        """Keep a finished game's analysis (once: another process's first stays)."""
        self.db.execute(
            "INSERT INTO analyses VALUES (?, ?) ON CONFLICT DO NOTHING",
            (table_id, json.dumps(analysis)),
        )
        self._publish(table=table_id)  # the other processes' end screens are waiting for it

    # -- browsers (net.transport.web) --------------------------------------------------------------

    @guarded
    def make_link(self, name: str, seconds: float) -> str:
        """A one-time link's secret that signs a browser in as `name` within `seconds` (128
        bits: short enough to copy from a terminal, and used once, soon)."""
        secret = secrets.token_urlsafe(16)
        now = time.time()
        with self._transaction():
            self.db.execute("DELETE FROM web_links WHERE expires < ?", (now,))
            self.db.execute(
                "INSERT INTO web_links VALUES (?, ?, ?)", (hashed(secret), name, now + seconds)
            )
        return secret

    @guarded
    def use_link(self, secret: str) -> str | None:
        """The name a one-time link signs in as, and it is used up; None if there is no such
        link, or it was used or has expired."""
        row = self.db.execute(
            "DELETE FROM web_links WHERE token = ? RETURNING name, expires", (hashed(secret),)
        ).fetchone()
        return row[0] if row is not None and row[1] >= time.time() else None

    @guarded
    def sign_in_browser(self, name: str) -> str:
        """A new browser's secret (its cookie), signed in as `name`."""
        secret = secrets.token_urlsafe(32)
        now = time.time()
        self.db.execute(
            "INSERT INTO browsers VALUES (?, ?, ?, ?)", (hashed(secret), name, now, now)
        )
        return secret

    @guarded
    def browser(self, secret: str, days: float) -> str | None:
        """Whose browser holds the secret `secret`, signed in within `days` (it is seen now);
        None if nobody's."""
        row = self.db.execute(
            "UPDATE browsers SET seen = ? WHERE token = ? AND created >= ? RETURNING name",
            (time.time(), hashed(secret), time.time() - days * 86400),
        ).fetchone()
        return row[0] if row is not None else None

    @guarded
    def browsers_of(self, name: str) -> list[tuple[str, float, float]]:
        """(which, signed in, last seen) of each browser signed in as `name`, the newest first;
        `which` names it to `sign_out_browsers` (a hash: no way in)."""
        return [
            (token, created, seen)
            for token, created, seen in self.db.execute(
                "SELECT token, created, seen FROM browsers WHERE name = ? ORDER BY created DESC",
                (name,),
            )
        ]

    @guarded
    def sign_out_browsers(self, name: str, which: str | None = None) -> int:
        """The browser `which` (else every browser) signed in as `name` signed out; how many
        were. Every process hears of it (`changed_elsewhere`), and ends their sessions."""
        with self._transaction():
            if which is None:
                gone = self.db.execute("DELETE FROM browsers WHERE name = ?", (name,)).rowcount
            else:
                gone = self.db.execute(
                    "DELETE FROM browsers WHERE name = ? AND token = ?", (name, which)
                ).rowcount
            self._revised()
        return int(gone)

    @guarded
    def signed_in(self, tokens: list[str], days: float) -> set[str]:
        """Those of the browsers `tokens` (as `browsers_of` names them) still signed in."""
        if not tokens:
            return set()
        marks = ", ".join("?" * len(tokens))
        return {
            token
            for (token,) in self.db.execute(
                f"SELECT token FROM browsers WHERE token IN ({marks}) AND created >= ?",
                (*tokens, time.time() - days * 86400),
            )
        }

    @guarded
    def links_of(self, name: str) -> int:
        """How many one-time links to sign in as `name` are waiting to be used."""
        (count,) = self.db.execute(
            "SELECT COUNT(*) FROM web_links WHERE name = ? AND expires >= ?", (name, time.time())
        ).fetchone()
        return int(count)

    # -- invitations: a name for someone with no SSH (net.identity) ---------------------------

    @guarded
    def make_invite(self, by: str, seconds: float, per_day: int) -> str | None:
        """A one-time invitation's secret from `by`, taken up within `seconds`; None if `by`
        has made `per_day` of them in the last day already."""
        now = time.time()
        with self._transaction():
            self.db.execute("DELETE FROM invites WHERE created < ?", (now - DAY_SECONDS,))
            (made,) = self.db.execute(
                "SELECT COUNT(*) FROM invites WHERE inviter = ?", (by,)
            ).fetchone()
            if made >= per_day:
                return None
            secret = secrets.token_urlsafe(16)
            self.db.execute(
                "INSERT INTO invites VALUES (?, ?, ?, ?, NULL)",
                (hashed(secret), by, now, now + seconds),
            )
        return secret

    @guarded
    def invites_of(self, by: str) -> list[tuple[str, float, float, str | None]]:
        """(which, made, expires, taken up by) of each invitation `by` made in the last day,
        the newest first; `which` names it to `revoke_invite` (a hash: no way in)."""
        return [
            (token, created, expires, used_by)
            for token, created, expires, used_by in self.db.execute(
                "SELECT token, created, expires, used_by FROM invites WHERE inviter = ? "
                "AND created >= ? ORDER BY created DESC",
                (by, time.time() - DAY_SECONDS),
            )
        ]

    @guarded
    def revoke_invite(self, by: str, which: str) -> bool:
        """The invitation `which` by `by`, not yet taken up, can no longer be; whether it was
        one. (It still counts among the day's.)"""
        return (
            self.db.execute(
                "UPDATE invites SET expires = 0 WHERE inviter = ? AND token = ? "
                "AND used_by IS NULL",
                (by, which),
            ).rowcount
            > 0
        )

    @guarded
    def invitation(self, secret: str) -> str | None:
        """Who made the invitation `secret`, if it may still be taken up."""
        row = self.db.execute(
            "SELECT inviter FROM invites WHERE token = ? AND used_by IS NULL AND expires >= ?",
            (hashed(secret), time.time()),
        ).fetchone()
        return row[0] if row else None

    @guarded
    def accept_invite(self, secret: str, name: str, owner: str) -> tuple[str, str | None]:
        """The invitation `secret` taken up by a newcomer called `name`, whose browsers hold
        the name as `owner`: ("signed in", the browser's cookie secret); ("gone", None) if it
        was taken up, revoked or has expired; ("held", what holds it) if the name is not free.
        All of it, or nothing."""
        token = hashed(secret)
        with self._transaction():
            if not self.db.execute(
                "SELECT 1 FROM invites WHERE token = ? AND used_by IS NULL AND expires >= ?",
                (token, time.time()),
            ).fetchone():
                return "gone", None
            held = self._hold(name, owner, f"key:{owner}", None)
            if held is not None:
                return "held", held
            self.db.execute("UPDATE invites SET used_by = ? WHERE token = ?", (name, token))
            return "signed in", self.sign_in_browser(name)

    # -- ratings (play.ratings) ---------------------------------------------------------------

    def _rate(
        self,
        table_id: int,
        game: str,
        people: list[str],
        work_out: Callable[[dict[str, Rating]], dict[str, Rating]],
    ) -> None:
        """The finished game at `table_id` rated, once: its `people`'s ratings at `game` now,
        what `work_out` makes of them kept, with the changes."""
        if self._rating_changes(table_id):
            return  # rated before (the end written again after a restart)
        marks = ", ".join("?" * len(people))
        before = {
            name: Rating(mu, sigma, games, wins)
            for name, mu, sigma, games, wins in self.db.execute(
                f"SELECT name, mu, sigma, games, wins FROM ratings WHERE game = ? "
                f"AND name IN ({marks})",
                (game, *people),
            )
        }
        for name, new in work_out(before).items():
            old = before.get(name, NEW)
            self.db.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name, game) "
                "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                "games = excluded.games, wins = excluded.wins",
                (name, game, new.mu, new.sigma, new.games, new.wins),
            )
            self.db.execute(
                "INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, name, old.mu, old.sigma, new.mu, new.sigma),
            )

    @guarded
    def rating_changes(self, table_id: int) -> dict[str, tuple[Rating, Rating]]:
        """The changes the game at `table_id` made to its people's ratings (none yet, or an
        unrated game: empty)."""
        return self._rating_changes(table_id)

    def _rating_changes(self, table_id: int) -> dict[str, tuple[Rating, Rating]]:
        return {
            name: (Rating(mu_before, sigma_before), Rating(mu, sigma))
            for name, mu_before, sigma_before, mu, sigma in self.db.execute(
                "SELECT name, mu_before, sigma_before, mu, sigma FROM rating_changes "
                "WHERE table_id = ? ORDER BY name",
                (table_id,),
            )
        }

    @guarded
    def leaderboard(self, game: str, limit: int) -> list[tuple[str, Rating]]:
        """The people rated at `game`, the most surely skilled first (play.ratings), at most
        `limit` of them."""
        return [
            (name, Rating(mu, sigma, games, wins))
            for name, mu, sigma, games, wins in self.db.execute(
                "SELECT name, mu, sigma, games, wins FROM ratings WHERE game = ? "
                "ORDER BY mu - 3 * sigma DESC, name LIMIT ?",
                (game, limit),
            )
        ]

    @guarded
    def table_and_chat(
        self, table_id: int
    ) -> tuple[StoredTable | None, list[tuple[int, int, str]]]:
        """One table with its actions (None if there is none), and its chat."""
        return self.table(table_id), self.chat(table_id)

    def _stored(self, row: tuple) -> StoredTable:
        actions = [
            (seat, json.loads(action))
            for seat, action in self.db.execute(
                "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (row[0],)
            )
        ]
        return StoredTable(
            row[0],
            row[1],
            json.loads(row[2]),
            row[3],
            json.loads(row[4]),
            row[5],
            row[6],
            actions,
            json.loads(row[7]),
            row[8],
            row[9],
            row[10],
            bool(row[11]),
            bool(row[12]),
        )

    # -- chat --------------------------------------------------------------------------------

    @guarded
    def add_chat(self, place: int, position: int, line: str, kept: int) -> int:
        """Keep a line said at `place` (a table, or 0: the lobby), and only the last `kept`;
        returns its number there (one past the last line's, whichever process said it)."""
        with self._transaction():
            (n,) = self.db.execute(
                "INSERT INTO chat SELECT ?, COALESCE(MAX(n), -1) + 1, ?, ? FROM chat "
                "WHERE place = ? RETURNING n",
                (place, position, line, place),
            ).fetchone()
            self.db.execute("DELETE FROM chat WHERE place = ? AND n <= ?", (place, n - kept))
            self._publish(chat=place, n=n, position=position, line=line)
        return n

    @guarded
    def chat(self, place: int) -> list[tuple[int, int, str]]:
        """(n, position, line) for each line kept at `place`, oldest first."""
        return self.db.execute(
            "SELECT n, position, line FROM chat WHERE place = ? ORDER BY n", (place,)
        ).fetchall()


def hashed(secret: str) -> str:
    """What is kept of a secret (a cookie, a link): its SHA-256, so that the database never
    holds a way in."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _finished(row: tuple) -> FinishedTable:
    id_, game, seats, ended, result, assisted = row
    return FinishedTable(id_, game, json.loads(seats), ended, result, bool(assisted))
