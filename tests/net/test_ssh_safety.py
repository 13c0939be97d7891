"""Keeping the server safe and whole: refusals, limits, bad input, leaks, hidden information."""

import asyncio
import contextlib
import gc
import io
import random
import re
import weakref

import asyncssh
import pytest
from textual.widget import Widget

from boomtown import cli
from core.games.bigshot import actions as A
from net.limits import TokenBucket
from net.screens.app import SessionApp
from net.transport.channel import LEAVE
from tui.textual_private import StylesCache

from .harness import backlog_peak, connect, key_for, peek, start_server, table_with, until


async def plain_connection(port, name="eve", **options):
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        client_keys=[key_for(name)],
        known_hosts=None,
        agent_path=None,
        **options,
    )


async def test_commands_sftp_and_sessions_without_a_terminal_are_refused(served):
    _, port = served
    async with await plain_connection(port) as conn:
        result = await conn.run("cat /etc/passwd", check=False)
        assert result.exit_status == 1 and "only plays games" in result.stderr
        assert "root:" not in result.stdout
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.Error)):
            async with conn.start_sftp_client():
                pass
        shell = await conn.create_process(encoding="utf-8")  # no pty requested
        done = await shell.wait()
        assert done.exit_status == 1 and "needs a terminal" in done.stderr


async def test_port_forwarding_both_ways_is_refused(served):
    _, port = served
    async with await plain_connection(port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.forward_local_port("127.0.0.1", 0, "127.0.0.1", port)
            await conn.open_connection("127.0.0.1", port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)


async def test_a_storm_of_resizes_is_survived_and_ends_in_the_right_size(served):
    server, port = served
    eve = await connect(port, "eve")
    await eve.wait_for("You are eve")
    for i in range(300):
        eve.process.change_terminal_size(40 + i % 150, 10 + i % 50)
    eve.process.change_terminal_size(100, 30)
    eve.screen.resize(30, 100)
    app = next(iter(server.sessions)).app
    for _ in range(500):  # the storm settles into one resize to the final size
        if tuple(app.size) == (100, 30):
            break
        await asyncio.sleep(0.01)
    assert tuple(app.size) == (100, 30)
    await eve.press("/")
    await until(lambda: getattr(app.focused, "id", None) == "say")  # as a person would
    await eve.press("after the storm", "\r")
    await eve.wait_for("eve: after the storm")
    await eve.close()


async def test_garbage_bytes_slow_down_only_the_session_that_sends_them(served):
    server, port = served
    ann = await connect(port, "ann")
    eve = await connect(port, "eve")
    await ann.wait_for("You are ann")
    await eve.wait_for("You are eve")
    rng = random.Random(11)  # seed 11 once exposed keys lost to a deferred focus
    garbage = (
        rng.randbytes(30_000)
        + b"\x1b[<999;99999;99999M\x1b["
        + b"\xff\xfe" * 500
        + b"\x1b[200~"
        + rng.randbytes(2000)
        + b"\x1b"
    )
    # read at 1 KB/s, this lasts two minutes: ann's chats end long before, however busy the
    # machine (with 33 KB, a slow run once read it all first)
    garbage += random.Random(12).randbytes(90_000)
    eve.process.stdin.write(garbage)
    (eves,) = [s for s in server.sessions if s.name == "eve"]
    (anns,) = [s.app for s in server.sessions if s.name == "ann"]
    for _ in range(3):  # meanwhile ann chats, and is served while eve's flood is still queued
        word = f"ping{rng.randrange(10_000)}"
        await ann.press("/")
        # as a person would (the lobby's first frame is drawn before the app has a screen)
        await until(lambda: anns.screen_stack and getattr(anns.focused, "id", None) == "say")
        await ann.press(word, "\r")
        await ann.wait_for(f"ann: {word}", timeout=20)
        assert eves.channel.bytes_read < len(garbage)
    assert any(s.name == "ann" for s in server.sessions)
    await ann.close()
    await eve.close()


async def test_hidden_money_never_reaches_another_players_session(served):
    server, port = served
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ben.wait_for("You are ben")
    host = server.host
    table = await host.create_table(
        "ann", "bigshot", {"hidden_money": True}, players=4, bots=2, seed=4
    )
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    await ann.wait_for("Auction")
    borrowed = False
    for _ in range(400):  # play on until ann has borrowed: only she knows her cash is 19
        state = table.match.state
        seat = state.current
        name = table.seats[seat].name
        if name in ("ann", "ben"):
            legal = state.legal_actions(seat)
            if state.phase == "loans" and name == "ann" and not borrowed:
                await host.act(table.id, name, legal[0])
                borrowed = True
            elif state.phase == "loans":
                await host.act(table.id, name, A.NO_MORE_LOANS)
            elif borrowed:
                break
            else:
                await host.act(table.id, name, A.PASS if A.PASS in legal else legal[-1])
        else:
            await asyncio.sleep(0.01)  # a bot's turn
    ann_cash = table.match.state.cash(table.match.state.seat_colours[table.seat_of("ann")][0])
    assert borrowed and ann_cash == 19
    await ann.wait_for("ann takes a loan: +9")
    await ben.wait_for("ann takes a loan: +9")  # that a loan was taken is public
    await ann.wait_for("+9 loan 1")  # her own money history
    assert re.search(r"ann\s+19\s", ann.text())
    await ben.wait_for("?")
    seen_by_ben = ben.plain_history()
    assert re.search(r"ann\s+\?\s", seen_by_ben)
    assert not re.search(r"ann\s+19\s", seen_by_ben)  # her cash never reached ben
    assert "+9 loan 1" not in seen_by_ben  # nor her money history
    await ann.close()
    await ben.close()


class BannerReader(asyncssh.SSHClient):
    banners: list[str] = []

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def test_a_name_owned_by_another_key_is_refused_and_its_owner_found_among_keys(served):
    server, port = served
    first = await connect(port, "zed")
    await first.wait_for("You are zed")
    await first.wait_for(key_for("zed").get_fingerprint("sha256"))  # the welcome says which key
    await first.close()
    BannerReader.banners = []
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username="zed",
            known_hosts=None,
            agent_path=None,
            client_keys=[key_for("somebody-else")],
            client_factory=BannerReader,
        )
    assert "belongs to the key" in BannerReader.banners[0]
    assert "choose another name" in BannerReader.banners[0]
    for look_alike in ("Zed", "z\u0435d"):  # capital, or a Cyrillic e: the same name to see
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                port,
                username=look_alike,
                known_hosts=None,
                agent_path=None,
                client_keys=[key_for("somebody-else")],
            )
    # An agent's key offered first no longer decides who this is: the owner's key is found.
    async with await asyncssh.connect(
        "127.0.0.1",
        port,
        username="zed",
        known_hosts=None,
        agent_path=None,
        client_keys=[key_for("an-agent-key"), key_for("zed")],
    ) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(100, 30))
        await until(lambda: any(s.name == "zed" and s.joined for s in server.sessions))
        assert next(iter(server.sessions)).key == key_for("zed").get_fingerprint("sha256")
        process.close()


async def test_a_name_is_bound_to_the_key_that_signed_the_login(served):
    server, port = served
    async with await asyncssh.connect(
        "127.0.0.1",
        port,
        username="newcomer",
        known_hosts=None,
        agent_path=None,
        client_keys=[key_for("agent"), key_for("mine")],
    ) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(100, 30))
        await until(lambda: peek(server.host.storage).key_of("newcomer") is not None)
        process.close()
    owner = peek(server.host.storage).key_of("newcomer")
    assert owner == key_for("agent").get_fingerprint("sha256")


def said(argv: list[str]) -> str:
    """What `boomtown ARGV` prints (it must succeed). The served apps hold sys.stdout apart
    from pytest's capture, so it is caught here."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(argv) == 0
    return out.getvalue()


ELSEWHERE = {"local_addr": ("127.0.0.2", 0)}  # other addresses on the loopback
THIRD_PLACE = {"local_addr": ("127.0.0.3", 0)}


async def test_a_banned_person_is_sent_away_and_kept_out_under_any_name_until_lifted(tmp_path):
    """eve (a key) and gus (a guest) come from one address, ann and zoe from another (mal from
    a third):
    banning eve keeps out her name, her key under any name and guests from her address, and
    sends away gus too; key-holders from her address and guests from elsewhere still come in."""
    server, port = await start_server(tmp_path, allow_guests=True)
    data = ["--data", str(tmp_path)]
    try:
        eve = await connect(port, "eve", **ELSEWHERE)
        gus = await connect(port, "gus", key=None, password="", **ELSEWHERE)
        ann, mal = await connect(port, "ann"), await connect(port, "mal", **THIRD_PLACE)
        for person in (eve, gus, ann, mal):
            await person.wait_for("You are")
        await table_with(server, ["ann"], bots=1)
        await mal.wait_for("round 1")  # the table is in mal's list, to be watched
        await mal.press("w")  # mal watches ann's game on the shared screen
        await mal.wait_for("spectators watch")
        assert (
            f"Banned eve (and the key {key_for('eve').get_fingerprint('sha256')}, under any "
            "name; and guests from 127.0.0.2, where it came from)"
            in said(["ban", "eve", "--reason", "[b]spam[/b] in\x1b[2J chat\x9b", *data])
        )
        said(["ban", "mal", *data])
        for person, why in (
            (eve, ": [b]spam[/b] in[2J chat"),
            (gus, ": [b]spam[/b] in[2J chat"),
            (mal, "."),
        ):
            await asyncio.wait_for(person.closed.wait(), timeout=10)  # sent away, told why
            history = bytes(person.received)
            told = history.rindex(f"You are banned from this server{why}".encode())
            assert history.rindex(LEAVE.encode()) < told  # in their terminal as it was before
        BannerReader.banners = []
        with pytest.raises(asyncssh.PermissionDenied):  # her key, another name
            await asyncssh.connect(
                "127.0.0.1",
                port,
                username="notEve",
                known_hosts=None,
                agent_path=None,
                client_keys=[key_for("eve")],
                client_factory=BannerReader,
            )
        assert BannerReader.banners == [  # the reason's escapes never reach a terminal
            "You are banned from this server: [b]spam[/b] in[2J chat\r\n"
        ]
        with pytest.raises(asyncssh.PermissionDenied):  # her name, as a guest
            await connect(port, "eve", key=None, password="")
        with pytest.raises(asyncssh.PermissionDenied):  # a guest from her address
            await connect(port, "newface", key=None, password="", **ELSEWHERE)
        assert not ann.closed.is_set()  # nobody else is touched (mal watched her table)
        kim = await connect(port, "kim", **ELSEWHERE)  # a key-holder from her address
        zoe = await connect(port, "zoe", key=None, password="")  # a guest from elsewhere
        for person in (kim, zoe):
            await person.wait_for("You are")
        listed = said(["ban", "--list", *data])
        assert listed.startswith("eve  SHA256:") and "guests from 127.0.0.2" in listed
        assert said(["ban", "eve", "--lift", *data]) == "eve may come in again.\n"
        back = await connect(port, "eve", **ELSEWHERE)
        guest = await connect(port, "gus", key=None, password="", **ELSEWHERE)
        for person in (back, guest):
            await person.wait_for("You are")
        for person in (ann, kim, zoe, back, guest):
            await person.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("lift", [False, True], ids=["banned", "lifted"])
async def test_people_arriving_together_just_after_a_ban_or_its_lift_all_meet_it(tmp_path, lift):
    """Each arrival reads what the host changed before it is let in; one arriving while another
    is still reading must wait for that reading, not be judged by the bans read before it."""
    server, _ = await start_server(tmp_path)
    data = ["--data", str(tmp_path)]
    fingerprint = key_for("eve").get_fingerprint("sha256")
    try:
        if lift:
            said(["ban", "eve", *data])
            await server.identity.catch_up()  # the server knows of the ban
        said(["ban", "eve", "--lift" if lift else "--reason=spam", *data])
        arrivals = [server.identity.ssh_key("eve", fingerprint, "127.0.0.2") for _ in range(3)]
        met = await asyncio.gather(*arrivals, return_exceptions=True)
        refused = [type(it).__name__ for it in met if it is not None]
        assert refused == ([] if lift else ["Banned"] * 3)
    finally:
        await server.stop()


def test_ban_refuses_a_directory_without_a_server_and_a_missing_name(tmp_path, capsys):
    for argv in (["ban", "eve", "--data", str(tmp_path)], ["ban", "--data", str(tmp_path)]):
        with pytest.raises(SystemExit) as exit_:
            cli.main(argv)
        assert exit_.value.code == 2
    assert "no server keeps its games in" in capsys.readouterr().err


async def test_guests_without_a_key_only_when_the_host_allows_them(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(port, "guest", key=None)
    finally:
        await server.stop()
    server, port = await start_server(tmp_path / "open", allow_guests=True)
    try:
        guest = await connect(port, "guest", key=None, password="")  # asyncssh: kbdint
        await guest.wait_for("You are guest")
        await guest.close()
    finally:
        await server.stop()


async def test_connections_per_address_and_in_total_are_limited(tmp_path):
    server, port = await start_server(tmp_path, connections_per_ip=2)
    try:
        a, b = await plain_connection(port, "a"), await plain_connection(port, "b")
        with pytest.raises(asyncssh.DisconnectError, match="Too many connections from your"):
            await plain_connection(port, "c")
        a.close()
        await a.wait_closed()
        await until(lambda: server.connections.total == 1)
        c = await plain_connection(port, "c")  # room again once one left
        c.close()
        b.close()
    finally:
        await server.stop()
    server, port = await start_server(tmp_path / "t", connections_total=1)
    try:
        a = await plain_connection(port, "a")
        with pytest.raises(asyncssh.DisconnectError, match="The server is full"):
            await plain_connection(port, "b")
        a.close()
    finally:
        await server.stop()


async def test_sessions_are_limited_per_connection_and_per_address(tmp_path):
    """Each terminal session runs an app: one connection may hold two, an address as many as it
    may hold connections; a refused one starts no app, and room comes back when one closes."""
    server, port = await start_server(tmp_path, connections_per_ip=3)
    terminal = {"term_type": "xterm", "term_size": (80, 24)}
    try:
        first, second = await plain_connection(port, "a"), await plain_connection(port, "b")
        a1 = await first.create_process(**terminal)
        await first.create_process(**terminal)
        with pytest.raises(asyncssh.ChannelOpenError, match="Too many sessions"):
            await first.create_process(**terminal)  # a third in one connection
        await second.create_process(**terminal)
        with pytest.raises(asyncssh.ChannelOpenError, match="Too many sessions"):
            await second.create_process(**terminal)  # a fourth from the address
        await until(lambda: len(server.sessions) == 3)
        a1.close()
        await until(lambda: len(server.sessions) == 2)
        await second.create_process(**terminal)  # room again
        await until(lambda: len(server.sessions) == 3)
        first.close()
        second.close()
    finally:
        await server.stop()


async def test_connections_that_never_log_in_leave_room_for_those_who_do(tmp_path):
    server, port = await start_server(
        tmp_path, connections_total=20, pending_total=8, pending_per_ip=2, login_grace_seconds=1.0
    )
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        lurkers = []
        for i in range(40):  # from 10 addresses, far more than may log in at once
            address = f"127.0.0.{2 + i % 10}"
            lurkers.append(
                await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
            )
        await until(lambda: server.pending.total == 8)
        assert max(server.pending.by_ip.values()) <= 2
        assert server.connections.total == 1  # the lurkers hold none of the logged-in room
        await ann.press("/", "still here", "\r")
        await ann.wait_for("ann: still here")
        await until(lambda: server.pending.total == 0)  # dropped after the login grace
        ben = await connect(port, "ben")
        await ben.wait_for("You are ben")
        for _, writer in lurkers:
            writer.close()
        await ann.close()
        await ben.close()
    finally:
        await server.stop()


async def test_a_logged_in_connection_that_opens_no_session_is_closed(tmp_path):
    server, port = await start_server(tmp_path, login_grace_seconds=0.3)
    try:
        conn = await plain_connection(port, "quiet")  # ssh -N: logs in, asks for nothing
        await asyncio.wait_for(conn.wait_closed(), timeout=5)
        assert server.connections.total == 0
    finally:
        await server.stop()


async def test_a_connection_that_never_logs_in_is_dropped_after_the_grace_time(tmp_path):
    server, port = await start_server(tmp_path, login_grace_seconds=0.5)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        await reader.readline()  # the server's banner; then we say nothing
        assert await asyncio.wait_for(reader.read(), timeout=10) is not None
        assert reader.at_eof()
        writer.close()
    finally:
        await server.stop()


async def test_a_session_idle_in_the_lobby_is_closed_with_a_message(tmp_path):
    server, port = await start_server(tmp_path, lobby_idle_seconds=0.5)
    try:
        idle = await connect(port, "idle")
        await asyncio.wait_for(idle.closed.wait(), timeout=10)
        assert "idle in the lobby" in idle.plain_history()
    finally:
        await server.stop()


async def test_input_is_read_no_faster_than_the_rate_allows(monkeypatch):
    slept = []

    async def fake_sleep(seconds):
        slept.append(seconds)

    now = [100.0]
    monkeypatch.setattr("net.limits.time.monotonic", lambda: now[0])
    monkeypatch.setattr("net.limits.asyncio.sleep", fake_sleep)
    bucket = TokenBucket(rate=1000, burst=2000)
    await bucket.take(2000)  # the burst is free
    assert slept == []
    await bucket.take(500)  # 500 over, at 1000 a second: half a second's wait
    assert slept == [pytest.approx(0.5)]


@pytest.mark.long
async def test_a_client_that_stops_reading_is_dropped_and_memory_stays_bounded(tmp_path):
    server, port = await start_server(
        tmp_path, max_output_backlog=16_000, stalled_client_seconds=1.0, chat_burst=200
    )
    try:
        conn = await plain_connection(port, "slow")
        chan, session = await conn.create_session(
            asyncssh.SSHClientSession,
            term_type="xterm",
            term_size=(120, 40),
            encoding=None,
            window=4096,
        )  # a tiny window, and nobody reading it
        chan.pause_reading()
        busy = await connect(port, "busy")
        await busy.wait_for("You are busy")
        await until(lambda: any(s.name == "slow" for s in server.sessions))
        slow = next(s for s in server.sessions if s.name == "slow")
        peak = await backlog_peak(server, busy, "busy", slow.channel)  # "slow" cannot send
        assert 16_000 < peak < 16_000 + 64_000  # it stalled; at most the limit and one frame
        await until(lambda: slow not in server.sessions, timeout=10)  # disconnected
        assert "busy" in [s.name for s in server.sessions]
        await busy.close()
        conn.close()
    finally:
        await server.stop()


async def test_one_broken_session_ends_alone(served, monkeypatch, caplog):
    server, port = served
    from net.screens import lobby

    real = lobby.LobbyScreen.action_new_table

    def explode(self):
        if self.app.player == "crash":
            raise RuntimeError("a bug")
        return real(self)

    monkeypatch.setattr(lobby.LobbyScreen, "action_new_table", explode)
    ann = await connect(port, "ann")
    crash = await connect(port, "crash")
    await crash.wait_for("You are crash")
    await crash.press("n")
    await asyncio.wait_for(crash.closed.wait(), timeout=10)
    assert "Boomtown hit an error" in crash.plain_history()
    assert "SessionApp failed" in caplog.text and "RuntimeError: a bug" in caplog.text
    assert "locals" not in caplog.text  # a plain traceback: no variables' values in the log
    await ann.press("/", "fine", "\r")
    await ann.wait_for("ann: fine")
    assert [s.name for s in server.sessions] == ["ann"]
    await ann.close()


@pytest.mark.long
async def test_no_app_stays_alive_after_many_sessions(served):
    """Nor anything its screens drew (Textual kept the lines of the last 1024 widgets drawn)."""
    server, port = served
    alive = []
    for i in range(8):  # every app is tracked: whatever keeps one alive fails it at any count
        term = await connect(port, f"p{i}")
        await term.wait_for("You are")
        if i % 2:  # half of them at a table of their own, left while it goes on
            await table_with(server, [f"p{i}"], bots=1, game=("army", "stadium")[i % 4 // 2])
            await term.wait_for("round 1")
        alive.extend(weakref.ref(s.app) for s in server.sessions)
        await term.close()
        for _ in range(100):
            if not server.sessions:
                break
            await asyncio.sleep(0.01)
    for _ in range(100):  # what the server does once sessions have ended and tables are quiet
        server.collector.thaw()
        if all(ref() is None for ref in alive):
            break
        await asyncio.sleep(0.01)
    assert not server.sessions
    assert [ref for ref in alive if ref() is not None] == []
    gc.unfreeze()
    assert not [o for o in gc.get_objects() if isinstance(o, SessionApp)]
    drawn_for = {id(w._styles_cache) for w in gc.get_objects() if isinstance(w, Widget)}
    kept = [o for o in gc.get_objects() if isinstance(o, StylesCache) and id(o) not in drawn_for]
    assert kept == []  # no lines drawn by a widget that is gone


async def test_leaving_blanks_the_screen_before_giving_the_terminal_back(served):
    """A terminal that grew while in the app (tmux) would otherwise keep rows of the last frame."""
    _, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    await ann.press("q")
    await asyncio.wait_for(ann.closed.wait(), 10)
    received = bytes(ann.received)
    leave = received.rfind(b"\x1b[?1049l")
    assert leave > 0 and received.rfind(b"\x1b[H\x1b[2J", 0, leave) > received.rfind(b"You are")


async def test_a_person_making_table_after_table_is_told_no_and_others_are_not_flooded(tmp_path):
    # Her keys are not held to her share of the loop here (loop_share's tests hold them): three
    # new-table dialogs cost a loaded machine 2.4 s of it, and her last key waited 7 s or more.
    server, port = await start_server(tmp_path, tables_per_person=2, loop_burst_seconds=60.0)
    try:
        eve, ann = await connect(port, "eve"), await connect(port, "ann")
        await eve.wait_for("You are eve")
        for made in (1, 2):
            await eve.press("n")
            await eve.wait_for("A new table")
            await eve.press("c")
            await until(lambda made=made: len(server.host.tables) == made)
            await until(lambda: "A new table" not in eve.text())  # the dialog gone, not going
        await eve.press("n")
        await eve.wait_for("A new table")
        await eve.press("c")
        await eve.wait_for("You have made 2 tables waiting to start")
        assert len(server.host.tables) == 2
        await until(lambda: ann.text().count("eve, (open), (open), (open)") == 2)
        await eve.press("u")  # eve stands up from the table selected: it closes
        await until(lambda: len(server.host.tables) == 1)
        await until(lambda: ann.text().count("eve, (open), (open), (open)") == 1)
        await eve.close()
        await ann.close()
    finally:
        await server.stop()


async def test_a_server_that_stops_closes_the_connections_still_logging_in(tmp_path):
    server, port = await start_server(tmp_path, silent_seconds=600.0)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await until(lambda: server.pending.total == 1)
    await server.stop()
    said = await asyncio.wait_for(reader.read(), 5)  # to its end: the server closed it
    assert said.startswith(b"SSH-2.0-") and server.pending.total == 0
    writer.close()
