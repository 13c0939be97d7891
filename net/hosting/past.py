"""The games finished at the server: listed from its database, and replayed from memory while
their tables are still there, else from the database."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Mapping
from concurrent.futures import Executor

from core.engine.record import Record, RecordError
from core.engine.replay import Replay
from core.text import counted
from net.hosting.tables import OVER, HostedTable, HostError, NetSeat, seats_from_json
from net.store.storage import FinishedTable, Storage, StorageError, StoredTable
from play.ratings import Rating

log = logging.getLogger("boomtown.net")
MOST_WINS_SHOWN = 3  # the people named above the list of everyone's past games
RATINGS_SHOWN = 20  # the people a game's leaderboard lists


class PastGames:
    def __init__(
        self,
        storage: Storage,
        tables: Mapping[int, HostedTable],
        listed: int,
        executor: Executor | None = None,
    ) -> None:
        """`executor`: the worker processes a game read back from the database is replayed in
        (None: a thread)."""
        self.storage = storage
        self.tables = tables  # the host's, finished ones among them until nobody is at them
        self.listed = listed  # how many the list holds
        self.executor = executor
        self._replays: weakref.WeakValueDictionary[int, Replay] = weakref.WeakValueDictionary()
        self.opening = asyncio.Lock()  # held by a replay opening: one at a time (net.screens.app)

    async def games(self, player: str | None = None) -> list[FinishedTable]:
        """The last games finished (those `player` sat at, if named), the newest first."""
        return await self._read("its past games", self.storage.finished, self.listed, player)

    async def standing(self, player: str | None = None) -> str:
        """A sentence on who wins here: `player`'s own record, or the people with the most
        wins; "" when no finished game's winners are known."""
        if player is not None:
            won, played = await self._read("its past games", self.storage.record_of, player)
            return f"You won {won} of your {counted(played, 'game')} here. " if played else ""
        best = await self._read("its past games", self.storage.most_wins, MOST_WINS_SHOWN)
        return (
            "Most wins: " + ", ".join(f"{name} {wins}" for name, wins in best) + ". "
            if best
            else ""
        )

    async def leaderboard(self, game: str) -> list[tuple[str, Rating]]:
        """The people rated at `game`, the most surely skilled first (at most RATINGS_SHOWN)."""
        return await self._read("the ratings", self.storage.leaderboard, game, RATINGS_SHOWN)

    async def replay(self, table_id: int) -> tuple[Replay, list[NetSeat]]:
        """A finished game to replay, and who sat at it. Everyone who watches one again shares
        its replay while any of them does (a long game takes a while to replay; its positions
        are then a step away). HostError if there is no such game."""
        table = self.tables.get(table_id)
        if table is not None and table.status == OVER:
            return self.replay_of(table), table.seats
        missing = HostError(f"there is no finished game at table {table_id}")
        finished = await self._read("that game", self.storage.finished_table, table_id)
        if finished is None:
            raise missing
        replay = self._replays.get(table_id)  # (held here: the cache keeps it while watched)
        if replay is None:
            stored = await self._read("that game", self.storage.table, table_id)
            if stored is None:
                raise missing
            # a long game's record is read and replayed away from the loop every session
            # shares (Stadium's 1,500 moves: 28 ms), and comes back whole
            loop = asyncio.get_running_loop()
            replay = await loop.run_in_executor(self.executor, _replayed, table_id, stored)
            replay = self._replays.setdefault(table_id, replay)
        return replay, seats_from_json(finished.seats)

    def replay_of(self, table: HostedTable) -> Replay:
        """The replay of a finished game the host still holds (replayed once, while watched)."""
        replay = self._replays.get(table.id)
        if replay is None:
            replay = self._replays[table.id] = _replayed(table.id, table.started.record)
        return replay

    async def _read(self, what: str, query, *args):
        """What `query` returns from the database; HostError if it cannot be read just now."""
        try:
            return await self.storage.soon(query, *args)
        except StorageError as exc:
            raise HostError(f"the server cannot read {what} just now ({exc})") from None


def _replayed(table_id: int, game: StoredTable | Record) -> Replay:
    """The replay of the game at `table_id`, as stored or as its record; HostError if it does
    not replay (a worker process may be where this runs)."""
    try:
        return Replay(game.record() if isinstance(game, StoredTable) else game)
    except RecordError as exc:
        log.warning("table %s cannot be replayed: %s", table_id, exc)
        raise HostError(f"the game at table {table_id} cannot be replayed ({exc})") from None
