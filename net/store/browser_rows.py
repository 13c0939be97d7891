"""Browsers and invitations in the database (net.transport.web, net.identity): one-time links,
browsers signed in, and invitations for friends with no SSH."""

# mypy: disable-error-code="misc"
# (each method takes the whole Storage as `self`, the class it is mixed into)

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING

from net.store.rows import DAY_SECONDS, guarded, hashed

if TYPE_CHECKING:
    from net.store.storage import Storage


class BrowserRows:
    """Mixed into `Storage` (net.store.storage), over its one connection."""

    @guarded
    def make_link(self: Storage, name: str, seconds: float) -> str:
        """A one-time link's secret that signs a browser in as `name` within `seconds` (128
        bits: short enough to copy from a terminal, and used once, soon)."""
        secret = secrets.token_urlsafe(16)
        now = time.time()
        with self._transaction():
            self.db.execute("DELETE FROM web_links WHERE expires < ?", (now,))
            self.db.execute(
                "INSERT INTO web_links VALUES (?, ?, ?)", (hashed(secret), name, now + seconds)
            )
        return secret

    @guarded
    def use_link(self: Storage, secret: str) -> str | None:
        """The name a one-time link signs in as, and it is used up; None if there is no such
        link, or it was used or has expired."""
        row = self.db.execute(
            "DELETE FROM web_links WHERE token = ? RETURNING name, expires", (hashed(secret),)
        ).fetchone()
        return row[0] if row is not None and row[1] >= time.time() else None

    @guarded
    def sign_in_browser(self: Storage, name: str) -> str:
        """A new browser's secret (its cookie), signed in as `name`."""
        secret = secrets.token_urlsafe(32)
        now = time.time()
        self.db.execute(
            "INSERT INTO browsers VALUES (?, ?, ?, ?)", (hashed(secret), name, now, now)
        )
        return secret

    @guarded
    def browser(self: Storage, secret: str, days: float) -> str | None:
        """Whose browser holds the secret `secret`, signed in within `days` (it is seen now);
        None if nobody's."""
        row = self.db.execute(
            "UPDATE browsers SET seen = ? WHERE token = ? AND created >= ? RETURNING name",
            (time.time(), hashed(secret), time.time() - days * 86400),
        ).fetchone()
        return row[0] if row is not None else None

    @guarded
    def browsers_of(self: Storage, name: str) -> list[tuple[str, float, float]]:
        """(which, signed in, last seen) of each browser signed in as `name`, the newest first;
        `which` names it to `sign_out_browsers` (a hash: no way in)."""
        return [
            (token, created, seen)
            for token, created, seen in self.db.execute(
                "SELECT token, created, seen FROM browsers WHERE name = ? ORDER BY created DESC",
                (name,),
            )
        ]

    @guarded
    def sign_out_browsers(self: Storage, name: str, which: str | None = None) -> int:
        """The browser `which` (else every browser) signed in as `name` signed out; how many
        were. Every process hears of it (`changed_elsewhere`), and ends their sessions."""
        with self._transaction():
            if which is None:
                gone = self.db.execute("DELETE FROM browsers WHERE name = ?", (name,)).rowcount
            else:
                gone = self.db.execute(
                    "DELETE FROM browsers WHERE name = ? AND token = ?", (name, which)
                ).rowcount
            self._revised()
        return int(gone)

    @guarded
    def signed_in(self: Storage, tokens: list[str], days: float) -> set[str]:
        """Those of the browsers `tokens` (as `browsers_of` names them) still signed in."""
        if not tokens:
            return set()
        marks = ", ".join("?" * len(tokens))
        return {
            token
            for (token,) in self.db.execute(
                f"SELECT token FROM browsers WHERE token IN ({marks}) AND created >= ?",
                (*tokens, time.time() - days * 86400),
            )
        }

    @guarded
    def links_of(self: Storage, name: str) -> int:
        """How many one-time links to sign in as `name` are waiting to be used."""
        (count,) = self.db.execute(
            "SELECT COUNT(*) FROM web_links WHERE name = ? AND expires >= ?", (name, time.time())
        ).fetchone()
        return int(count)

    @guarded
    def make_invite(self: Storage, by: str, seconds: float, per_day: int) -> str | None:
        """A one-time invitation's secret from `by`, taken up within `seconds`; None if `by`
        has made `per_day` of them in the last day already."""
        now = time.time()
        with self._transaction():
            self.db.execute("DELETE FROM invites WHERE created < ?", (now - DAY_SECONDS,))
            (made,) = self.db.execute(
                "SELECT COUNT(*) FROM invites WHERE inviter = ?", (by,)
            ).fetchone()
            if made >= per_day:
                return None
            secret = secrets.token_urlsafe(16)
            self.db.execute(
                "INSERT INTO invites VALUES (?, ?, ?, ?, NULL)",
                (hashed(secret), by, now, now + seconds),
            )
        return secret

    @guarded
    def invites_of(self: Storage, by: str) -> list[tuple[str, float, float, str | None]]:
        """(which, made, expires, taken up by) of each invitation `by` made in the last day,
        the newest first; `which` names it to `revoke_invite` (a hash: no way in)."""
        return [
            (token, created, expires, used_by)
            for token, created, expires, used_by in self.db.execute(
                "SELECT token, created, expires, used_by FROM invites WHERE inviter = ? "
                "AND created >= ? ORDER BY created DESC",
                (by, time.time() - DAY_SECONDS),
            )
        ]

    @guarded
    def revoke_invite(self: Storage, by: str, which: str) -> bool:
        """The invitation `which` by `by`, not yet taken up, can no longer be; whether it was
        one. (It still counts among the day's.)"""
        return (
            self.db.execute(
                "UPDATE invites SET expires = 0 WHERE inviter = ? AND token = ? "
                "AND used_by IS NULL",
                (by, which),
            ).rowcount
            > 0
        )

    @guarded
    def invitation(self: Storage, secret: str) -> str | None:
        """Who made the invitation `secret`, if it may still be taken up."""
        row = self.db.execute(
            "SELECT inviter FROM invites WHERE token = ? AND used_by IS NULL AND expires >= ?",
            (hashed(secret), time.time()),
        ).fetchone()
        return row[0] if row else None

    @guarded
    def accept_invite(self: Storage, secret: str, name: str, owner: str) -> tuple[str, str | None]:
        """The invitation `secret` taken up by a newcomer called `name`, whose browsers hold
        the name as `owner`: ("signed in", the browser's cookie secret); ("gone", None) if it
        was taken up, revoked or has expired; ("held", what holds it) if the name is not free.
        All of it, or nothing."""
        token = hashed(secret)
        with self._transaction():
            if not self.db.execute(
                "SELECT 1 FROM invites WHERE token = ? AND used_by IS NULL AND expires >= ?",
                (token, time.time()),
            ).fetchone():
                return "gone", None
            held = self._hold(name, owner, f"key:{owner}", None)
            if held is not None:
                return "held", held
            self.db.execute("UPDATE invites SET used_by = ? WHERE token = ?", (name, token))
            return "signed in", self.sign_in_browser(name)
