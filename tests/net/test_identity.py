"""Who a connection is, door by door: one table of cases, each tried at every door it applies
to, as a stranger would try it. A new door is a new column here (`DOORS`).

Rows are the attacks and mistakes a host must be safe from; a cell says what the person at
that door must meet: admitted as a name (`is NAME`), asked for another name (`asked`), or sent
away (`refused`). `None`: the case has no meaning at that door.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

import aiohttp
import asyncssh
import pytest
from asyncssh.public_key import SSHLocalKeyPair

from net.transport.web.door import COOKIE, WebOptions

from .harness import (
    browse,
    connect,
    guest_chooses,
    key_for,
    peek,
    post_name,
    sign_in_link,
    signed_in,
    start_server,
)

SWEEP_SECONDS = 2.0  # a ban or a browser signed out reaches every session within this


@dataclass
class Met:
    """What a person met at a door."""

    outcome: str  # "is NAME", "asked" or "refused"
    text: str  # their screen, or what they were told as they were sent away

    def __str__(self) -> str:
        return self.outcome


async def met(person) -> Met:
    """What `person` (a Terminal or a Browser) meets once the server has decided."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 15
    while loop.time() < deadline:
        text = person.text()
        if "That name is taken" in text:  # the name dialog's title
            return Met("asked", text)
        for line in person.screen.display:
            if "You are " in line and " · " in line:  # the lobby's header
                name = line.split("You are ", 1)[1].split(" · ")[0].strip()
                return Met(f"is {name}", text)
        if person.closed.is_set():
            return Met("refused", person.plain_history())
        await asyncio.sleep(0.02)
    raise AssertionError(f"nothing was decided; the screen is:\n{person.text()}")


async def ended_within(person, seconds: float) -> bool:
    """Whether `person`'s session is ended (the connection closed) within `seconds`."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(person.closed.wait(), seconds)
    return person.closed.is_set()


class Door:
    """One way in. `come(name)` is a new stranger asking to be `name` there."""

    label = ""

    def __init__(self, server, port: int) -> None:
        self.server, self.port, self.web = server, port, server.web_port
        self.open: list = []

    async def come(self, name: str):
        raise NotImplementedError

    async def close(self) -> None:
        for person in self.open:
            with contextlib.suppress(Exception):
                await person.close()


class SSHKey(Door):
    """An SSH client with a key of its own (a stranger's, unless `key` names another)."""

    label = "ssh key"

    async def come(self, name: str, key: str = "stranger"):
        try:
            person = await connect(
                self.port,
                name,
                key=f"stranger-{name}" if key == "stranger" else key,
                preferred_auth="publickey",  # not falling back to a guest's login
            )
        except (asyncssh.PermissionDenied, asyncssh.DisconnectError) as refused:
            return Refused(str(refused))
        self.open.append(person)
        return person


class SSHGuest(Door):
    """An SSH client with no key at all (keyboard-interactive: a guest)."""

    label = "ssh guest"

    async def come(self, name: str):
        try:
            person = await connect(self.port, name, key=None, password="")  # asyncssh: kbdint
        except (asyncssh.PermissionDenied, asyncssh.DisconnectError) as refused:
            return Refused(str(refused))
        self.open.append(person)
        return person


class SignedInBrowser(Door):
    """A browser signed in as `bob` by a one-time link (bob's key owns his name)."""

    label = "browser"

    async def come(self, name: str | None = None, cookie: str | None = None):
        if cookie is None:
            cookie = await signed_in(self.web, await sign_in_link(self.server, "bob"))
        return await self._open(cookie, None)

    async def _open(self, cookie: str, name: str | None):
        try:
            person = await browse(self.web, cookie)
        except aiohttp.WSServerHandshakeError as refused:
            return Refused(str(refused))
        self.open.append(person)
        return person


class BrowserGuest(Door):
    """A browser with no cookie, choosing a guest's name on the page for strangers."""

    label = "browser guest"

    async def come(self, name: str):
        status, cookie, page = await guest_chooses(self.web, name)
        if status != 303:
            return Said(status, page)
        return await self._open(cookie, None)

    async def _open(self, cookie: str | None, name: str | None):
        """A browser holding a guest's `cookie`."""
        try:
            person = await browse(self.web, guest_cookie=cookie)
        except aiohttp.WSServerHandshakeError as refused:
            return Refused(str(refused))
        self.open.append(person)
        return person


class InvitedBrowser(Door):
    """A browser with no cookie taking up bob's invitation, choosing its name on its page."""

    label = "invited browser"

    async def come(self, name: str, secret: str | None = None):
        if secret is None:
            secret = peek(self.server.storage).make_invite("bob", 3600, 99)
        status, cookie, page = await post_name(self.web, f"/invite/{secret}", name, COOKIE)
        if status != 303:
            return Said(status, page)
        return await self._open(cookie, None)

    async def _open(self, cookie: str, name: str | None):
        try:
            person = await browse(self.web, cookie)
        except aiohttp.WSServerHandshakeError as refused:
            return Refused(str(refused))
        self.open.append(person)
        return person


DOORS = (SSHKey, SSHGuest, SignedInBrowser, BrowserGuest, InvitedBrowser)


class Said:
    """A page's answer to a name posted on it: 409, choose another (`asked`); else refused."""

    def __init__(self, status: int, page: str) -> None:
        self.status, self.page = status, page


class Refused:
    """A door that refused before any terminal opened (an SSH login refused, a WebSocket
    refused): what the client was told."""

    def __init__(self, why: str) -> None:
        self.why = why
        self.closed = asyncio.Event()
        self.closed.set()
        self.screen = None

    def text(self) -> str:
        return ""

    def plain_history(self) -> str:
        return self.why

    async def close(self) -> None:
        pass


async def met_or_refused(person) -> Met:
    if isinstance(person, Refused):
        return Met("refused", person.why)
    if isinstance(person, Said):
        return Met("asked" if person.status == 409 else "refused", person.page)
    return await met(person)


# -- the setting every case starts from --------------------------------------------------------


async def a_server(tmp_path, allow_guests: bool = True):
    return await start_server(tmp_path, web=WebOptions(0), allow_guests=allow_guests)


async def keyed(server, port: int, name: str) -> None:
    """`name` owned by its own key (they logged in with it once)."""
    person = await connect(port, name)
    await person.wait_for(f"You are {name}")
    await person.close()


# -- the rows ------------------------------------------------------------------------------


async def a_keyed_name_asked_by_a_stranger(door: Door) -> Met:
    await keyed(door.server, door.port, "ann")
    return await met_or_refused(await door.come("ann"))


async def a_look_alike_of_a_keyed_name(door: Door) -> Met:
    await keyed(door.server, door.port, "ann")
    return await met_or_refused(await door.come("Аnn"))  # a Cyrillic А


async def a_name_a_live_ssh_guest_holds(door: Door) -> Met:
    zoe = await connect(door.port, "zoe", key=None, password="")
    door.open.append(zoe)
    await zoe.wait_for("You are zoe")
    return await met_or_refused(await door.come("zoe"))


async def a_name_a_live_browser_guest_holds(door: Door) -> Met:
    zed = await browse(door.web, name="zed")
    door.open.append(zed)
    await zed.wait_for("You are zed")
    return await met_or_refused(await door.come("zed"))


async def a_name_a_browser_guest_s_cookie_holds_after_it_left(door: Door) -> Met:
    status, _, page = await guest_chooses(door.web, "zed")  # and never played
    assert status == 303, page
    return await met_or_refused(await door.come("zed"))


async def a_banned_name(door: Door) -> Met:
    server = door.server
    if isinstance(door, SignedInBrowser):  # eve's own browser, signed in before the ban
        cookie = await signed_in(door.web, await sign_in_link(server, "eve"))
        peek(server.storage).ban("eve", "spam")
        return await met_or_refused(await door._open(cookie, None))
    await keyed(server, door.port, "eve")
    peek(server.storage).ban("eve", "spam")
    if isinstance(door, SSHKey):
        return await met_or_refused(await door.come("eve", key="eve"))
    return await met_or_refused(await door.come("eve"))


async def banned_while_connected(door: Door) -> Met:
    """The person is in; the host bans them: they are sent away within SWEEP_SECONDS."""
    server = door.server
    if isinstance(door, SSHKey):
        eve = await door.come("eve", key="eve")
    elif isinstance(door, SignedInBrowser):
        eve = await door.come(None, await signed_in(door.web, await sign_in_link(server, "eve")))
    else:
        eve = await door.come("eve")
    await eve.wait_for("You are eve")
    peek(server.storage).ban("eve", "spam")
    gone = await ended_within(eve, SWEEP_SECONDS + 0.5)
    return Met("refused" if gone else "is eve", eve.plain_history())


async def a_signed_out_browser_still_connected(door: Door) -> Met:
    """The name's owner signs out every browser from the lobby's W while one is open: it is
    sent away."""
    person = await door.come("ivy")  # (bob, at a signed-in browser)
    name = "bob" if isinstance(door, SignedInBrowser) else "ivy"
    await person.wait_for(f"You are {name}")
    session = next(s for s in door.server.sessions if s.name == name)
    await session.identity.sign_out(session.who, name, None)
    gone = await ended_within(person, SWEEP_SECONDS + 0.5)
    return Met("refused" if gone else f"is {name}", person.plain_history())


async def a_guest_asks_for_a_sign_in_link(door: Door) -> Met:
    """A guest has no name kept: no link signs a browser in as them."""
    guest = await door.come("gus")
    await guest.wait_for("You are gus")
    await guest.press("W")
    await guest.wait_for("guest")
    links = peek(door.server.storage).links_of("gus")
    return Met("refused" if not links else "is gus", guest.text())


async def an_expired_or_used_link(door: Door) -> Met:
    server = door.server
    link = await sign_in_link(server, "bob")
    await signed_in(door.web, link)  # used once
    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://127.0.0.1:{door.web}{link}", allow_redirects=False) as got:
            used = got.status
    storage = server.storage
    expired = "/link/" + await storage.soon(storage.make_link, "bob", -1)
    async with aiohttp.ClientSession() as client:
        async with client.get(
            f"http://127.0.0.1:{door.web}{expired}", allow_redirects=False
        ) as got:
            late = got.status
    return Met("refused" if used == late == 403 else f"used {used}, expired {late}", "")


async def a_key_offered_without_its_signature(door: Door) -> Met:
    """A stranger who has only ann's public key offers it, and signs with a key of their own."""
    await keyed(door.server, door.port, "ann")
    forged = _Forged(key_for("ann"), key_for("forger"))
    try:
        person = await connect(door.port, "ann", key=None, client_keys=[forged], password="")
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError) as refused:
        return Met("refused", str(refused))
    door.open.append(person)
    return await met(person)


class _Forged(SSHLocalKeyPair):
    """A key pair that shows one key's public half and signs with another's private key."""

    def __init__(self, shown: asyncssh.SSHKey, signer: asyncssh.SSHKey) -> None:
        super().__init__(signer, None, None, None)
        self.public_data = shown.public_data
        self._key_public_data = shown.public_data


async def an_invitation_taken_up_revoked_or_expired(door: Door) -> Met:
    storage = peek(door.server.storage)
    used = storage.make_invite("bob", 3600, 99)
    first = await door.come("ivy", used)
    await first.wait_for("You are ivy")
    again = await door.come("ida", used)  # taken up already
    revoked = storage.make_invite("bob", 3600, 99)
    (which, *_), *_ = storage.invites_of("bob")
    assert storage.revoke_invite("bob", which)
    withdrawn = await door.come("ida", revoked)
    late = await door.come("ida", storage.make_invite("bob", -1, 99))
    statuses = [said.status for said in (again, withdrawn, late)]
    return Met("refused" if statuses == [410] * 3 else f"pages {statuses}", "")


async def a_guest_cookie_after_guests_are_turned_off(door: Door) -> Met:
    """A browser guest's cookie (from when guests came in) once the host no longer lets
    guests in: refused; a signed-in browser's cookie still works, an invited one's too."""
    server = door.server
    if isinstance(door, SignedInBrowser):
        cookie = await signed_in(door.web, await sign_in_link(server, "bob"))
    else:
        person = await door.come("zed")
        await person.wait_for("You are zed")
        cookie = person.cookie or person.guest_cookie
        await person.close()
    await server.stop()
    again, _ = await start_server(door.tmp_path, web=WebOptions(0), allow_guests=False)
    door.server, door.web = again, again.web_port
    return await met_or_refused(await door._open(cookie, None))


# Each row: the case, then what each door must meet (in DOORS' order; None: not this door).
REFUSED, ASKED = "refused", "asked"
CASES = {
    a_keyed_name_asked_by_a_stranger: (REFUSED, ASKED, None, ASKED, ASKED),
    a_look_alike_of_a_keyed_name: (REFUSED, ASKED, None, ASKED, ASKED),
    a_name_a_live_ssh_guest_holds: (ASKED, ASKED, None, ASKED, ASKED),
    a_name_a_live_browser_guest_holds: (ASKED, ASKED, None, ASKED, ASKED),
    a_name_a_browser_guest_s_cookie_holds_after_it_left: (ASKED, ASKED, None, ASKED, ASKED),
    a_banned_name: (REFUSED, REFUSED, REFUSED, REFUSED, REFUSED),
    banned_while_connected: (REFUSED, REFUSED, REFUSED, REFUSED, REFUSED),
    a_signed_out_browser_still_connected: (None, None, REFUSED, None, REFUSED),
    a_guest_asks_for_a_sign_in_link: (None, REFUSED, None, REFUSED, None),
    an_expired_or_used_link: (None, None, REFUSED, None, None),
    an_invitation_taken_up_revoked_or_expired: (None, None, None, None, REFUSED),
    a_key_offered_without_its_signature: (ASKED, None, None, None, None),
    a_guest_cookie_after_guests_are_turned_off: (None, None, "is bob", REFUSED, "is zed"),
}
CELLS = [
    pytest.param(case, door, expected, id=f"{case.__name__}-{door.label.replace(' ', '_')}")
    for case, row in CASES.items()
    for door, expected in zip(DOORS, row)
    if expected is not None
]


@pytest.mark.parametrize(("case", "door_kind", "expected"), CELLS)
async def test_identity(tmp_path, case, door_kind, expected):
    server, port = await a_server(tmp_path)
    door = door_kind(server, port)
    door.tmp_path = tmp_path
    try:
        found = await case(door)
        assert str(found) == expected, f"{case.__name__} at the {door.label}: {found.text}"
    finally:
        await door.close()
        await door.server.stop()
