"""Ratings in the database (play.ratings): changed once, with a game's end, and read for the
leaderboard."""

# mypy: disable-error-code="misc"
# (each method takes the whole Storage as `self`, the class it is mixed into)

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from net.store.rows import guarded
from play.ratings import NEW, Rating

if TYPE_CHECKING:
    from net.store.storage import Storage


class RatingRows:
    """Mixed into `Storage` (net.store.storage), over its one connection."""

    def _rate(
        self: Storage,
        table_id: int,
        game: str,
        people: list[str],
        work_out: Callable[[dict[str, Rating]], dict[str, Rating]],
    ) -> None:
        """The finished game at `table_id` rated, once: its `people`'s ratings at `game` now,
        what `work_out` makes of them kept, with the changes."""
        if self._rating_changes(table_id):
            return  # rated before (the end written again after a restart)
        marks = ", ".join("?" * len(people))
        before = {
            name: Rating(mu, sigma, games, wins)
            for name, mu, sigma, games, wins in self.db.execute(
                f"SELECT name, mu, sigma, games, wins FROM ratings WHERE game = ? "
                f"AND name IN ({marks})",
                (game, *people),
            )
        }
        for name, new in work_out(before).items():
            old = before.get(name, NEW)
            self.db.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name, game) "
                "DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                "games = excluded.games, wins = excluded.wins",
                (name, game, new.mu, new.sigma, new.games, new.wins),
            )
            self.db.execute(
                "INSERT INTO rating_changes VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, name, old.mu, old.sigma, new.mu, new.sigma),
            )

    @guarded
    def rating_changes(self: Storage, table_id: int) -> dict[str, tuple[Rating, Rating]]:
        """The changes the game at `table_id` made to its people's ratings (none yet, or an
        unrated game: empty)."""
        return self._rating_changes(table_id)

    def _rating_changes(self: Storage, table_id: int) -> dict[str, tuple[Rating, Rating]]:
        return {
            name: (Rating(mu_before, sigma_before), Rating(mu, sigma))
            for name, mu_before, sigma_before, mu, sigma in self.db.execute(
                "SELECT name, mu_before, sigma_before, mu, sigma FROM rating_changes "
                "WHERE table_id = ? ORDER BY name",
                (table_id,),
            )
        }

    @guarded
    def leaderboard(self: Storage, game: str, limit: int) -> list[tuple[str, Rating]]:
        """The people rated at `game`, the most surely skilled first (play.ratings), at most
        `limit` of them."""
        return [
            (name, Rating(mu, sigma, games, wins))
            for name, mu, sigma, games, wins in self.db.execute(
                "SELECT name, mu, sigma, games, wins FROM ratings WHERE game = ? "
                "ORDER BY mu - 3 * sigma DESC, name LIMIT ?",
                (game, limit),
            )
        ]
