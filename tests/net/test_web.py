"""The web door (issue 47): the page and nothing else of the server's files, one-time sign-in
links and the cookie they give, and a browser's session at the same tables as SSH sessions,
with the same limits; what a hostile page or client sends is refused or ignored."""

import asyncio
import base64
import os
import random
import socket
import time

import aiohttp
import pytest

from net.transport.web import door
from net.transport.web.door import WebOptions

from .harness import (
    backlog_peak,
    browse,
    browser_as,
    connect,
    guest_chooses,
    sign_in_link,
    signed_in,
    start_server,
    table_with,
    until,
)


async def get(server, path: str, **options) -> tuple[int, dict, bytes]:
    async with aiohttp.ClientSession() as client:
        url = f"http://127.0.0.1:{server.web_port}{path}"
        async with client.get(url, allow_redirects=False, **options) as got:
            return got.status, dict(got.headers), await got.read()


async def test_the_page_and_its_own_assets_are_served_with_a_strict_policy_and_nothing_else(web):
    server, _ = web
    cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
    status, headers, page = await get(server, "/", cookies={"boomtown": cookie})
    assert status == 200 and b'<script src="/static/xterm.js">' in page
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "default-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy and headers["X-Content-Type-Options"] == "nosniff"
    status, headers, script = await get(server, "/static/xterm.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert script.startswith(b"!function")  # xterm.js itself, from its npm package
    for path in ("/favicon.ico", "/static/icon.svg", "/static/turn.svg"):  # the tab's icon
        status, headers, icon = await get(server, path)
        assert status == 200 and headers["Content-Type"] == "image/svg+xml", path
        assert icon.startswith(b"<svg"), path
    for path in (
        "/static/../server.py",
        "/static/%2e%2e%2fserver.py",
        "/static/xterm.js.map",
        "/static/xterm.LICENSE",
        "/boomtown.sqlite3",
        "/static/",
    ):
        assert (await get(server, path))[0] == 404, path


async def test_a_one_time_link_signs_a_browser_in_once_with_a_strict_cookie(web):
    server, _ = web
    link = await sign_in_link(server, "ann")
    status, headers, _ = await get(server, link)
    assert status == 303 and headers["Location"] == "/"
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Max-Age=2592000" in cookie
    assert "Secure" not in cookie  # served over plain HTTP here (see the next test)
    assert (await get(server, link))[0] == 403  # used once
    assert (await get(server, "/link/" + "x" * 5000))[0] == 403  # no such link
    storage = server.storage
    old = "/link/" + await storage.soon(storage.make_link, "ann", -1)  # expired
    assert (await get(server, old))[0] == 403


async def test_behind_tls_the_cookie_is_secure(tmp_path):
    server, _ = await start_server(tmp_path, web=WebOptions(0, behind_tls=True))
    try:
        status, headers, _ = await get(server, await sign_in_link(server, "ann"))
        assert status == 303 and "Secure" in headers["Set-Cookie"]
    finally:
        await server.stop()


async def test_a_browser_and_an_ssh_player_sit_at_one_table_and_see_each_other_s_moves(web):
    server, port = web
    ben = await connect(port, "ben")
    await ben.wait_for("You are ben")
    ann = await browser_as(server, "ann")
    table = await table_with(server, ["ann", "ben"], bots=0, game="bigshot", seed=5)
    await ann.wait_for("Ledger")
    await ben.wait_for("Ledger")
    roller = table.seats[table.match.state.to_act()[0]].name
    mover, other = (ann, ben) if roller == "ann" else (ben, ann)
    await mover.press("r")  # the roller rolls, from the browser or from SSH
    await until(lambda: len(table.match.record.actions) >= 1)
    await other.wait_for("rolls")  # the other one sees it
    await ann.resize(100, 30)
    await ann.wait_for("Ledger")  # drawn again at the browser's new size
    await ann.close()
    await ben.close()


async def test_a_browser_without_a_cookie_is_told_how_to_sign_in_or_comes_as_a_guest(tmp_path):
    server, _ = await start_server(tmp_path, web=WebOptions(0))
    try:
        stranger = await browse(server.web_port)
        await asyncio.wait_for(stranger.closed.wait(), 10)
        assert (
            stranger.close_code == 4001 and "not signed in" in stranger.plain_history()
        )  # (the page
        # then shows the page for strangers)
        await stranger.close()
        cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
        storage = server.storage
        assert await storage.soon(storage.sign_out_browsers, "ann") == 1  # from the lobby's W
        signed_out = await browse(server.web_port, cookie)
        await asyncio.wait_for(signed_out.closed.wait(), 10)
        assert "not signed in" in signed_out.plain_history()
        await signed_out.close()
    finally:
        await server.stop()
    server, _ = await start_server(tmp_path / "guests", web=WebOptions(0), allow_guests=True)
    try:
        guest = await browse(server.web_port, name="zoe")
        await guest.wait_for("You are zoe")
        await guest.close()
    finally:
        await server.stop()


async def test_a_stranger_is_shown_what_this_server_is_and_every_way_in(tmp_path):
    """Issue 68: a browser that is nobody here saw one line of terminal ("press W in the SSH
    lobby"). It is shown a page: the SSH command to join, as the address people open names
    the server, invitations, and where guests may come, a name to play under (no ?name=)."""
    server, _ = await start_server(
        tmp_path, web=WebOptions(0, url="https://games.example.org"), allow_guests=True
    )
    try:
        status, headers, page = await get(server, "/")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        text = page.decode()
        assert f"ssh -p {server.ssh_port} yourname@games.example.org" in text
        assert "Invited?" in text and 'action="/guest"' in text and "xterm" not in text
        assert "form-action 'self'" in headers["Content-Security-Policy"]
        status, _, page = await get(server, "/static/page.css")
        assert status == 200
        status, cookie, said = await guest_chooses(server.web_port, "[b]zed[/b]")
        assert status == 303 and cookie  # in, by a cookie of the guest's own
        status, _, said = await guest_chooses(server.web_port, "[b]zed[/b]")  # someone else
        assert status == 409 and "is in use by a guest just now" in said
        assert "&#x27;[b]zed[/b]&#x27;" in said and 'value="[b]zed[/b]"' in said  # escaped
        page = f"http://127.0.0.1:{server.web_port}"
        async with aiohttp.ClientSession() as client:  # a form posted from another site
            async with client.post(
                page + "/guest", data={"name": "mallory"}, headers={"Origin": "http://evil"}
            ) as got:
                assert got.status == 403
    finally:
        await server.stop()
    server, _ = await start_server(tmp_path / "keys only", web=WebOptions(0))
    try:
        status, _, page = await get(server, "/")
        text = page.decode()
        assert status == 200 and f"ssh -p {server.ssh_port} yourname@127.0.0.1" in text
        assert 'action="/guest"' not in text  # no guests here
        status, _, said = await guest_chooses(server.web_port, "zed")
        assert status == 409 and "does not let guests in" in said
    finally:
        await server.stop()


async def test_a_websocket_from_another_site_or_without_an_origin_is_refused(web):
    server, _ = web
    cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
    for origin in ("http://evil.example", None, "http://127.0.0.1:1"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browse(server.web_port, cookie, origin=origin)
        assert refused.value.status == 403
    assert not server.sessions


async def test_garbage_and_a_huge_frame_end_that_browser_alone(web):
    server, port = web
    ben = await connect(port, "ben")
    await ben.wait_for("You are ben")
    ann = await browser_as(server, "ann")
    for text in ("not json", '{"resize": "big"}', '{"resize": [1e9, -5]}', "[]", "{}" * 1000):
        await ann.socket.send_str(text)  # ignored
    (anns,) = [s for s in server.sessions if s.name == "ann"]
    await ann.socket.send_str('{"resize": [100000, 100000]}')  # drawn no larger than allowed
    await until(lambda: anns.channel.size == (server.limits.max_width, server.limits.max_height))
    await ann.socket.send_bytes(b"x" * (door.MAX_FRAME_BYTES + 1))  # past the limit: ended
    await asyncio.wait_for(ann.closed.wait(), 10)
    await until(lambda: all(session.name != "ann" for session in server.sessions))
    eve = await browser_as(server, "eve")
    await eve.socket.send_bytes(bytes(range(256)) * 8)  # garbage keys: whatever they do (q
    await eve.socket.send_bytes(bytes(range(255, -1, -1)) * 8)  # among them may quit)
    await ben.press("n")
    await ben.wait_for("A new table")  # ben's session never noticed
    for person in (ann, eve, ben):
        await person.close()


async def test_browsers_count_in_the_limits_of_their_address(tmp_path):
    server, _ = await start_server(tmp_path, web=WebOptions(0), connections_per_ip=2)
    try:
        cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
        first, second = [await browse(server.web_port, cookie) for _ in range(2)]
        await first.wait_for("You are ann")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browse(server.web_port, cookie)
        assert refused.value.status == 503
        await first.close()
        await until(lambda: server.terminals.by_ip.get("127.0.0.1", 0) < 2)
        third = await browse(server.web_port, cookie)  # room again
        await third.wait_for("You are ann")
        for browser in (second, third):
            await browser.close()
    finally:
        await server.stop()


async def test_a_ban_covers_the_name_s_browsers(web):
    server, _ = web
    cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
    storage = server.storage
    await storage.soon(storage.ban, "ann", "cheating")
    banned = await browse(server.web_port, cookie)
    await asyncio.wait_for(banned.closed.wait(), 10)
    assert "banned" in banned.plain_history().lower()
    await banned.close()


async def test_a_dropped_browser_comes_back_to_its_seat(web):
    server, _ = web
    ann = await browser_as(server, "ann")
    table = await table_with(server, ["ann"], bots=1, game="bigshot", seed=5)
    await ann.wait_for("Ledger")
    ann.socket._response.connection.transport.abort()  # the network drops, no close frame
    await until(lambda: all(session.name != "ann" for session in server.sessions))
    assert table.seat_of("ann") == 0  # the seat is kept
    again = await browse(server.web_port, ann.cookie)  # as the page connects again by itself
    await again.wait_for("Ledger")  # straight back to the table
    await again.close()
    await ann.client.close()


async def test_behind_a_proxy_a_browser_counts_at_the_address_the_proxy_names(tmp_path):
    server, _ = await start_server(
        tmp_path, web=WebOptions(0, behind_tls=True), connections_per_ip=1
    )
    try:
        cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
        first = await browse(server.web_port, cookie, forwarded="203.0.113.7")
        await first.wait_for("You are ann")
        assert server.terminals.by_ip == {"203.0.113.7": 1}
        second = await browse(server.web_port, cookie, forwarded="198.51.100.9")  # another
        await second.wait_for("You are ann")  # person behind the same proxy: room for them
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await browse(server.web_port, cookie, forwarded="203.0.113.7")  # the first's again
        for browser in (first, second):
            await browser.close()
    finally:
        await server.stop()


async def test_a_browser_s_flood_of_keys_is_read_at_the_rate_allowed_while_others_play_on(web):
    server, port = web
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    eve = await browser_as(server, "eve")
    garbage = random.Random(11).randbytes(120_000)  # at 1 KB/s, two minutes of reading
    for start in range(0, len(garbage), door.MAX_FRAME_BYTES):
        await eve.socket.send_bytes(garbage[start : start + door.MAX_FRAME_BYTES])
    (eves,) = [s for s in server.sessions if s.name == "eve"]
    (anns,) = [s.app for s in server.sessions if s.name == "ann"]
    await ann.press("/")
    await until(lambda: anns.screen_stack and getattr(anns.focused, "id", None) == "say")
    await ann.press("ping", "\r")
    await ann.wait_for("ann: ping", timeout=20)  # ann is served while eve's flood waits
    assert eves.channel.bytes_read < len(garbage)
    await eve.close()
    await ann.close()


@pytest.mark.long
async def test_a_browser_that_stops_reading_is_dropped_and_memory_stays_bounded(tmp_path):
    server, port = await start_server(
        tmp_path,
        web=WebOptions(0),
        max_output_backlog=4_000,
        stalled_client_seconds=1.0,
        chat_burst=200,
    )
    try:
        cookie = await signed_in(server.web_port, await sign_in_link(server, "slow"))
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window
        sock.connect(("127.0.0.1", server.web_port))
        reader, writer = await asyncio.open_connection(sock=sock, limit=1024)
        page = f"127.0.0.1:{server.web_port}"
        writer.write(
            (
                "GET /ws?cols=120&rows=40 HTTP/1.1\r\n"
                f"Host: {page}\r\nOrigin: http://{page}\r\nCookie: boomtown={cookie}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n\r\n"
            ).encode()
        )
        assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
        # from now on nobody reads: the reader's buffer fills, then the socket's, then the server's
        busy = await connect(port, "busy")
        await busy.wait_for("You are busy")
        await until(lambda: any(s.name == "slow" for s in server.sessions))
        slow = next(s for s in server.sessions if s.name == "slow")
        sent = slow.channel._transport.get_extra_info("socket")  # the kernel's buffers small,
        sent.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)  # as over a slow network
        peak = await backlog_peak(server, busy, "busy", slow.channel, 25)  # "slow" cannot send
        assert 4_000 < peak < 4_000 + 256_000  # it stalled; at most the limit and a frame
        await until(lambda: slow not in server.sessions, timeout=10)  # disconnected
        assert "busy" in [s.name for s in server.sessions]
        await busy.close()
        writer.close()
    finally:
        await server.stop()


async def test_connections_that_never_send_a_request_are_cut_and_keep_nobody_out(tmp_path):
    server, _ = await start_server(
        tmp_path, web=WebOptions(0), pending_per_ip=3, login_grace_seconds=1.0
    )
    try:
        silent = [await asyncio.open_connection("127.0.0.1", server.web_port) for _ in range(10)]
        await until(lambda: server.pending.total == 3)  # counted; the oldest made room
        ann = await browser_as(server, "ann")  # a real browser still comes in
        for reader, _ in silent:  # and every silent one is cut within the grace (1 s), long
            assert await asyncio.wait_for(reader.read(), 3) == b""  # before a keep-alive's
        await until(lambda: server.pending.total == 0)
        await ann.close()
    finally:
        await server.stop()


async def test_a_browser_refused_for_a_full_server_is_told_so(tmp_path):
    """Not that its own address has too many open: the same words as an SSH client gets."""
    server, _ = await start_server(tmp_path, web=WebOptions(0), connections_total=1)
    try:
        cookie = await signed_in(server.web_port, await sign_in_link(server, "ann"))
        first = await browse(server.web_port, cookie)
        await first.wait_for("You are ann")
        page = f"http://127.0.0.1:{server.web_port}"
        async with aiohttp.ClientSession(cookies={"boomtown": cookie}) as client:
            async with client.get(f"{page}/ws", headers={"Origin": page}) as refused:
                assert refused.status == 503
                assert await refused.text() == "The server is full; try later."
        await first.close()
    finally:
        await server.stop()


async def test_a_server_stopping_tells_everyone_stops_its_bots_and_is_gone_within_5_s(tmp_path):
    """Issue 67: with browsers open, a stop took 20 to 46 s (aiohttp waited for their sockets
    before the sessions were told), and the bots played on meanwhile."""
    server, port = await start_server(
        tmp_path, web=WebOptions(0), allow_guests=True, bot_pace_seconds=0.02
    )
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    browsers = [await browse(server.web_port, name=name) for name in ("zed", "zoe")]
    for browser, name in zip(browsers, ("zed", "zoe")):
        await browser.wait_for(f"You are {name}")
    table = await table_with(server, ["ann"], bots=3, game="bigshot", seed=4)
    table.away.add(0)  # ann's seat played by a bot too: the game plays on by itself
    server.host.runs_changed(table)
    await until(lambda: len(table.match.record.actions) > 20)
    moves = len(table.match.record.actions)
    began = time.monotonic()
    await server.stop()
    assert time.monotonic() - began < 5.0
    assert len(table.match.record.actions) <= moves + 1  # at most the move being saved
    for person in (ann, *browsers):
        await asyncio.wait_for(person.closed.wait(), 5)
        assert "The server is stopping" in person.plain_history()
    assert [browser.close_code for browser in browsers] == [1001, 1001]  # pages try again
    for person in (ann, *browsers):
        await person.close()
