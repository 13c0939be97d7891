"""Tables closed (deserted, or by another process), seen to their end, played again, and
forgotten once done: the host's part that ends tables."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from net.hosting.tables import (
    CLOSED,
    HUMAN,
    OVER,
    WAITING,
    HostedTable,
    HostError,
)
from net.store.storage import (
    RematchMade,
    StorageError,
)

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")


class Closing:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    async def close_deserted(self: Host) -> None:
        """Close the tables waiting to start whose seated people have all been offline for
        `deserted_table_seconds` (made and left, they would hold the server's room for good)."""
        now = time.monotonic()
        for table in [t for t in self.tables.values() if t.status == WAITING and self.runs(t)]:
            if any(self.is_online(s.name) for s in table.seats if s.kind == HUMAN):
                table.running.deserted_since = None
            elif table.running.deserted_since is None:
                table.running.deserted_since = now
            elif now - table.running.deserted_since >= self.limits.deserted_table_seconds:
                try:
                    if await self._close_waiting(table, lambda: True):
                        log.info(
                            "closed table %d: nobody seated had been online for %.0f s",
                            table.id,
                            now - table.running.deserted_since,
                        )
                except StorageError as exc:
                    log.warning("cannot close table %d (%s)", table.id, exc)

    async def _close_waiting(self: Host, table: HostedTable, still: Callable[[], bool]) -> bool:
        """Close a table waiting to start, in the storage too, if `still()` holds once no
        change of its seats is under way; whether it did (StorageError, and nothing changes,
        if it cannot be saved)."""
        async with table.running.changing:
            if table.status != WAITING or not still():
                return False
            await self.storage.soon(self.storage.close_table, table.id)
            self.close(table)
            return True

    def close(self: Host, table: HostedTable) -> None:
        """Take a table not over away (it was closed in the storage): its bots and clocks
        stop, and its players are sent to the lobby."""
        table.cancel_timer()
        table.status = CLOSED
        self.tables.pop(table.id, None)
        self._notify_table(table)
        self._lobby_changed()

    async def closed_elsewhere(self: Host) -> None:
        """Close the tables that `boomtown tables --close` closed in the storage (or removed,
        as it does a table where nothing was played)."""
        asked = list(self.tables)  # (a table made meanwhile is not among them)
        statuses = await self.storage.soon(self.storage.statuses, asked)
        for table_id in asked:
            if statuses.get(table_id, CLOSED) == CLOSED and table_id in self.tables:
                log.info("table %d was closed by the server's host", table_id)
                self.close(self.tables[table_id])

    def saw_the_end(self: Host, table_id: int, name: str) -> None:
        """`name` has left this finished game's end screen: the lobby no longer lists it for
        them."""
        table = self.tables.get(table_id)
        if table is not None and table.status == OVER and name not in table.running.done_with:
            table.running.done_with.add(name)
            self._lobby_changed()
            self._forget_if_done(table)

    async def rematch(self: Host, table_id: int, name: str, address: str = "") -> HostedTable:
        """`name`, a player of this finished game, plays it again: at the table the first of its
        players to ask made (the same game, options, number of seats and bots), which starts
        by itself once every person who played the game sits there."""
        old = self.tables.get(table_id)
        if old is None or old.status != OVER or old.seat_of(name) is None:
            raise HostError("only the players of a finished game may play it again")
        table = self.tables.get(old.rematch) if old.rematch is not None else None
        if table is None:  # nobody asked yet, or everyone stood up from the table made
            bots = sum(seat.is_bot for seat in old.seats)
            try:
                table = await self.create_table(
                    name,
                    old.game,
                    old.options,
                    len(old.seats),
                    bots,
                    old.bot_kind,
                    address=address,
                    rematch_of=old.id,
                    rated=old.rated,
                )
            except RematchMade:  # at another process a moment ago
                table = await self._played_again_elsewhere(old.id)
                await self.sit(table.id, name)
            old.rematch = table.id
        else:
            await self.sit(table.id, name)
        players = {seat.name for seat in old.seats if seat.kind == HUMAN}
        if players <= {seat.name for seat in table.seats if seat.kind == HUMAN}:
            await self.start(table.id, table.host)
        return table

    def _forget_if_done(self: Host, table: HostedTable) -> None:
        """A finished game that nobody watches, and whose players have all left its end screen
        or the server, leaves memory; it stays on disk, and in the list of past games."""
        if (
            table.status == OVER
            and not table.running.watchers
            and all(
                s.name in table.running.done_with or not self.is_online(s.name)
                for s in table.seats
                if s.kind == HUMAN
            )
        ):
            if self.tables.pop(table.id, None) is not None:
                self._lobby_changed()
