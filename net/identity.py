"""Who a connection is. Every door asks here (an SSH key, an SSH guest, a browser's cookie, a
one-time sign-in link, an invitation, a browser guest); no door decides who owns a name itself.

What holds a name (and every look-alike of it: net.names):
- its owner, for good: an SSH key (the first to use the name), or the browsers of someone
  invited by a friend (they chose the name on the invitation's page; they may tie an SSH key
  to it later). A browser signed in by a one-time link, which only the name's owner can make,
  acts for the owner;
- a guest, while any session of theirs lives: an SSH guest's is their connection; a browser
  guest is known by a cookie of its own, which holds the name they chose on the page for
  GUEST_COOKIE_HOURS after they last came, connected or not.
Whoever asks for a name something else holds is asked for another. A name, its key, and guests
from the addresses it came from lately are kept out while banned. A banned person, and a
browser signed out, are sent away from every session they have open, at every process, within
SWEEP_SECONDS (the revision every process hears of: net.store.storage).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

import asyncssh

from net.limits import clean_text
from net.store.storage import Ban, Storage, StorageError, hashed

log = logging.getLogger("boomtown.net")

NAME_LENGTH = 16
REASON_LENGTH = 200  # of a ban's reason, as told to the person banned
GUEST_COOKIE_HOURS = 24  # a browser guest's cookie, and the name it holds, since it last came
SWEEP_SECONDS = 2.0  # a ban or a browser signed out reaches every session within this
LINK_SECONDS = 600  # a one-time link signs a browser in within this
COOKIE_DAYS = 30  # and the browser stays signed in this long
INVITE_HOURS = 24  # an invitation is taken up within this
INVITES_PER_DAY = 3  # invitations a person may give in a day
INVITED = "invite:"  # what the owner of an invited person's name starts with (not a key)

SIGN_IN = "This browser is not signed in: open the server's page to see the ways in."
CANNOT_READ = "The server cannot log you in just now; please try again later."
SIGNED_OUT = "This browser was signed out."
NO_GUEST_LINKS = "A guest's name is not kept: sign in with an SSH key to play in a browser too."


class Door(Enum):
    SSH_KEY = "an SSH key"
    SSH_GUEST = "SSH as a guest"
    BROWSER = "a signed-in browser"
    BROWSER_GUEST = "a browser as a guest"


class Refused(Exception):
    """The door stays shut; `str()` says why, to the person at it."""


class Banned(Refused):
    """Shut for a ban (`boomtown ban`)."""


class Stranger(Refused):
    """Shut to a browser that is nobody here: its page shows it the ways in."""


@dataclass(frozen=True)
class Who:
    """A person as a door let them in: what they proved, and what holds the names they take."""

    door: Door
    address: str
    holder: str  # what holds their name: their key ("key:..."), else their guest connection or
    # browser (a hash: never a way in)
    key: str | None = None  # the SSH key's fingerprint they are, or act for (a signed-in
    # browser's); None: a guest
    browser: str | None = None  # a signed-in browser's hash: signed out, its sessions end
    name: str | None = None  # the one name a signed-in browser may use; a guest's held one

    @property
    def invited_as(self) -> str | None:
        """Where an invitation gave their name: what their browsers hold it as (else None)."""
        return self.key if self.key is not None and self.key.startswith(INVITED) else None

    def keeps(self) -> str:
        """What keeps their name theirs, in a line."""
        if self.invited_as:
            return "Your browsers keep this name (W signs in another, or ties an SSH key)."
        if self.key is not None:
            return f"Your key keeps this name: {self.key}"
        if self.door is Door.BROWSER_GUEST:
            return f"As a guest, this browser keeps the name for {GUEST_COOKIE_HOURS} hours."
        if self.door is Door.BROWSER:
            return "This browser keeps this name while it is signed in."
        return "As a guest, the name is yours while you are here."


class Sent(Protocol):
    """A session, as far as who its person is goes: they may be sent away, or act for a key
    tied to their name."""

    name: str
    who: Who

    def end(self, message: str) -> None: ...


def player_name(asked: str) -> str:
    """The name a person is called by, from the one they gave (an SSH user name, a page's)."""
    return clean_text(asked, NAME_LENGTH) or "player"


def banned_message(ban: Ban) -> str:
    """What a banned person is told; the host's reason as plain text (escapes stripped)."""
    reason = clean_text(ban.reason, REASON_LENGTH)
    return (
        f"You are banned from this server: {reason}"
        if reason
        else "You are banned from this server."
    )


@dataclass(frozen=True)
class BrowserCame:
    """A browser let in: who it is, and the name it comes as."""

    who: Who
    name: str


class Identity:
    """The one authority on who a connection is, over the server's `storage`, for the
    `sessions` it serves."""

    def __init__(
        self,
        storage: Storage,
        allow_guests: bool,
        sessions: Collection[Sent],
        catch_up: Callable[[], Awaitable[None]],
    ) -> None:
        """`catch_up`: reads what changed elsewhere (`reread` among it, if bans did), before
        a door lets anyone in."""
        self.storage = storage
        self.allow_guests = allow_guests
        self.invites_allowed = (
            False  # people may invite friends (net.transport.web, unless refused)
        )
        self.sessions = sessions
        self.catch_up = catch_up
        self.bans: list[Ban] = []
        self._held: dict[tuple[str, str], int] = {}  # (holder, name): its sessions here

    # -- SSH ----------------------------------------------------------------------------------

    async def ssh_key(self, username: str, fingerprint: str, address: str) -> None:
        """Whether the key `fingerprint` may log in as `username`: Refused (saying why) if
        another key owns the name, or the name or key is banned."""
        name = player_name(username)
        try:
            owner = await self.storage.soon(self.storage.key_of, name)
        except StorageError as exc:
            log.error("cannot log %s in: the names cannot be read (%s)", address, exc)
            raise Refused(CANNOT_READ) from None
        if owner is not None and owner != fingerprint:
            raise Refused(
                f"The name {name!r} belongs to the key {owner}; keys other than that one are "
                "refused. If it is not yours, choose another name: ssh -p PORT othername@host"
            )
        await self._refuse_if_banned(name, fingerprint, address)

    async def ssh_guest(self, username: str, address: str) -> None:
        """Whether a guest (no key) may log in as `username` from `address`; the name itself
        is settled once they are in (`take`), where they may choose another."""
        if not self.allow_guests:
            raise Refused("This server lets in people with an SSH key only.")
        await self._refuse_if_banned(player_name(username), None, address)

    def ssh_person(self, fingerprint: str | None, address: str) -> Who:
        """The person an SSH connection is, once logged in: by the key that signed the login,
        else a guest known by this connection alone."""
        if fingerprint is not None:
            return Who(Door.SSH_KEY, address, f"key:{fingerprint}", key=fingerprint)
        return Who(Door.SSH_GUEST, address, f"ssh:{secrets.token_hex(16)}")

    # -- browsers -----------------------------------------------------------------------------

    async def knows(self, cookie: str | None, guest_cookie: str | None) -> bool:
        """Whether a browser holding these cookies is someone here: signed in, or a guest whose
        cookie holds a name (where guests may come); else it is shown the page for strangers."""
        try:
            await self.browser(cookie, guest_cookie, "")
        except Refused:
            return False
        return True

    async def browser(
        self, cookie: str | None, guest_cookie: str | None, address: str
    ) -> BrowserCame:
        """Who a browser is: the name its cookie signed it in as; else, where guests may come,
        the guest whose own cookie holds the name they chose on the page. Refused, saying
        why, otherwise."""
        storage = self.storage
        try:
            cookie = cookie[:100] if cookie else None
            name = await storage.soon(storage.browser, cookie, COOKIE_DAYS) if cookie else None
            if cookie is not None and name is not None:
                token = hashed(cookie)
                key = await storage.soon(storage.key_of, name)
                holder = f"key:{key}" if key is not None else f"browser:{token}"
                who = Who(Door.BROWSER, address, holder, key, token, name)
                await self._refuse_if_banned(name, key, address)
                return BrowserCame(who, name)
            if not self.allow_guests or not guest_cookie:
                raise Stranger(SIGN_IN)
            holder = f"browser:{hashed(guest_cookie[:100])}"
            held = await storage.soon(storage.held_name, holder)
        except StorageError as exc:
            log.error(
                "cannot let a browser from %s in: the names cannot be read (%s)", address, exc
            )
            raise Refused(CANNOT_READ) from None
        if held is None:
            raise Stranger(SIGN_IN)
        await self._refuse_if_banned(held, None, address)
        return BrowserCame(Who(Door.BROWSER_GUEST, address, holder, name=held), held)

    async def guest_comes(self, asked: str, guest_cookie: str | None, address: str) -> str:
        """A browser guest chose `asked` on the page: the cookie that holds it for them (theirs,
        or a new one), if guests may come and the name is free. Refused, saying why."""
        if not self.allow_guests:
            raise Refused("This server does not let guests in.")
        name = player_name(asked)
        await self._refuse_if_banned(name, None, address)
        secret = guest_cookie[:100] if guest_cookie else secrets.token_urlsafe(32)
        who = Who(Door.BROWSER_GUEST, address, f"browser:{hashed(secret)}")
        why = await self._held_by_others(who, name)
        if why is not None:
            raise Refused(why)
        return secret

    async def sign_in(self, secret: str) -> str | None:
        """A browser's cookie from the one-time link `secret` (used up); None if it was used,
        or has expired. StorageError if the database cannot say."""
        storage = self.storage
        name = await storage.soon(storage.use_link, secret[:100])
        return await storage.soon(storage.sign_in_browser, name) if name else None

    async def make_link(self, who: Who, name: str) -> str:
        """A one-time link's secret that signs a browser in as `name`, for its owner only:
        Refused for a guest. StorageError if it cannot be kept."""
        if who.key is None:
            raise Refused(NO_GUEST_LINKS)
        storage = self.storage
        if await storage.soon(storage.key_of, name) != who.key:
            raise Refused(NO_GUEST_LINKS)
        return await storage.soon(storage.make_link, name, LINK_SECONDS)

    async def make_invite(self, who: Who, name: str) -> str:
        """A one-time invitation's secret from `name` (`who`, who owns it), for a friend with no
        SSH to choose a name of their own: Refused where invitations are off, for a guest, or
        past the day's few. StorageError if it cannot be kept."""
        if not self.invites_allowed:
            raise Refused("This server takes no invitations.")
        if who.key is None or await self.storage.soon(self.storage.key_of, name) != who.key:
            raise Refused("A guest cannot invite: a name kept by a key or an invitation can.")
        secret = await self.storage.soon(
            self.storage.make_invite, name, INVITE_HOURS * 3600, INVITES_PER_DAY
        )
        if secret is None:
            raise Refused(f"You have made {INVITES_PER_DAY} invitations today, the most a day.")
        return str(secret)

    async def invites(self, name: str) -> list[tuple[str, float, float, str | None]]:
        """(which, made, expires, taken up by) of the invitations `name` made in the last day
        (StorageError if they cannot be read)."""
        return list(await self.storage.soon(self.storage.invites_of, name))

    async def revoke_invite(self, name: str, which: str) -> bool:
        """`name`'s invitation `which`, if not yet taken up, can no longer be."""
        return bool(await self.storage.soon(self.storage.revoke_invite, name, which))

    async def inviter(self, secret: str) -> str | None:
        """Who made the invitation `secret`, if it may still be taken up."""
        found = await self.storage.soon(self.storage.invitation, secret[:100])
        return str(found) if found is not None else None

    async def accept_invite(self, secret: str, asked: str, address: str) -> str:
        """The invitation `secret` taken up by a newcomer asking to be `asked`: the cookie of
        their browser, signed in as the name, which their browsers now hold for good. Refused,
        saying why (the invitation gone, the name not free or banned)."""
        name = player_name(asked)
        await self._refuse_if_banned(name, None, address)
        owner = f"{INVITED}{secrets.token_hex(8)}"
        status, found = await self.storage.soon(
            self.storage.accept_invite, secret[:100], name, owner
        )
        if status == "gone":
            raise Refused("This invitation was taken up already, or has expired.")
        if status == "held":
            raise Refused(self._why_held(name, found))
        assert found is not None  # (the cookie of a browser signed in)
        return found

    async def tie_key(self, who: Who, name: str, public_key: str) -> None:
        """The SSH key `public_key` (as `ssh-keygen` writes it) holds `name`, an invited
        person's, from now on, and their sessions act for it. Refused if the text is no key,
        or the name is not held by `who`'s browsers, or the key holds another name."""
        owner = who.invited_as
        if owner is None:
            raise Refused("Only a name an invitation gave is tied to a key here.")
        try:
            fingerprint = asyncssh.import_public_key(public_key.strip()).get_fingerprint("sha256")
        except (asyncssh.KeyImportError, ValueError):
            raise Refused("That is not an SSH public key (it starts: ssh-ed25519 AAAA…).") from None
        if not await self.storage.soon(self.storage.tie_key, name, owner, fingerprint):
            raise Refused("That key holds another name here already.")
        self._tied(owner, str(fingerprint))

    def _tied(self, owner: str, fingerprint: str) -> None:
        """The sessions here acting for `owner` (an invited person's browsers) act for the key
        `fingerprint` now, which holds their name."""
        key, holder = f"key:{fingerprint}", f"key:{owner}"
        for session in self.sessions:
            if session.who.key == owner:
                session.who = replace(session.who, key=fingerprint, holder=key)
        for held_by, name in list(self._held):
            if held_by == holder:
                count = self._held.pop((held_by, name))
                self._held[(key, name)] = self._held.get((key, name), 0) + count

    async def browsers(self, name: str) -> list[tuple[str, float, float]]:
        """(which, signed in, last seen) of each browser signed in as `name`, the newest first
        (StorageError if they cannot be read)."""
        return list(await self.storage.soon(self.storage.browsers_of, name))

    async def sign_out(self, who: Who, name: str, which: str | None) -> int:
        """Sign the browser `which` (None: every one) signed in as `name` out, on behalf of
        `who`, their owner; how many were. Their sessions end at every process within
        SWEEP_SECONDS (StorageError if it cannot be written)."""
        if who.key is None and who.browser is None:
            return 0
        storage = self.storage
        count = int(await storage.soon(storage.sign_out_browsers, name, which))
        await self.reread()  # this process's at once; the others' as they hear of it
        return count

    # -- names ------------------------------------------------------------------------------

    async def take(self, who: Who, asked: str) -> str | None:
        """Make `asked` `who`'s name, if nothing else holds it: None if it is theirs now, else
        why not, in a sentence. StorageError if the names cannot be read."""
        name = player_name(asked)
        if who.door is Door.BROWSER and name != who.name:
            return f"This browser is signed in as {who.name!r}."
        ban = self.ban_on(name, who.key, who.address)
        if ban is not None:
            return f"The name {name!r} is banned here."
        why = await self._held_by_others(who, name)
        if why is None:
            key = (who.holder, name)
            self._held[key] = self._held.get(key, 0) + 1
        return why

    async def _held_by_others(self, who: Who, name: str) -> str | None:
        """Hold `name` for `who` if nothing else holds it (a browser guest's for a day); else
        why not."""
        expires = (
            time.time() + GUEST_COOKIE_HOURS * 3600 if who.door is Door.BROWSER_GUEST else None
        )
        storage = self.storage
        holder = await storage.soon(storage.hold_name, name, who.key, who.holder, expires)
        return None if holder is None else self._why_held(name, holder)

    @staticmethod
    def _why_held(name: str, holder: str | None) -> str:
        if holder == "key":
            return f"The name {name!r} belongs to someone else."
        return f"The name {name!r} is in use by a guest just now."

    def release(self, who: Who, name: str) -> None:
        """A session of `who` called `name` has ended: a guest's hold ends with their last
        session here (a browser guest's cookie holds on)."""
        key = (who.holder, name)
        left = self._held.get(key, 0) - 1
        if left > 0:
            self._held[key] = left
            return
        self._held.pop(key, None)
        if who.key is None:
            self.storage.later(self.storage.let_go, name, who.holder)

    # -- bans and browsers signed out ------------------------------------------------------------

    def ban_on(self, name: str, key: str | None, address: str) -> Ban | None:
        """The ban that keeps this person out (the host's latest `boomtown ban`), if any."""
        return next((ban for ban in self.bans if ban.refuses(name, key, address)), None)

    async def _refuse_if_banned(self, name: str, key: str | None, address: str) -> None:
        await self.catch_up()  # a ban just made counts
        ban = self.ban_on(name, key, address)
        if ban is not None:
            raise Banned(banned_message(ban))

    async def reread(self) -> None:
        """The bans, which browsers are still signed in, and the keys tied to invited people's
        names, read again after a change anywhere; the sessions of browsers signed out end
        (StorageError if they cannot be read: those read last stand)."""
        storage = self.storage
        self.bans = await storage.soon(storage.bans)
        invited = {owner: s.name for s in self.sessions if (owner := s.who.invited_as)}
        names = sorted(set(invited.values()))
        keys = await storage.soon(storage.keys_of, names) if names else {}
        for owner, name in invited.items():  # a key tied to the name at another process
            key = keys[name]
            if key is not None and not key.startswith(INVITED):
                self._tied(owner, key)
        tokens = {s.who.browser for s in self.sessions if s.who.browser is not None}
        if tokens:
            signed_in = await storage.soon(storage.signed_in, sorted(tokens), COOKIE_DAYS)
            for session in list(self.sessions):
                if session.who.browser in tokens and session.who.browser not in signed_in:
                    log.info("ending the session of %s: their browser was signed out", session.name)
                    session.end(SIGNED_OUT)

    def send_away(self) -> None:
        """End the sessions of anyone banned now."""
        for session in list(self.sessions):
            ban = self.ban_on(session.name, session.who.key, session.who.address)
            if ban is not None:
                log.info("ending the session of %s: banned", session.name)
                session.end(banned_message(ban))
