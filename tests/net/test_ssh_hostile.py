"""A public server shrugs off what hostile people send: markup in names and chat, floods, sizes."""

import asyncio

import pytest

from net.transport.driver import SSHDriver

from .harness import (
    ann_and_ben_at,
    connect,
    no_move_saving,
    play_until,
    session_of,
    settled_in_lobby,
    start_server,
    until,
)

# Each would restyle or break a screen if it were read as markup, a link or an emoji. (An escape
# byte cannot be in an SSH user name; chat carries one, and it is stripped.)
EVIL = ["[/]x", "[bold]b", "[link=x]y", "[31mred", ":smile:"]


@pytest.fixture
async def idle_players_played_by_bots(tmp_path):
    server, port = await start_server(tmp_path, afk_seconds=0.05)
    yield server, port
    await server.stop()


async def test_markup_in_names_and_chat_is_shown_as_typed_everywhere(idle_players_played_by_bots):
    server, port = idle_players_played_by_bots
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    evil = [await connect(port, name) for name in EVIL]
    for name in EVIL:
        await ann.wait_for(name)  # the lobby's list of who is online
    host = server.host
    table = await host.create_table(EVIL[0], "bigshot", {}, players=4, bots=0, seed=5)
    for name in EVIL[1:4]:
        await host.sit(table.id, name)
    await ann.wait_for(f"{EVIL[0]}, {EVIL[1]}, {EVIL[2]}, {EVIL[3]}")  # the seats column
    await ann.press("g")  # only the table's host may start it: the refusal names them
    await ann.wait_for(f"Only {EVIL[0]}, who hosts table {table.id}")
    await host.chat(None, EVIL[4], "[/]lobby \x1b[31m[b]chat[/b] :smile:")
    await ann.wait_for(f"{EVIL[4]}: [/]lobby [31m[b]chat[/b] :smile:")
    await host.start(table.id, EVIL[0])
    await host.chat(table.id, EVIL[1], "[/]table [reverse]chat :smile:")
    seated = evil[:4]
    for person in seated:
        await person.wait_for("[/]table [reverse]chat :smile:")  # the log
    await ann.press("w")
    await ann.wait_for("watching")
    await no_move_saving(table)  # the host's bots play for the idle
    play_until(server.host, table, lambda state: state.round == 18)  # the last round, at once
    await until(lambda: table.match.state.is_over(), timeout=60)  # bots play for the idle
    for person in [ann, *seated]:
        await person.wait_for("Game over")
    for person in [ann, *evil]:
        assert not person.closed.is_set()
    shown = ann.text()
    for name in EVIL[:4]:
        assert name in shown  # the end screen's balance sheets
    for person in [ann, *evil]:
        await person.close()


async def test_a_flood_of_chat_lines_is_held_back_for_its_sender_only(tmp_path):
    # one line a minute after the burst: typing eight lines on a busy machine once took long
    # enough (3 s at the default 20 a minute) for a sixth to be allowed
    server, port = await start_server(tmp_path, chat_per_minute=1)
    try:
        ann, ben = await connect(port, "ann"), await connect(port, "ben")
        await ann.wait_for("You are ann")
        await until(lambda: settled_in_lobby(session_of(server, "ann")))
        await ann.press(*("/spam\r" * 8))
        await ann.wait_for("too fast")
        said = [line.text for line in server.host.lobby_chat.lines]
        assert said.count("ann: spam") == 5  # the burst; the rest refused
        await server.host.chat(None, "ben", "still here")
        await ann.wait_for("ben: still here")
        await ben.wait_for("ben: still here")
        for person in (ann, ben):
            await person.close()
    finally:
        await server.stop()


async def test_chat_typed_in_one_burst_with_its_slash_goes_to_the_chat_line(tmp_path):
    """Keys that arrive in one write with the / that opens the lobby's chat went where the
    focus was before the / moved it ("s" sat down, and "ann: pam" was said; issue 43's point
    29 again): each key is now given once the one before has been dealt with."""
    server, port = await start_server(tmp_path)
    try:
        ann = await connect(port, "ann")
        await until(lambda: settled_in_lobby(session_of(server, "ann")))
        table = await server.host.create_table("ben", "army", {}, players=2, bots=0)
        await ann.press("/sit\r/spam\r")  # one write
        await until(lambda: len(server.host.lobby_chat.lines) == 2)
        assert [line.text for line in server.host.lobby_chat.lines] == ["ann: sit", "ann: spam"]
        assert table.seat_of("ann") is None  # the s of "sit" did not sit her down
        await ann.close()
    finally:
        await server.stop()


async def test_table_chat_typed_in_one_burst_with_the_key_that_opens_it_is_said_whole(tmp_path):
    """The t that opens the chat prompt at a table, and the line after it, in one write: the
    prompt (a new screen, focused once mounted) gets every key of the line."""
    server, port = await start_server(tmp_path)
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "army", lambda state: True)
        await ann.press("tHello there\r")  # one write

        def said() -> list[str]:
            return [line.text for line in table.chat.lines if line.text.startswith("ann")]

        await until(said)
        assert said() == ["ann: Hello there"]
        await ann.close()
        await ben.close()
    finally:
        await server.stop()


async def test_a_status_line_with_a_hostile_name_is_drawn_as_typed(tmp_path):
    server, port = await start_server(tmp_path)
    evil = await connect(port, "[reverse]E")
    await evil.wait_for("You are [reverse]E")
    table = await server.host.create_table("[reverse]E", "bigshot", {}, players=4, bots=3, seed=3)
    await server.host.start(table.id, "[reverse]E")
    await evil.wait_for("[reverse]E (you)")
    await evil.close()
    await server.stop()


async def test_a_session_ends_as_soon_as_its_flooding_client_drops(tmp_path):
    """Its input unread is dropped with it: at the input rate, the flood below would take eight
    minutes to read (so the wait for the session's end, 20 s at most, fails if it is read)."""
    server, port = await start_server(tmp_path, connections_per_ip=2)
    flood = 500_000
    try:
        for _ in range(3):  # more cycles than the address may hold connections at once
            eve = await connect(port, "eve")
            await eve.wait_for("You are eve")
            channel = session_of(server, "eve").channel
            eve.process.stdin.write(b"x" * flood)  # far more than the input rate reads
            await until(lambda channel=channel: channel.bytes_read > 0)  # being read, slowly
            eve.conn.abort()
            await until(lambda: not server.sessions and "eve" not in server.host.online())
            assert channel.bytes_read < flood / 10  # most of it never read
            assert server.connections.total == 0 and not server.host.listeners
    finally:
        await server.stop()


async def test_a_huge_window_is_drawn_no_larger_than_the_host_allows(tmp_path):
    server, port = await start_server(tmp_path, max_width=200, max_height=60)
    try:
        eve = await connect(port, "eve", width=1000, height=1000)
        # the server's state, not eve's screen: reading a 1000 x 1000 screen again and again
        # outlasted the wait on a busy machine
        await until(lambda: server.sessions and settled_in_lobby(next(iter(server.sessions))))
        app = next(iter(server.sessions)).app
        assert tuple(app.size) == (200, 60)
        eve.process.change_terminal_size(5000, 5000)
        eve.process.change_terminal_size(150, 50)
        await until(lambda: tuple(app.size) == (150, 50))
        eve.process.change_terminal_size(5000, 3000)
        await until(lambda: tuple(app.size) == (200, 60))
        assert max(len(line) for line in eve.received.split(b"\n")) < 200 * 60 * 40
        await eve.close()
    finally:
        await server.stop()


async def test_window_changes_are_applied_at_most_twice_a_second(tmp_path, monkeypatch):
    server, port = await start_server(tmp_path, resize_interval_seconds=0.5)
    applied = []
    real = SSHDriver._send_resize
    monkeypatch.setattr(SSHDriver, "_send_resize", lambda self: (applied.append(1), real(self)))
    try:
        eve = await connect(port, "eve")
        await eve.wait_for("You are eve")
        app = next(iter(server.sessions)).app
        loop = asyncio.get_running_loop()
        began = loop.time()
        for i in range(40):  # a window change every 50 ms for 2 s, each one settling
            eve.process.change_terminal_size(100 + i % 2, 30)
            await asyncio.sleep(0.05)
        took = loop.time() - began
        await until(lambda: tuple(app.size) == (101, 30))
        assert len(applied) <= took / 0.5 + 2
        await eve.close()
    finally:
        await server.stop()


async def test_no_command_over_ssh_writes_the_servers_files(tmp_path, monkeypatch):
    server, port = await start_server(tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path))
    before = sorted(tmp_path.rglob("*"))
    try:
        eve = await connect(port, "eve")
        await eve.wait_for("You are eve")
        app = next(iter(server.sessions)).app
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Quit" in titles and "Screenshot" not in titles
        await eve.press("\x10")  # Ctrl+P: the palette lists no screenshot either
        await eve.press("scr")
        await eve.wait_for("scr")
        assert "Screenshot" not in eve.text()
        app.action_screenshot()
        assert app.deliver_screenshot() is None
        await eve.wait_for("not available over SSH")
        await eve.close()
        assert sorted(p for p in tmp_path.rglob("*") if "data" not in p.parts) == [
            p for p in before if "data" not in p.parts
        ]
    finally:
        await server.stop()


async def test_pasted_bidi_and_c1_characters_never_echo_to_the_senders_terminal(tmp_path):
    """The chat box shows back what is typed: a right-to-left override or a C1 control pasted
    there would reorder or drive the sender's own terminal."""
    server, port = await start_server(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("/")
        (session,) = server.sessions
        await until(lambda: getattr(session.app.focused, "id", None) == "say")
        pasted = "hello\u202eevil\u2066x\u0085\u009b"
        ann.process.stdin.write(f"\x1b[200~{pasted}\x1b[201~".encode())
        await until(lambda: session.app.focused.value == "helloevilx")
        await ann.press("\r")
        await ann.wait_for("ann: helloevilx")
        for bad in ("\u202e", "\u2066", "\u0085", "\u009b"):
            assert bad.encode() not in bytes(ann.received)
        await ann.close()
    finally:
        await server.stop()
