"""Invitations (issue 68): a person whose name is kept invites a friend with no SSH client; the
friend opens the link in a browser, chooses a name of their own, and plays; their browsers
keep the name, and they may tie an SSH key to it later."""

import re

import aiohttp
import asyncssh
import pytest

from net.identity import INVITES_PER_DAY
from net.screens.invites import InvitesScreen
from net.transport.web.door import COOKIE, WebOptions

from .harness import browse, connect, key_for, peek, post_name, session_of, start_server, until

LINK = re.compile(r"http://127\.0\.0\.1:\d+/invite/([\w-]+)")


async def get(web_port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://127.0.0.1:{web_port}{path}") as got:
            return got.status, await got.text()


async def invitation_from(person) -> str:
    """The secret of the invitation `person`, in the lobby, makes with I and n."""
    await person.press("I")
    await person.wait_for("Invite a friend")
    before = set(LINK.findall(person.text()))
    await person.press("n")
    await until(lambda: set(LINK.findall(person.text())) - before)
    return (set(LINK.findall(person.text())) - before).pop()


async def test_a_friend_takes_up_an_invitation_chooses_a_name_and_their_browser_keeps_it(web):
    server, port = web
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    secret = await invitation_from(ann)
    status, page = await get(server.web_port, f"/invite/{secret}")
    assert status == 200 and "ann invites you to Boomtown" in page and 'name="name"' in page
    status, cookie, page = await post_name(server.web_port, f"/invite/{secret}", "ann", COOKIE)
    assert status == 409 and "belongs to someone else" in page  # a name a key keeps: another
    status, cookie, page = await post_name(server.web_port, f"/invite/{secret}", "ivy", COOKIE)
    assert status == 303 and cookie
    ivy = await browse(server.web_port, cookie)
    await ivy.wait_for("You are ivy")
    await ivy.wait_for("Your browsers keep this name")
    await ann.wait_for("taken up by ivy")  # in the dialog still open, once she comes
    await ann.press("\x1b")
    await until(lambda: "Invite a friend" not in ann.text())
    await ann.press("I")  # and the dialog again
    await ann.wait_for("taken up by ivy")
    status, page = await get(server.web_port, f"/invite/{secret}")  # once only
    assert status == 410 and "cannot be taken up" in page
    status, _, page = await post_name(server.web_port, f"/invite/{secret}", "ida", COOKIE)
    assert status == 410
    await ivy.close()  # and the name stays hers: no key may claim it
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "ivy", preferred_auth="publickey")
    again = await browse(server.web_port, cookie)
    await again.wait_for("You are ivy")
    await again.close()
    await ann.close()


async def test_a_person_invites_a_few_a_day_and_may_withdraw_an_invitation(web):
    server, port = web
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    first = await invitation_from(ann)
    for made in range(2, INVITES_PER_DAY + 1):
        await ann.press("n")
        await until(lambda made=made: len(peek(server.storage).invites_of("ann")) == made)
    await ann.press("n")
    await ann.wait_for(f"You have made {INVITES_PER_DAY} invitations today")
    dialog = session_of(server, "ann").app.screen
    assert isinstance(dialog, InvitesScreen) and len(dialog.invitations) == INVITES_PER_DAY
    listed = [line for line in ann.text().splitlines() if "open until" in line]
    assert len(listed) == INVITES_PER_DAY
    await until(lambda: dialog.focused is not None and dialog.focused.id == "invites")
    await ann.press("\x1b[F", "\r")  # End, Enter: the list is the newest first
    await ann.wait_for("Withdrawn: that link lets nobody in now.")
    assert (await get(server.web_port, f"/invite/{first}"))[0] == 410
    await ann.close()


async def test_a_guest_cannot_invite_and_a_host_may_turn_invitations_off(tmp_path):
    server, port = await start_server(tmp_path, web=WebOptions(0, invites=False), allow_guests=True)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("I", "n")
        await ann.wait_for("This server takes no invitations.")
        gus = await connect(port, "gus", key=None, password="")
        await gus.wait_for("You are gus")
        server.identity.invites_allowed = True
        await gus.press("I", "n")
        await gus.wait_for("A guest cannot invite")
        assert peek(server.storage).invites_of("gus") == []
        for person in (ann, gus):
            await person.close()
    finally:
        await server.stop()


async def test_an_invited_person_ties_an_ssh_key_and_plays_over_ssh_with_it(web):
    server, port = web
    secret = peek(server.storage).make_invite("ann", 3600, 9)
    status, cookie, _ = await post_name(server.web_port, f"/invite/{secret}", "ivy", COOKIE)
    assert status == 303
    ivy = await browse(server.web_port, cookie)
    await ivy.wait_for("You are ivy")
    other_tab = await browse(server.web_port, cookie)  # open while she ties the key
    await other_tab.wait_for("Your browsers keep this name")
    await ivy.press("W")
    await ivy.wait_for("paste your SSH public key")
    await ivy.press("not a key\r")
    await ivy.wait_for("That is not an SSH public key")
    public = key_for("ivy").export_public_key().decode().strip()
    await ivy.press("\x15")  # Ctrl+U: the line cleared
    await ivy.socket.send_bytes(f"\x1b[200~{public}\x1b[201~\r".encode())  # pasted
    await ivy.wait_for("Your SSH key keeps 'ivy' now")
    over_ssh = await connect(port, "ivy")  # her key: in, as ivy
    await over_ssh.wait_for("You are ivy")
    await other_tab.wait_for("Your key keeps this name")  # the tab open acts for it too
    await other_tab.press("W")
    await other_tab.wait_for("Play in a browser")
    assert "paste your SSH public key" not in other_tab.text()  # no key to tie again
    with pytest.raises(asyncssh.PermissionDenied):  # another key: refused
        await connect(port, "ivy", key="someone else", preferred_auth="publickey")
    later = await browse(server.web_port, cookie)  # her browser acts for the key now
    await later.wait_for("Your key keeps this name")
    for person in (ivy, other_tab, over_ssh, later):
        await person.close()
