"""The server's memory on disk (SQLite): names and their keys, tables, and every action.

Each action is committed before any session is shown it, so a server killed at any moment
restarts with every table exactly where the players last saw it.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.engine.record import Record

from .disk import Disk, StorageError
from .limits import STOP_SECONDS
from .names import skeleton

SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    host TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    away TEXT NOT NULL DEFAULT '[]',
    bot_kind TEXT NOT NULL DEFAULT 'heuristic',
    ended REAL,
    result TEXT NOT NULL DEFAULT '',
    winners TEXT
);
CREATE TABLE IF NOT EXISTS chat (
    place INTEGER NOT NULL,
    n INTEGER NOT NULL,
    position INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (place, n)
);
CREATE TABLE IF NOT EXISTS bans (
    name TEXT PRIMARY KEY,
    key TEXT,
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS visits (
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (name, address)
);
CREATE INDEX IF NOT EXISTS visits_by_address ON visits (address, at);
CREATE INDEX IF NOT EXISTS visits_by_time ON visits (at);
CREATE TABLE IF NOT EXISTS banned_addresses (
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    PRIMARY KEY (name, address)
);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT NOT NULL,
    setting TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (name, setting)
);
CREATE TABLE IF NOT EXISTS places (
    name TEXT PRIMARY KEY,
    table_id INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


TABLE_COLUMNS = "id, game, options, seed, seats, host, status, away, bot_kind"
FINISHED_COLUMNS = "id, game, seats, COALESCE(ended, created), result"  # a FinishedTable's
WINNER = "(t.seats -> ('$[' || w.value || ']'))"  # the seat of the winner `w` at the table `t`
SAT_AS_PERSON = ("EXISTS (SELECT 1 FROM json_each(seats) WHERE value ->> '$.kind' = 'human' "
                 "AND value ->> '$.name' = :player)")  # at the table, the person `:player`


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
        return name == self.name or (key is not None and key == self.key) \
            or (key is None and address in self.addresses)


@dataclass(frozen=True)
class FinishedTable:
    """A finished game as the list of past games shows it."""

    id: int
    game: str
    seats: list[dict[str, str]]
    ended: float  # when (seconds since the epoch); a game from before this was kept: its start
    result: str  # how it came out, in a sentence ("" for a game from before this was kept)


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

    def record(self) -> Record:
        """The table's game, as played so far; RecordError if it does not read."""
        return Record.from_json({
            "format": 1, "game": self.game, "players": [s["name"] for s in self.seats],
            "seed": self.seed, "options": self.options,
            "actions": [[seat, action] for seat, action in self.actions]})


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


def _sqlite_errors_told(job):
    """Run `job`, SQLite's and the disk's errors turned into StorageError, which the host
    expects."""
    try:
        return job()
    except (sqlite3.Error, OSError) as exc:
        raise StorageError(f"{exc}") from None


def guarded(method):
    """A query: done in the disk's thread (net.disk), its errors turned into StorageError."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        return self._queued(lambda: method(self, *args, **kwargs))
    return wrapper


class Storage:
    def __init__(self, path: Path) -> None:
        self._disk = Disk(str(path))
        try:
            self._set_up()
        except StorageError:
            self.close()
            raise
        self._data_version: int | None = None

    @property
    def db(self) -> sqlite3.Connection:
        """The connection, for queries running in the disk's thread."""
        return self._disk.db

    def _queued(self, query, keep: bool = False):
        """`query` done in the disk's thread (`keep`: see Disk.do), its errors StorageError."""
        return self._disk.do(lambda: _sqlite_errors_told(query), keep=keep)

    @guarded
    def _set_up(self) -> None:
        """The tables made or brought up to date, and a write tried, so that a database that
        cannot be written is refused now, not at the first move."""
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # a killed process loses nothing committed
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "away" not in columns:  # a database from before seats' away flags were kept
            self.db.execute("ALTER TABLE tables ADD COLUMN away TEXT NOT NULL DEFAULT '[]'")
        if "bot_kind" not in columns:  # from before a table's bots could be of any kind
            self.db.execute("ALTER TABLE tables ADD COLUMN bot_kind TEXT NOT NULL "
                            "DEFAULT 'heuristic'")
        if "ended" not in columns:  # from before finished games were listed to replay
            self.db.execute("ALTER TABLE tables ADD COLUMN ended REAL")
            self.db.execute("ALTER TABLE tables ADD COLUMN result TEXT NOT NULL DEFAULT ''")
        if "winners" not in columns:  # from before who won was kept (NULL: not known)
            self.db.execute("ALTER TABLE tables ADD COLUMN winners TEXT")
        self._fold_names()
        with self._transaction():
            self._drop_closed_empty_tables()
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("COMMIT")

    def close(self) -> None:
        self._disk.close(STOP_SECONDS)

    @contextlib.contextmanager
    def _transaction(self):
        """The statements inside are written all together or not at all."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- names -------------------------------------------------------------------------------

    def _fold_names(self) -> None:
        """Names are owned by what they look like (net.names): each keeps its skeleton."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(users)")}
        if "skeleton" not in columns:  # from before look-alike names were one name
            self.db.execute("ALTER TABLE users ADD COLUMN skeleton TEXT")
        unfolded = self.db.execute(  # a scan: a damaged index is for logins to meet, and say
            "SELECT name FROM users NOT INDEXED WHERE skeleton IS NULL").fetchall()
        self.db.executemany("UPDATE users SET skeleton = ? WHERE name = ?",
                            [(skeleton(name), name) for (name,) in unfolded])
        self.db.execute("CREATE INDEX IF NOT EXISTS users_by_skeleton ON users (skeleton)")

    @guarded
    def key_of(self, name: str) -> str | None:
        """The key that owns `name`, or a name that looks like it (the name itself first, then
        the oldest look-alike); None if it is free."""
        row = self.db.execute("SELECT key FROM users WHERE skeleton = ? ORDER BY name = ? DESC, "
                              "created LIMIT 1", (skeleton(name), name)).fetchone()
        return row[0] if row else None

    @guarded
    def claim(self, name: str, key: str) -> bool:
        """Bind `name` to `key` if neither it nor a look-alike is owned; True if `key` now owns
        `name` (or a look-alike of it)."""
        with self._transaction():
            owner = self.key_of(name)
            if owner is None:
                self.db.execute("INSERT INTO users (name, key, created, skeleton) "
                                "VALUES (?, ?, ?, ?)", (name, key, time.time(), skeleton(name)))
        return owner in (None, key)

    # -- a person's settings (those whose name a key owns) -------------------------------------

    @guarded
    def setting(self, name: str, setting: str) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE name = ? AND setting = ?",
                              (name, setting)).fetchone()
        return row[0] if row else None

    @guarded
    def remember(self, name: str, setting: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?, ?)",
                        (name, setting, value))

    # -- where people were -------------------------------------------------------------------

    @guarded
    def set_place(self, name: str, table_id: int) -> None:
        """`name` last played at or watched this table."""
        self.db.execute("INSERT OR REPLACE INTO places VALUES (?, ?)", (name, table_id))

    @guarded
    def places(self) -> dict[str, int]:
        """Where each person last played or watched, for the tables still waiting or playing
        (the others' rows are dropped)."""
        with self._transaction():
            self.db.execute("DELETE FROM places WHERE table_id NOT IN (SELECT id FROM tables "
                            "WHERE status IN ('waiting', 'playing'))")
        return dict(self.db.execute("SELECT name, table_id FROM places"))

    # -- bans (written by `boomtown ban`, read by the server) --------------------------------

    @guarded
    def visited(self, name: str, address: str) -> None:
        """`name` came in from `address`: kept for VISITS_KEPT_SECONDS, for a ban's sake, with
        the last VISITS_PER_ADDRESS names from each address."""
        now = time.time()
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO visits VALUES (?, ?, ?)", (name, address, now))
            self.db.execute("DELETE FROM visits WHERE at < ?", (now - VISITS_KEPT_SECONDS,))
            self.db.execute("DELETE FROM visits WHERE address = ? AND name NOT IN (SELECT name "
                            "FROM visits WHERE address = ? ORDER BY at DESC LIMIT ?)",
                            (address, address, VISITS_PER_ADDRESS))

    @guarded
    def ban(self, name: str, reason: str) -> tuple[str | None, list[str]]:
        """Ban `name`, the key that owns it (every name of that key) and guests from the
        addresses the name came from lately; returns the key and those addresses."""
        key, now = self.key_of(name), time.time()
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO bans VALUES (?, ?, ?, ?)",
                            (name, key, reason, now))
            self.db.execute("INSERT OR IGNORE INTO banned_addresses SELECT name, address "
                            "FROM visits WHERE name = ? AND at >= ?",
                            (name, now - VISITS_KEPT_SECONDS))
        return key, [address for (address,) in self.db.execute(
            "SELECT address FROM banned_addresses WHERE name = ? ORDER BY address", (name,))]

    @guarded
    def lift_ban(self, name: str) -> bool:
        """Lift the ban on `name` (its key and addresses); False if it was not banned."""
        with self._transaction():
            self.db.execute("DELETE FROM banned_addresses WHERE name = ?", (name,))
            return self.db.execute("DELETE FROM bans WHERE name = ?", (name,)).rowcount > 0

    @guarded
    def bans(self) -> list[Ban]:
        """Every ban, the oldest first."""
        addresses = self._banned_addresses()
        return [Ban(*row, frozenset(addresses.get(row[0], ()))) for row in self.db.execute(
            "SELECT name, key, reason, at FROM bans ORDER BY at")]

    def _banned_addresses(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for name, address in self.db.execute("SELECT name, address FROM banned_addresses"):
            found.setdefault(name, set()).add(address)
        return found

    @guarded
    def changed_elsewhere(self) -> bool:
        """Whether another connection (`boomtown ban`) has changed the database since this was
        last asked (the first time: True)."""
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        changed, self._data_version = version != self._data_version, version
        return changed

    # -- tables ------------------------------------------------------------------------------

    @guarded
    def create_table(self, game: str, options: dict[str, Any], seed: int,
                     seats: list[dict[str, str]], host: str, bot_kind: str) -> int:
        cursor = self.db.execute(
            "INSERT INTO tables (game, options, seed, seats, host, status, created, bot_kind) "
            "VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?)",
            (game, json.dumps(options), seed, json.dumps(seats), host, time.time(), bot_kind))
        return int(cursor.lastrowid)

    @guarded
    def update_table(self, table_id: int, seats: list[dict[str, str]], status: str,
                     host: str) -> None:
        self.db.execute("UPDATE tables SET seats = ?, status = ?, host = ? WHERE id = ?",
                        (json.dumps(seats), status, host, table_id))

    @guarded
    def end_table(self, table_id: int, result: str, winners: list[int]) -> None:
        """The table's game is over, and came out as `result` says: the seats in `winners`
        won."""
        self.db.execute("UPDATE tables SET status = 'over', ended = ?, result = ?, winners = ? "
                        "WHERE id = ?", (time.time(), result, json.dumps(winners), table_id))

    @guarded
    def record_of(self, player: str) -> tuple[int, int]:
        """(won, played): the finished games `player` sat at as a person, of those whose
        winners were kept, and how many of them they won."""
        row = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(EXISTS (SELECT 1 FROM json_each(t.winners) AS w "
            f"WHERE {WINNER} ->> '$.name' = :player AND {WINNER} ->> '$.kind' = 'human')), 0) "
            "FROM tables AS t WHERE t.status = 'over' AND t.winners IS NOT NULL AND "
            f"{SAT_AS_PERSON}", {"player": player}).fetchone()
        return row[1], row[0]

    @guarded
    def most_wins(self, limit: int) -> list[tuple[str, int]]:
        """The people who won the most finished games, with how many, the most first."""
        rows = self.db.execute(
            f"SELECT {WINNER} ->> '$.name' AS name, COUNT(*) AS wins "
            "FROM tables AS t, json_each(t.winners) AS w "
            f"WHERE t.status = 'over' AND {WINNER} ->> '$.kind' = 'human' "
            "GROUP BY name ORDER BY wins DESC, name LIMIT ?", (limit,))
        return [(name, wins) for name, wins in rows]

    @guarded
    def finished(self, limit: int, player: str | None = None) -> list[FinishedTable]:
        """The last `limit` games finished, the newest first; only those `player` sat at, if
        named."""
        played = "" if player is None else f" AND {SAT_AS_PERSON}"
        rows = self.db.execute(f"SELECT {FINISHED_COLUMNS} FROM tables WHERE status = 'over'"
                               f"{played} ORDER BY "
                               "COALESCE(ended, created) DESC, id DESC LIMIT :limit",
                               {"limit": limit, "player": player})
        return [_finished(row) for row in rows]

    @guarded
    def finished_table(self, table_id: int) -> FinishedTable | None:
        """One finished game as the list shows it; None if there is none of that number."""
        row = self.db.execute(f"SELECT {FINISHED_COLUMNS} FROM tables WHERE id = ? AND "
                              "status = 'over'", (table_id,)).fetchone()
        return _finished(row) if row else None

    def add_action(self, table_id: int, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit a move. On the loop, SlowDisk if the disk does not take it in time: the write
        stays queued, and SlowDisk carries it (the move is made when it lands)."""
        self._queued(lambda: self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (
            table_id, n, seat, json.dumps(action))), keep=True)

    @guarded
    def update_away(self, table_id: int, away: list[int]) -> None:
        self.db.execute("UPDATE tables SET away = ? WHERE id = ?", (json.dumps(away), table_id))

    @guarded
    def table_ids(self, *statuses: str) -> list[int]:
        """The numbers of the tables with one of `statuses`, oldest first."""
        marks = ", ".join("?" * len(statuses))
        return [id_ for (id_,) in self.db.execute(
            f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY id", statuses)]

    @guarded
    def statuses(self, table_ids: list[int]) -> dict[int, str]:
        """The status of each of these tables (those that exist)."""
        marks = ", ".join("?" * len(table_ids))
        return dict(self.db.execute(f"SELECT id, status FROM tables WHERE id IN ({marks})",
                                    table_ids).fetchall())

    @guarded
    def set_aside(self, table_id: int, reason: str) -> None:
        """The table cannot be read: it is no longer loaded, and `boomtown tables` lists it."""
        self.db.execute("UPDATE tables SET status = 'damaged', result = ? WHERE id = ?",
                        (reason, table_id))

    @guarded
    def close_table(self, table_id: int) -> bool:
        """Close a table not over: one with no move (nothing to replay) goes whole, its chat
        with it (net.storage._drop_closed_empty_tables); False if there was none such."""
        with self._transaction():
            if not self.db.execute("UPDATE tables SET status = 'closed' WHERE id = ? AND status "
                                   "IN ('waiting', 'playing', 'damaged')", (table_id,)).rowcount:
                return False
            self._drop_closed_empty_tables()
        return True

    def _drop_closed_empty_tables(self) -> None:
        """Delete the closed tables where nothing was played, and their chat, but the newest
        table of all (SQLite numbers a new table one past the highest: a number never comes
        back for another table)."""
        dropped = [id_ for (id_,) in self.db.execute(
            "SELECT id FROM tables WHERE status = 'closed' AND id < (SELECT MAX(id) FROM tables)"
            " AND NOT EXISTS (SELECT 1 FROM actions WHERE table_id = tables.id)")]
        self.db.executemany("DELETE FROM tables WHERE id = ?", [(id_,) for id_ in dropped])
        self.db.executemany("DELETE FROM chat WHERE place = ?", [(id_,) for id_ in dropped])

    @guarded
    def open_tables(self) -> list[ListedTable]:
        """The tables waiting, playing or set aside as damaged, oldest first, as stored (a
        damaged table's seats may not read)."""
        return [ListedTable(*row) for row in self.db.execute(
            "SELECT id, game, status, host, seats, created, result FROM tables "
            "WHERE status IN ('waiting', 'playing', 'damaged') ORDER BY id")]

    @guarded
    def table(self, table_id: int) -> StoredTable | None:
        """One table with its actions; None if there is none of that number."""
        row = self.db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        return self._stored(row) if row else None

    def _stored(self, row: tuple) -> StoredTable:
        actions = [(seat, json.loads(action)) for seat, action in self.db.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY n", (row[0],))]
        return StoredTable(row[0], row[1], json.loads(row[2]), row[3], json.loads(row[4]),
                           row[5], row[6], actions, json.loads(row[7]), row[8])

    # -- chat --------------------------------------------------------------------------------

    @guarded
    def add_chat(self, place: int, n: int, position: int, line: str, kept: int) -> None:
        """Keep line `n` said at `place` (a table, or 0: the lobby), and only the last `kept`."""
        self.db.execute("INSERT OR REPLACE INTO chat VALUES (?, ?, ?, ?)",
                        (place, n, position, line))
        self.db.execute("DELETE FROM chat WHERE place = ? AND n <= ?", (place, n - kept))

    @guarded
    def chat(self, place: int) -> list[tuple[int, int, str]]:
        """(n, position, line) for each line kept at `place`, oldest first."""
        return self.db.execute("SELECT n, position, line FROM chat WHERE place = ? ORDER BY n",
                               (place,)).fetchall()


def _finished(row: tuple) -> FinishedTable:
    id_, game, seats, ended, result = row
    return FinishedTable(id_, game, json.loads(seats), ended, result)
