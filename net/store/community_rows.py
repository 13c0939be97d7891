"""What the processes sharing one database tell one another through it (net.hosting.community):
their heartbeats and who is online at each."""

# mypy: disable-error-code="misc"
# (each method takes the whole Storage as `self`, the class it is mixed into)

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from net.store.rows import guarded

if TYPE_CHECKING:
    from net.store.storage import Storage


class CommunityRows:
    """Mixed into `Storage` (net.store.storage), over its one connection."""

    @guarded
    def beat(self: Storage, lease: float) -> tuple[set[int], bool]:
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
    def leave(self: Storage) -> None:
        """This process stops: the others take over its tables at their next beat."""
        with self._transaction():
            self.db.execute("UPDATE processes SET beat = 0 WHERE id = ?", (self.process,))
            self.db.execute("DELETE FROM presence WHERE process = ?", (self.process,))
            self._publish(presence=True)

    @guarded
    def arrived(self: Storage, name: str) -> None:
        """`name` is connected to this process."""
        self.db.execute(
            "INSERT INTO presence VALUES (?, ?) ON CONFLICT DO NOTHING", (name, self.process)
        )
        self._publish(presence=True)

    @guarded
    def left(self: Storage, name: str) -> None:
        """`name` is no longer connected to this process."""
        self.db.execute("DELETE FROM presence WHERE name = ? AND process = ?", (name, self.process))
        self._publish(presence=True)

    @guarded
    def online_elsewhere(self: Storage) -> set[str]:
        """The people connected to the other processes."""
        return {
            name
            for (name,) in self.db.execute(
                "SELECT DISTINCT name FROM presence WHERE process != ?", (self.process,)
            )
        }
