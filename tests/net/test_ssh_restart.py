"""Killing the server with kill -9 and starting it again resumes every table where it was."""

import os
import re
import signal

import pytest

from .harness import connect, ended, serve_process, until


async def start(data_dir):
    return await serve_process(
        "--data", str(data_dir), "--bot-pace", "0.05", "--afk-seconds", "600"
    )


@pytest.mark.long
async def test_kill_9_and_restart_resumes_the_table_exactly(tmp_path):
    proc, port = await start(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("n")
        await ann.wait_for("A new table")
        await ann.press("c")
        await ann.wait_for("(open)")
        await ann.press("b")
        await ann.wait_for("[bot]")
        await ann.press("g")
        await ann.wait_for("Auction")
        # play a few of ann's turns by keys, bots in between
        for _ in range(3):
            await ann.wait_for("ann (you)", timeout=30)
            screen = ann.text()
            await ann.press("r" if "to roll" in screen else "p" if "to bid" in screen else "\r")
            await until(lambda shown=screen: ann.text() != shown)  # the move was taken
        await ann.wait_for("ann (you)", timeout=30)  # her turn: the game waits for her
        before = [line for line in ann.text().splitlines() if line.startswith("│ ")]
        status_before = ann.text().splitlines()[0]
        await ann.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        await ended(proc)
    proc, port = await start(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("Auction")  # straight back into her seat
        await ann.wait_for(status_before.strip())
        after = [line for line in ann.text().splitlines() if line.startswith("│ ")]
        board_before = [line[:75] for line in before[:20]]
        board_after = [line[:75] for line in after[:20]]
        assert board_after == board_before
        await ann.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        await ended(proc)
    assert os.path.exists(tmp_path / "boomtown.sqlite3")


async def test_every_frame_after_a_restart_is_drawn_from_the_seats_own_view(tmp_path, monkeypatch):
    """Hidden money, a server stopped mid-game and started again: every frame sent to ben as
    he comes back to his seat, and as the game goes on, shows ann's cash as hidden."""
    import pyte

    from net.transport.channel import Channel

    from .harness import play_until, start_server

    server, _ = await start_server(tmp_path)
    table = await server.host.create_table(
        "ann", "bigshot", {"hidden_money": True}, players=4, bots=0, seed=4
    )
    for name in ("ben", "cat", "dan"):
        await server.host.sit(table.id, name)
    await server.host.start(table.id, "ann")
    play_until(server.host, table, lambda state: state.round == 3)
    await server.stop()

    frames: list[tuple[Channel, bytes]] = []
    send = Channel.send
    monkeypatch.setattr(
        Channel, "send", lambda channel, data: (frames.append((channel, data)), send(channel, data))
    )
    server, port = await start_server(tmp_path)  # the restart
    try:
        table = server.host.tables[table.id]
        ben = await connect(port, "ben")
        await ben.wait_for("Ledger")
        (bens_channel,) = [s.channel for s in server.sessions if s.name == "ben"]
        ann = await connect(port, "ann")
        await ann.wait_for("Ledger")
        play_until(server.host, table, lambda state: state.round == 5)  # frames as it goes on
        await ben.wait_for("Round 5")
        await ben.press("\x1b[5~", "\x1b[6~")
        await ann.close()
        await ben.close()
        state = table.match.state
        secret = {state.cash(colour) for colour in state.seat_colours[table.seat_of("ann")]}
    finally:
        await server.stop()
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    bens = [data for channel, data in frames if channel is bens_channel]
    assert len(bens) > 5
    for data in bens:  # frame by frame, as ben's terminal drew them
        stream.feed(data)
        shown = "\n".join(screen.display)
        for line in shown.splitlines():
            found = re.search(r"│ [RBYW] ann\s+([\d,]+|\?)\s", line)  # her Ledger row
            if found:
                assert found.group(1) == "?", line
    assert re.search(r"│ R ann\s+\?\s", shown) and secret


async def test_a_spectator_comes_back_to_the_table_they_watched_after_a_restart(tmp_path):
    """Issue 43: where people watch was kept only in memory, so after a restart a spectator
    came back to the lobby while the players came back to their seats."""
    from .harness import start_server, table_with

    server, port = await start_server(tmp_path, bot_pace_seconds=600.0)  # the table stays put
    try:
        table = await table_with(server, ["ann"], bots=1, game="army", seed=3)
        cat = await connect(port, "cat")
        await cat.wait_for("You are cat")
        await cat.press("w")
        await until(lambda: "cat" in table.running.watchers)
        await cat.close()
    finally:
        await server.stop()
    server, port = await start_server(tmp_path, bot_pace_seconds=600.0)  # the restart
    try:
        cat = await connect(port, "cat")
        await until(lambda: "cat" in server.host.tables[table.id].running.watchers)  # straight back
        await cat.wait_for("watching")
        await cat.close()
    finally:
        await server.stop()
