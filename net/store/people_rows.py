"""People in the database: names and the keys or holders that own them, settings, where each was
last, the addresses names came from, and bans."""

# mypy: disable-error-code="misc"
# (each method takes the whole Storage as `self`, the class it is mixed into)

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from net.names import skeleton
from net.store.rows import VISITS_KEPT_SECONDS, VISITS_PER_ADDRESS, Ban, guarded

if TYPE_CHECKING:
    from net.store.storage import Storage


class PeopleRows:
    """Mixed into `Storage` (net.store.storage), over its one connection."""

    @guarded
    def key_of(self: Storage, name: str) -> str | None:
        """The key that owns `name`, or a name that looks like it (the name itself first, then
        the oldest look-alike); None if it is free."""
        row = self.db.execute(
            "SELECT key FROM users WHERE skeleton = ? ORDER BY name = ? DESC, created LIMIT 1",
            (skeleton(name), name),
        ).fetchone()
        return row[0] if row else None

    @guarded
    def keys_of(self: Storage, names: list[str]) -> dict[str, str | None]:
        """`key_of` each of `names`, in one trip to the disk's thread."""
        return {name: self.key_of(name) for name in names}

    @guarded
    def claim(self: Storage, name: str, key: str) -> bool:
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
        self: Storage, name: str, key: str | None, holder: str, expires: float | None
    ) -> str | None:
        """`name` held for `holder` (net.identity), if nothing else holds it or a look-alike:
        None if it is now, else what holds it ("key", or another guest's holder). A `key`
        (an SSH key's fingerprint, or an invited person's browsers') claims the name for good;
        a guest holds it while a session of theirs lives at this process, and until `expires`
        if given (a browser guest's cookie)."""
        with self._transaction():
            return self._hold(name, key, holder, expires)

    def _hold(
        self: Storage, name: str, key: str | None, holder: str, expires: float | None
    ) -> str | None:
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
    def tie_key(self: Storage, name: str, owner: str, key: str) -> bool:
        """`name`, which `owner` (an invited person's browsers) holds, held by the SSH key
        `key` from now on (its browsers act for the key); False if `owner` does not hold it,
        or the key holds another name already."""
        with self._transaction():
            if self.db.execute("SELECT 1 FROM users WHERE key = ?", (key,)).fetchone():
                return False
            if not self.db.execute(
                "UPDATE users SET key = ? WHERE name = ? AND key = ?", (key, name, owner)
            ).rowcount:
                return False
            self._revised()  # the sessions acting for `owner` at other processes hear of it
            return True

    @guarded
    def held_name(self: Storage, holder: str) -> str | None:
        """The name a browser guest's cookie holds (`holder`), if it holds one still."""
        row = self.db.execute(
            "SELECT name FROM guests WHERE holder = ? AND expires > ?", (holder, time.time())
        ).fetchone()
        return row[0] if row else None

    @guarded
    def let_go(self: Storage, name: str, holder: str) -> None:
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

    @guarded
    def setting(self: Storage, name: str, setting: str) -> str | None:
        row = self.db.execute(
            "SELECT value FROM settings WHERE name = ? AND setting = ?", (name, setting)
        ).fetchone()
        return row[0] if row else None

    @guarded
    def remember(self: Storage, name: str, setting: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO settings VALUES (?, ?, ?) ON CONFLICT (name, setting) "
            "DO UPDATE SET value = excluded.value",
            (name, setting, value),
        )

    @guarded
    def set_place(self: Storage, name: str, table_id: int) -> None:
        """`name` last played at or watched this table."""
        self.db.execute(
            "INSERT INTO places VALUES (?, ?) ON CONFLICT (name) "
            "DO UPDATE SET table_id = excluded.table_id",
            (name, table_id),
        )

    @guarded
    def place_of(self: Storage, name: str) -> int | None:
        """The table `name` last played at or watched, if any."""
        row = self.db.execute("SELECT table_id FROM places WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    @guarded
    def places(self: Storage) -> dict[str, int]:
        """Where each person last played or watched, for the tables still waiting or playing
        (the others' rows are dropped)."""
        with self._transaction():
            self.db.execute(
                "DELETE FROM places WHERE table_id NOT IN (SELECT id FROM tables "
                "WHERE status IN ('waiting', 'playing'))"
            )
        return dict(self.db.execute("SELECT name, table_id FROM places"))

    @guarded
    def visited(self: Storage, name: str, address: str) -> None:
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
    def ban(self: Storage, name: str, reason: str) -> tuple[str | None, list[str]]:
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
    def lift_ban(self: Storage, name: str) -> bool:
        """Lift the ban on `name` (its key and addresses); False if it was not banned."""
        with self._transaction():
            self.db.execute("DELETE FROM banned_addresses WHERE name = ?", (name,))
            self._revised()
            return self.db.execute("DELETE FROM bans WHERE name = ?", (name,)).rowcount > 0

    @guarded
    def bans(self: Storage) -> list[Ban]:
        """Every ban, the oldest first."""
        addresses = self._banned_addresses()
        return [
            Ban(name, key, reason, at, frozenset(addresses.get(name, ())))
            for name, key, reason, at in self.db.execute(
                "SELECT name, key, reason, at FROM bans ORDER BY at"
            )
        ]

    def _banned_addresses(self: Storage) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for name, address in self.db.execute("SELECT name, address FROM banned_addresses"):
            found.setdefault(name, set()).add(address)
        return found
