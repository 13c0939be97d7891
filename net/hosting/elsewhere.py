"""What other processes on a shared database did (net.hosting.community), heard and applied here."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from core.engine.errors import ActionError
from core.engine.match import Match
from net.hosting.chat import LOBBY, ChatLog
from net.hosting.requests import CANNOT_SAVE
from net.hosting.tables import (
    HUMAN,
    OVER,
    PLAYING,
    WAITING,
    HostedTable,
    HostError,
    SaveFailed,
    hosted_table,
    seats_from_json,
)
from net.store.storage import (
    StorageError,
    StoredTable,
)

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")


class Elsewhere:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    def heard_move(self: Host, table_id: int, n: int, seat: int, action: Any) -> bool:
        """Move `n` at that table, made and saved at another process: made here too. False
        if it does not follow the moves known here (some were not heard): read the table."""
        table = self.tables.get(table_id)
        if table is None or table.match is None or n < len(table.match.record.actions):
            return True  # a table not known here yet is read whole when it is heard of
        if n > len(table.match.record.actions):
            return False
        try:
            table.match.act(seat, table.match.spec.codec.decode(action))
        except (ActionError, ValueError, KeyError, TypeError) as exc:
            log.error(
                "table %s: a move heard from another process does not apply (%s)", table_id, exc
            )
            return False
        if table.match.state.is_over():
            table.status = OVER
            self._analysed_elsewhere(table)
            self._rated_elsewhere(table)
        self._changed(table)
        self._forget_if_done(table)
        return True

    def heard_table(
        self: Host,
        table_id: int,
        stored: StoredTable | None,
        chat: list[tuple[int, int, str]],
        changing: bool = False,
    ) -> None:
        """The table as another process saved it (None: it is gone). Its seats, status and
        host are taken only if they are newer than those known here, and not while a change
        of this process is being saved (unless read for that change, `changing`): that change
        either lands on what is known here, or is refused and reads the table again."""
        table = self.tables.get(table_id)
        if stored is None or stored.status not in (WAITING, PLAYING, OVER):
            if table is not None and table.status != OVER:
                self.close(table)
            return
        if table is None:
            if stored.status == OVER and not any(  # a game over is kept for its players here
                seat["kind"] == HUMAN and self._connected_here(seat["name"])
                for seat in stored.seats
            ):
                return
            self.tables[table_id] = table = hosted_table(stored, ChatLog(table_id, self.storage))
            if stored.rematch_of in self.tables:  # its players' Play again sits them here
                self.tables[stored.rematch_of].rematch = table_id
        for line in chat:  # (lines not heard: the database was away a moment)
            table.chat.heard(*line)
        if changing or (stored.changes >= table.changes and not table.running.changing.locked()):
            table.seats, table.host, table.changes = (
                seats_from_json(stored.seats),
                stored.host,
                stored.changes,
            )
            if table.status != OVER:
                table.status = stored.status
        table.away = set(stored.away)
        known = len(table.match.record.actions) if table.match is not None else -1
        if stored.status != WAITING and len(stored.actions) > known:
            table.match = Match.from_record(stored.record())
        if table.match is not None and table.match.state.is_over():
            table.status = OVER
            self._analysed_elsewhere(table, stored.analysis)
            self._rated_elsewhere(table, stored.rating_changes)
        self._changed(table)
        self._lobby_changed()
        self._forget_if_done(table)

    async def _played_again_elsewhere(self: Host, table_id: int) -> HostedTable:
        """The table another process made a moment ago to play the game at `table_id` again,
        read from the database (it is heard of a little later)."""
        storage = self.storage
        try:
            again = await storage.soon(storage.rematch_for, table_id)
            if again is not None:
                self.heard_table(again, *await storage.soon(storage.table_and_chat, again))
        except StorageError as exc:
            log.warning("cannot read where table %s is played again (%s)", table_id, exc)
            raise SaveFailed(CANNOT_SAVE) from None
        if again not in self.tables:
            raise HostError("the table to play that game again has just closed: try again")
        return self.tables[again]

    def heard_chat(self: Host, place: int, n: int, position: int, line: str) -> None:
        """Line `n` said at `place` (0: the lobby), at any process."""
        if place == LOBBY:
            if self.lobby_chat.heard(n, position, line):
                self._lobby_changed()
            return
        table = self.tables.get(place)
        if table is not None and table.chat.heard(n, position, line):
            self._notify_table(table)

    def heard_presence(self: Host, elsewhere: set[str]) -> None:
        """The people connected to the other processes now."""
        community = self.community
        if community is None:
            return
        came_or_went = community.elsewhere ^ elsewhere
        community.elsewhere = elsewhere
        for name in came_or_went:
            self._presence_changed(name)

    def runs_changed(self: Host, table: HostedTable) -> None:
        """This process has begun (or stopped) running the table's bots and clocks."""
        if self.runs(table):
            self._schedule(table)
        else:
            table.cancel_timer()

    def resume_bots(self: Host) -> None:
        """After a restart: let bots (and the idle clock) pick up where they were."""
        for table in self.tables.values():
            self._schedule(table)
