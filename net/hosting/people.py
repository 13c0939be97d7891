"""Who is here, where each person sits or watches, and chat: the host's part that follows
the people."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol

from net.hosting.requests import CANNOT_SAVE
from net.hosting.tables import (
    HostedTable,
    HostError,
    SaveFailed,
)
from net.limits import TokenBucket, clean_text
from net.store.storage import (
    StorageError,
)

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")


class Listener(Protocol):
    def lobby_changed(self) -> None: ...

    def table_changed(self, table_id: int) -> None: ...


class People:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    def connect(self: Host, name: str, listener: Listener) -> None:
        here = self._connected_here(name)
        self.listeners[id(listener)] = (name, listener)
        self.sessions_of[name] += 1
        if self.community is not None and not here:
            self.community.arrived(name)
        self._presence_changed(name)

    def disconnect(self: Host, listener: Listener) -> None:
        if id(listener) not in self.listeners:
            return
        name, _ = self.listeners.pop(id(listener))
        if name is not None:  # a session stops watching before it disconnects
            self.sessions_of[name] -= 1
            if not self.sessions_of[name]:
                del self.sessions_of[name]
            if not self._connected_here(name):
                self._chat_rates.pop(name, None)
                if self.community is not None:
                    self.community.left(name)
            self._presence_changed(name)

    def _presence_changed(self: Host, name: str) -> None:
        """Tell the lobby, and the tables where `name` sits, that they came or went."""
        for table in list(self.tables.values()):
            if table.seat_of(name) is not None:
                self._notify_table(table)
                self._forget_if_done(table)
        self._lobby_changed()

    def subscribe(self: Host, listener: Listener) -> None:
        """Hear of every change without being anyone (a shared spectator screen)."""
        self.listeners[id(listener)] = (None, listener)

    def unsubscribe(self: Host, listener: Listener) -> None:
        self.listeners.pop(id(listener), None)

    def online(self: Host) -> list[str]:
        """Everyone connected, to this process or another sharing its database."""
        here = self.connected_here()
        return sorted(here | self.community.elsewhere if self.community else here)

    def connected_here(self: Host) -> set[str]:
        """The people connected to this process."""
        return set(self.sessions_of)

    def is_online(self: Host, name: str) -> bool:
        return self._connected_here(name) or (
            self.community is not None and name in self.community.elsewhere
        )

    def _connected_here(self: Host, name: str) -> bool:
        return name in self.sessions_of  # (asked for every seat at every screen's update)

    def runs(self: Host, table: HostedTable) -> bool:
        """Whether this process runs the table's bots and clocks: of the processes sharing a
        database, one does (net.hosting.community)."""
        return self.community is None or table.id in self.community.running

    def back(self: Host, name: str, table_id: int) -> None:
        """`name` is at the keyboard of this table again: the bot stops playing for them."""
        table = self.tables.get(table_id)
        if table is None:
            return
        seat = table.seat_of(name)
        if seat is not None and seat in table.away:
            table.away.discard(seat)
            self._save_away(table)
            self._say(table, f"{name} is back.")
            self._changed(table)

    def watch(self: Host, table_id: int, name: str) -> None:
        table = self.table(table_id)
        table.running.watchers[name] = table.running.watchers.get(name, 0) + 1
        self.remember_place(name, table_id)
        self._lobby_changed()

    async def place_of(self: Host, name: str) -> int | None:
        """The table `name` last played at or watched: as the database says, when other
        processes share it (they were perhaps there, at another process)."""
        if self.community is not None:
            try:
                place = await self.storage.soon(self.storage.place_of, name)
            except StorageError as exc:
                log.warning("where %s was cannot be read: %s", name, exc)
            else:
                if place is not None:
                    self.places[name] = place
        return self.places.get(name)

    def remember_place(self: Host, name: str, table_id: int) -> None:
        """`name` plays at or watches this table: where they come back to, after a dropped
        connection or a restart of the server (kept on disk when it changes)."""
        if self.places.get(name) == table_id:
            return
        self.places[name] = table_id
        self.storage.later(self.storage.set_place, name, table_id)  # else only a restart

    def unwatch(self: Host, table_id: int, name: str) -> None:
        table = self.tables.get(table_id)
        if table and name in table.running.watchers:
            table.running.watchers[name] -= 1
            if not table.running.watchers[name]:
                del table.running.watchers[name]
            self._lobby_changed()
            self._forget_if_done(table)

    async def chat(self: Host, table_id: int | None, name: str, text: str) -> None:
        """Say `text` in the lobby (None) or at a table; HostError if `name` says too much too
        fast (a line refused is not counted) or nobody is left at the table."""
        text = clean_text(text, self.limits.chat_length)
        if not text:
            return
        table = self.tables.get(table_id) if table_id is not None else None
        if table_id is not None and table is None:
            raise HostError("everyone has left that table")
        limits = self.limits
        bucket = self._chat_rates.setdefault(
            name, TokenBucket(limits.chat_per_minute / 60, limits.chat_burst)
        )
        if not bucket.allows(1):
            raise HostError(
                f"you are chatting too fast: {limits.chat_per_minute} lines a "
                "minute at most. Wait a moment"
            )
        line = f"{name}: {text}"
        try:
            if table is None:
                await self.lobby_chat.say(line)
                self._lobby_changed()
            else:
                await table.chat.say(line, table.log_length())
                self._notify_table(table)
        except StorageError as exc:  # (a database shared with other processes)
            log.warning("cannot save chat (%s)", exc)
            raise SaveFailed(CANNOT_SAVE) from None

    def _say(self: Host, table: HostedTable, text: str) -> None:
        """The server says something at a table (kept if it can be: not worth a refusal)."""
        table.chat.tell(f"* {text}", table.log_length())
