"""Tables in the database: made, changed, ended, set aside or closed, their moves, their chat, and
the games finished there."""

# mypy: disable-error-code="misc"
# (each method takes the whole Storage as `self`, the class it is mixed into)

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from net.store.rows import (
    ASSISTED,
    FINISHED_COLUMNS,
    TABLE_COLUMNS,
    FinishedTable,
    ListedTable,
    MoveTaken,
    RatingWork,
    RematchMade,
    StoredTable,
    TableChanged,
    _finished,
    _json_or_none,
    guarded,
)

if TYPE_CHECKING:
    from net.store.storage import Storage


class TableRows:
    """Mixed into `Storage` (net.store.storage), over its one connection."""

    @guarded
    def create_table(
        self: Storage,
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
    def rematch_for(self: Storage, table_id: int) -> int | None:
        """The table waiting to play the game at `table_id` again, if any."""
        row = self.db.execute(
            "SELECT id FROM tables WHERE rematch_of = ? AND status = 'waiting'", (table_id,)
        ).fetchone()
        return row[0] if row else None

    @guarded
    def update_table(
        self: Storage,
        table_id: int,
        seats: list[dict[str, str]],
        status: str,
        host: str,
        changes: int,
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
        self: Storage,
        table_id: int,
        result: str,
        winners: list[int],
        rating: RatingWork | None = None,
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
    def record_of(self: Storage, player: str) -> tuple[int, int]:
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
    def most_wins(self: Storage, limit: int) -> list[tuple[str, int]]:
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
    def finished(self: Storage, limit: int, player: str | None = None) -> list[FinishedTable]:
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
    def finished_table(self: Storage, table_id: int) -> FinishedTable | None:
        """One finished game as the list shows it; None if there is none of that number."""
        row = self.db.execute(
            f"SELECT {FINISHED_COLUMNS} FROM tables WHERE id = ? AND status = 'over'", (table_id,)
        ).fetchone()
        return _finished(row) if row else None

    @guarded
    def add_action(self: Storage, table_id: int, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit move `n`; MoveTaken if another process took that number first."""
        try:
            self.db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?)", (table_id, n, seat, json.dumps(action))
            )
        except self.dialect.Duplicate:
            raise MoveTaken() from None
        self._publish(move=table_id, n=n, seat=seat, action=action)

    @guarded
    def update_away(self: Storage, table_id: int, away: list[int]) -> None:
        self.db.execute("UPDATE tables SET away = ? WHERE id = ?", (json.dumps(away), table_id))
        self._publish(table=table_id)

    @guarded
    def table_ids(self: Storage, *statuses: str) -> list[int]:
        """The numbers of the tables with one of `statuses`, oldest first."""
        marks = ", ".join("?" * len(statuses))
        return [
            id_
            for (id_,) in self.db.execute(
                f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY id", statuses
            )
        ]

    @guarded
    def statuses(self: Storage, table_ids: list[int]) -> dict[int, str]:
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
    def set_aside(self: Storage, table_id: int, reason: str) -> None:
        """The table cannot be read: it is no longer loaded, and `boomtown tables` lists it."""
        self.db.execute(
            "UPDATE tables SET status = 'damaged', result = ? WHERE id = ?", (reason, table_id)
        )
        self._publish(table=table_id)

    @guarded
    def close_table(self: Storage, table_id: int) -> bool:
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

    def _drop_closed_empty_tables(self: Storage) -> None:
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
    def open_tables(self: Storage) -> list[ListedTable]:
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
    def table(self: Storage, table_id: int) -> StoredTable | None:
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
    def mark_assisted(self: Storage, table_id: int) -> None:
        """The table's person asked for a hint: its game counts in no record of wins."""
        self.db.execute("INSERT INTO assisted VALUES (?) ON CONFLICT DO NOTHING", (table_id,))

    @guarded
    def save_analysis(self: Storage, table_id: int, analysis: dict[str, Any]) -> None:
        """Keep a finished game's analysis (once: another process's first stays)."""
        self.db.execute(
            "INSERT INTO analyses VALUES (?, ?) ON CONFLICT DO NOTHING",
            (table_id, json.dumps(analysis)),
        )
        self._publish(table=table_id)  # the other processes' end screens are waiting for it

    @guarded
    def table_and_chat(
        self: Storage, table_id: int
    ) -> tuple[StoredTable | None, list[tuple[int, int, str]]]:
        """One table with its actions (None if there is none), and its chat."""
        return self.table(table_id), self.chat(table_id)

    def _stored(self: Storage, row: tuple) -> StoredTable:
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

    @guarded
    def add_chat(self: Storage, place: int, position: int, line: str, kept: int) -> int:
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
    def chat(self: Storage, place: int) -> list[tuple[int, int, str]]:
        """(n, position, line) for each line kept at `place`, oldest first."""
        return self.db.execute(
            "SELECT n, position, line FROM chat WHERE place = ? ORDER BY n", (place,)
        ).fetchall()
