"""What the server's database stores, as the host reads it (a ban, a table, a finished game),
and what every part of `Storage` shares: its queries guarded (a driver's error becomes a
StorageError), and the errors a change refused for another process raises."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.engine.record import Record
from net.store.disk import HUNG_SECONDS, StorageError
from play.ratings import Rating

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


def hashed(secret: str) -> str:
    """What is kept of a secret (a cookie, a link): its SHA-256, so that the database never
    holds a way in."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _finished(row: tuple) -> FinishedTable:
    id_, game, seats, ended, result, assisted = row
    return FinishedTable(id_, game, json.loads(seats), ended, result, bool(assisted))
