"""What differs between the server's two databases, so that net.store.storage writes each query
once.

SQLite, in the data directory, is the embedded default; PostgreSQL (`serve --db
postgresql://...`) lets several `serve` processes share one community. Queries are written
with SQLite's placeholders (`?`, `:name`) and the SQL both take (upserts with ON CONFLICT,
RETURNING); what cannot be shared is here: column types, JSON, how a write transaction begins,
bringing an old database up to date, and the errors each driver raises.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from net.names import skeleton

LOCK_WAIT_SECONDS = 30.0  # SQLite: how long a connection waits while another writes (in
# the database's thread: the event loop never waits for it)
SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    created {real} NOT NULL,
    skeleton TEXT
);
CREATE TABLE IF NOT EXISTS tables (
    id {serial} PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed {int} NOT NULL,
    seats TEXT NOT NULL,
    host TEXT NOT NULL,
    status TEXT NOT NULL,
    created {real} NOT NULL,
    away TEXT NOT NULL DEFAULT '[]',
    bot_kind TEXT NOT NULL DEFAULT 'heuristic',
    ended {real},
    result TEXT NOT NULL DEFAULT '',
    winners TEXT,
    changes {int} NOT NULL DEFAULT 0,
    rematch_of {int}
);
CREATE TABLE IF NOT EXISTS chat (
    place {int} NOT NULL,
    n {int} NOT NULL,
    position {int} NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (place, n)
);
CREATE TABLE IF NOT EXISTS bans (
    name TEXT PRIMARY KEY,
    key TEXT,
    reason TEXT NOT NULL,
    at {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS visits (
    name TEXT NOT NULL,
    address TEXT NOT NULL,
    at {real} NOT NULL,
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
    table_id {int} NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id {int} NOT NULL,
    n {int} NOT NULL,
    seat {int} NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS analyses (
    table_id {int} PRIMARY KEY,
    analysis TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS unrated (
    table_id {int} PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS assisted (
    table_id {int} PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    mu {real} NOT NULL,
    sigma {real} NOT NULL,
    games {int} NOT NULL,
    wins {int} NOT NULL,
    PRIMARY KEY (name, game)
);
CREATE TABLE IF NOT EXISTS rating_changes (
    table_id {int} NOT NULL,
    name TEXT NOT NULL,
    mu_before {real} NOT NULL,
    sigma_before {real} NOT NULL,
    mu {real} NOT NULL,
    sigma {real} NOT NULL,
    PRIMARY KEY (table_id, name)
);
CREATE TABLE IF NOT EXISTS web_links (
    token TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    expires {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS browsers (
    token TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created {real} NOT NULL,
    seen {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS revision (
    id {int} PRIMARY KEY CHECK (id = 1),
    n {int} NOT NULL
);
INSERT INTO revision VALUES (1, 0) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS host_key (
    id {int} PRIMARY KEY CHECK (id = 1),
    key TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS processes (
    id TEXT PRIMARY KEY,
    beat {real} NOT NULL
);
CREATE TABLE IF NOT EXISTS runners (
    table_id {int} PRIMARY KEY,
    process TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    name TEXT NOT NULL,
    process TEXT NOT NULL,
    PRIMARY KEY (name, process)
);
CREATE TABLE IF NOT EXISTS invites (
    token TEXT PRIMARY KEY,
    inviter TEXT NOT NULL,
    created {real} NOT NULL,
    expires {real} NOT NULL,
    used_by TEXT
);
CREATE TABLE IF NOT EXISTS guests (
    skeleton TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    holder TEXT NOT NULL,
    process TEXT,
    expires {real}
);
"""
# `analyses` keeps each finished game's analysis (core.engine.analysis), worked out once.
# `assisted` lists the tables whose one person asked for a hint: their games count in no record
# of wins. `unrated` lists the tables made unrated; `ratings` is each person's rating at each game
# (play.ratings), and `rating_changes` each rated game's changes, made once.
# `web_links` are the one-time links that sign a browser in (net.transport.web) and `browsers` the
# browsers signed in, each kept by the SHA-256 of its secret, never the secret.
# `revision` counts the changes every process must hear of (bans, tables closed): one row.
# `host_key` is the SSH host key the processes sharing a database share (one row, if any).
# `processes` are the server processes alive (each beats every second), `runners` which of them
# runs each table's bots and clocks, `presence` who is connected to which (net.hosting.community).
# `invites` are the one-time invitations a person gives a friend with no SSH (net.identity),
# each kept by the SHA-256 of its secret, and who took it up.
# `guests` are the names guests hold (net.identity), by their look-alike skeleton: while a
# session of theirs lives at `process`, and until `expires` for a browser guest's cookie.

INDEXES = """
CREATE INDEX IF NOT EXISTS users_by_skeleton ON users (skeleton);
CREATE UNIQUE INDEX IF NOT EXISTS one_rematch ON tables (rematch_of) WHERE status = 'waiting';
"""  # on columns an old SQLite database gains first; `one_rematch`: one table to play again at

TABLES = (
    "users",
    "tables",
    "chat",
    "bans",
    "visits",
    "banned_addresses",
    "settings",
    "places",
    "actions",
    "analyses",
    "unrated",
    "assisted",
    "ratings",
    "rating_changes",
    "web_links",
    "browsers",
    "invites",
    "revision",
    "host_key",
)  # every table of the schema


class Dialect:
    """One database's SQL and driver. `Error` is the driver's base exception, `Duplicate` the
    one for a row whose key is taken."""

    name: str
    Error: type[Exception]
    Duplicate: type[Exception]
    schema: str
    begin: str  # starts a transaction that writes, holding the writers' lock from the start

    def connect(self) -> Any:
        """A connection in autocommit mode (transactions are begun by `begin`)."""
        raise NotImplementedError

    def listen(self) -> Any:
        """A connection of its own that hears what the processes sharing the database send
        (PostgreSQL only: processes share no SQLite file)."""
        raise NotImplementedError

    def broken(self, db: Any) -> bool:
        """Whether `db` has lost its server, and a new connection is needed."""
        return False

    def create_schema(self, db: Any) -> None:
        """The tables made where missing."""
        db.executescript(self.schema)

    def notify(self, db: Any, event: dict[str, Any]) -> None:
        """Send `event` to the other processes on this database when the write commits (a
        database only one process uses sends nothing, and spends nothing on it)."""

    def bring_up_to_date(self, db: Any) -> None:
        """Add what older versions of the schema lack."""

    def after_copy(self, db: Any) -> None:
        """Once rows were copied in with their numbers: a new table is numbered past them."""

    # JSON kept as text: seats (a list of {"name", "kind"}) and winners (a list of seat numbers)
    def elements(self, column: str, alias: str) -> str:
        """A FROM item: the JSON list in `column`, one row per element, its `value`."""
        raise NotImplementedError

    def field(self, json: str, key: str) -> str:
        """The text of `json`'s `key`."""
        raise NotImplementedError

    def item(self, column: str, index: str) -> str:
        """Element number `index` of the JSON list in `column`."""
        raise NotImplementedError


class SQLite(Dialect):
    name = "sqlite"
    Error = sqlite3.Error
    Duplicate = sqlite3.IntegrityError
    schema = SCHEMA.format(serial="INTEGER", int="INTEGER", real="REAL")
    begin = "BEGIN IMMEDIATE"

    def __init__(self, path: Path) -> None:
        self.path = path

    def __str__(self) -> str:
        return str(self.path)

    def connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            str(self.path), isolation_level=None, check_same_thread=False, timeout=LOCK_WAIT_SECONDS
        )
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:  # SQLite answers "locked" at once, not after its busy wait, where another
            try:  # connection turns a new file to WAL at the same moment
                db.execute("PRAGMA journal_mode=WAL")
                break
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)
        db.execute("PRAGMA synchronous=NORMAL")  # a killed process loses nothing committed
        return db

    def bring_up_to_date(self, db: sqlite3.Connection) -> None:
        columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
        if "away" not in columns:  # a database from before seats' away flags were kept
            db.execute("ALTER TABLE tables ADD COLUMN away TEXT NOT NULL DEFAULT '[]'")
        if "bot_kind" not in columns:  # from before a table's bots could be of any kind
            db.execute("ALTER TABLE tables ADD COLUMN bot_kind TEXT NOT NULL DEFAULT 'heuristic'")
        if "ended" not in columns:  # from before finished games were listed to replay
            db.execute("ALTER TABLE tables ADD COLUMN ended REAL")
            db.execute("ALTER TABLE tables ADD COLUMN result TEXT NOT NULL DEFAULT ''")
        if "winners" not in columns:  # from before who won was kept (NULL: not known)
            db.execute("ALTER TABLE tables ADD COLUMN winners TEXT")
        if "changes" not in columns:  # from before several processes could share a table
            db.execute("ALTER TABLE tables ADD COLUMN changes INTEGER NOT NULL DEFAULT 0")
        if "rematch_of" not in columns:  # from before a rematch's table was kept
            db.execute("ALTER TABLE tables ADD COLUMN rematch_of INTEGER")
        if "skeleton" not in {row[1] for row in db.execute("PRAGMA table_info(users)")}:
            db.execute("ALTER TABLE users ADD COLUMN skeleton TEXT")  # before look-alikes
            # were one name: each name keeps its skeleton (net.names). A scan: a damaged index
            # is for logins to meet, and say.
            unfolded = db.execute("SELECT name FROM users NOT INDEXED WHERE skeleton IS NULL")
            db.executemany(
                "UPDATE users SET skeleton = ? WHERE name = ?",
                [(skeleton(name), name) for (name,) in unfolded.fetchall()],
            )
        db.executescript(INDEXES)

    def elements(self, column: str, alias: str) -> str:
        return f"json_each({column}) AS {alias}"

    def field(self, json: str, key: str) -> str:
        return f"({json} ->> '$.{key}')"

    def item(self, column: str, index: str) -> str:
        return f"({column} -> ('$[' || {index} || ']'))"


CHANNEL = "boomtown"  # what PostgreSQL's processes NOTIFY each other on


class PostgreSQL(Dialect):
    name = "postgresql"
    schema = SCHEMA.format(
        serial="BIGINT GENERATED BY DEFAULT AS IDENTITY", int="BIGINT", real="DOUBLE PRECISION"
    )
    # One writer at a time, as SQLite's BEGIN IMMEDIATE: a name claimed by two processes at
    # once (look-alikes are found by a query, not a unique key) goes to exactly one of them.
    begin = "BEGIN; SELECT pg_advisory_xact_lock(4242)"

    def __init__(self, url: str) -> None:
        import psycopg  # only a server given --db postgresql://... needs the driver

        self.url = url
        self.Error = psycopg.Error
        self.Duplicate = psycopg.errors.UniqueViolation
        self._psycopg = psycopg

    def __str__(self) -> str:
        return _without_password(self.url)

    def connect(self) -> _PostgresConnection:
        return _PostgresConnection(self._connection())

    def broken(self, db: _PostgresConnection) -> bool:
        return db.connection.closed or db.connection.broken

    def create_schema(self, db: _PostgresConnection) -> None:
        # under the writers' lock: processes starting together do not make a table twice
        db.executescript(f"{self.begin}; {self.schema} {INDEXES} COMMIT")

    def notify(self, db: _PostgresConnection, event: dict[str, Any]) -> None:
        db.execute("SELECT pg_notify(?, ?)", (CHANNEL, json.dumps(event)))

    def listen(self) -> Any:
        """A connection of its own that hears what the processes on this database send."""
        connection = self._connection()
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    def _connection(self) -> Any:
        """psycopg's connection, in autocommit mode (transactions are begun by `begin`)."""
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=5)

    def after_copy(self, db: _PostgresConnection) -> None:
        db.execute(
            "SELECT setval(pg_get_serial_sequence('tables', 'id'), "
            "COALESCE(MAX(id), 0) + 1, false) FROM tables"
        )

    def elements(self, column: str, alias: str) -> str:
        return f"jsonb_array_elements(({column})::jsonb) AS {alias}(value)"

    def field(self, json: str, key: str) -> str:
        return f"({json} ->> '{key}')"

    def item(self, column: str, index: str) -> str:
        return f"(({column})::jsonb -> ({index})::int)"


class _PostgresConnection:
    """psycopg's connection taking the queries as SQLite's placeholders write them."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def execute(self, sql: str, params: Any = ()) -> Any:
        return self.connection.execute(_placeholders(sql), params or None)

    def executemany(self, sql: str, rows: Any) -> Any:
        cursor = self.connection.cursor()
        cursor.executemany(_placeholders(sql), rows)
        return cursor

    def executescript(self, script: str) -> None:
        self.connection.execute(script)

    def close(self) -> None:
        self.connection.close()


@functools.lru_cache(maxsize=256)
def _placeholders(sql: str) -> str:
    """`?` and `:name` as psycopg writes them (`%s`, `%(name)s`); no query has a `%`."""
    return re.sub(r"(?<![:\w]):([a-z_]+)", r"%(\1)s", sql.replace("?", "%s"))


def _without_password(url: str) -> str:
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def is_postgresql(where: str | Path) -> bool:
    """Whether `where` is a PostgreSQL database's address (else an SQLite file's path)."""
    return str(where).startswith(("postgresql://", "postgres://"))


def dialect_for(where: str | Path) -> Dialect:
    """The database at `where`: a postgresql:// URL, or an SQLite file's path."""
    return PostgreSQL(str(where)) if is_postgresql(where) else SQLite(Path(where))
