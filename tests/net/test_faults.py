"""Faults at the host: a full disk, a bot's mistake, a shutdown, a restart. Nothing stalls or is
lost that anyone was shown."""

import asyncio
import threading

import pytest

from boomtown import cli
from core.games import get_spec
from core.games.bigshot import actions as A
from net.hosting.host import Host
from net.hosting.tables import HostError
from net.limits import Limits
from net.store.storage import Storage, StorageError

from .harness import connect, play_until, start_server, table_with, turn_the_bell, until


async def test_stopping_the_server_stops_every_bot_before_the_storage_closes(tmp_path):
    server, _ = await start_server(tmp_path, bot_pace_seconds=0.05)
    table = await table_with(server, ["ann"], bots=3)
    assert table.running.timer is not None  # a bot or the idle clock is due
    await server.stop()
    assert all(t.running.timer is None for t in server.host.tables.values())
    server.host._schedule(table)  # whatever asks, nothing is scheduled once stopped
    assert table.running.timer is None


async def test_a_bot_that_chooses_an_illegal_action_plays_a_legal_one_instead(tmp_path, caplog):
    server, _ = await start_server(tmp_path, bot_pace_seconds=100.0)  # bots move when told
    try:
        table = await table_with(server, ["ann"], bots=3)
        host = server.host
        while table.actor() == 0:
            await host.act(table.id, "ann", table.match.state.legal_actions(0)[0])
        seat = table.actor()

        class Broken:
            def choose(self, view, legal):
                return A.Bid(10_000)  # never legal

        table.running.stand_ins[seat] = Broken()
        before = len(table.match.record.actions)
        host._bot_move(table, seat, table.match.state.version)
        await table.running.timer  # the bot's thinking, off the event loop
        assert len(table.match.record.actions) == before + 1  # the table moved on
        assert "chose an illegal action" in caplog.text
    finally:
        await server.stop()


async def test_a_closed_spectator_still_ends_the_shared_screen_when_it_leaves(tmp_path):
    server, _ = await start_server(tmp_path)
    try:
        table = await table_with(server, ["ann"], bots=3)
        broadcasts = server.broadcasts

        class Viewer:  # a spectator's channel whose connection has just gone
            size, closed, sent = (100, 30), False, []

            def send(self, data):
                self.sent.append(data)

            def backlog(self):
                return 0

        viewer = Viewer()
        broadcasts.attach(table.id, viewer)
        _, audience = broadcasts.shows[(table.id, (100, 30))]
        viewer.closed = True
        audience.send(b"a frame")  # a frame drawn after the connection went
        broadcasts.detach(table.id, viewer)
        assert broadcasts.shows == {}  # nobody watches: the shared app is told to end
        await until(lambda: not broadcasts._running)  # and it has
    finally:
        await server.stop()


def full_disk(*_args, **_kwargs):
    full_disk.tries += 1
    raise StorageError("database or disk is full")


full_disk.tries = 0


async def test_a_bot_move_that_cannot_be_saved_waits_and_is_made_once_saving_works(
    tmp_path, monkeypatch
):
    server, port = await start_server(tmp_path, bot_pace_seconds=0.0, save_retry_seconds=0.05)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        table = await table_with(server, ["ann"], bots=3, seed=2)  # a bot rolls first
        assert table.seats[table.actor()].is_bot
        storage = server.host.storage
        real = storage.add_action
        full_disk.tries = 0
        monkeypatch.setattr(storage, "add_action", full_disk)
        await ann.wait_for("the server cannot save")
        moves = len(table.match.record.actions)
        await until(lambda: full_disk.tries >= 3)  # tried again, none of them saved
        assert len(table.match.record.actions) == moves
        monkeypatch.setattr(storage, "add_action", real)  # space is freed
        await until(lambda: len(table.match.record.actions) > moves)
        await ann.wait_for("Saving works again.")
        await ann.close()
    finally:
        await server.stop()
    again, _ = await start_server(tmp_path)  # nothing that was shown is lost
    try:
        reloaded = again.host.tables[table.id].match
        assert reloaded.record.actions == table.match.record.actions
    finally:
        await again.stop()


async def test_a_hung_disk_holds_up_only_the_tables_that_write_and_their_moves_land_after(tmp_path):
    """A disk that stops answering (fsfreeze) once stalled the event loop in a move's commit
    for seconds, and every session with it. Queries wait in the disk's own thread: a
    bystander is answered at once, the table waits (a move is refused, said why) and goes on
    once the disk answers, with nothing lost."""
    server, port = await start_server(tmp_path, bot_pace_seconds=0.0)
    try:
        ann, ben = await connect(port, "ann"), await connect(port, "ben")
        await ben.wait_for("You are ben")
        table = await table_with(server, ["ann"], bots=3, seed=5)
        await until(lambda: table.actor() == 0)
        await ann.wait_for("ann (you)")
        disk = threading.Event()
        server.storage._disk.submit(disk.wait)  # the disk hangs
        version, moves = table.match.state.version, len(table.match.record.actions)
        await ann.press("p" if table.match.state.phase == "bid" else "r")
        await until(lambda: table.running.saving is not None)  # her move waits for the disk
        await ann.wait_for("saving the last move: the disk is slow")
        await ann.press("p" if table.match.state.phase == "bid" else "r")
        await ann.wait_for("still saving the last move", within="Auction")
        started = asyncio.get_running_loop().time()
        await ben.press("?")  # the lobby's help, elsewhere: answered as ever
        await ben.wait_for("Keys for the table")
        assert asyncio.get_running_loop().time() - started < 2.0
        assert table.match.state.version == version  # nothing shown that is not saved
        disk.set()  # the disk answers
        await until(lambda: table.match.state.version != version)
        await until(lambda: len(table.match.record.actions) > moves + 3)  # bots play on
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
    again, _ = await start_server(tmp_path)
    try:
        stored = again.host.tables[table.id].match.record.actions
        assert stored == table.match.record.actions[: len(stored)]
        assert len(stored) > moves
    finally:
        await again.stop()


async def test_a_persons_move_on_a_full_disk_is_refused_with_a_message_and_nothing_changes(
    tmp_path, monkeypatch
):
    server, port = await start_server(tmp_path, bot_pace_seconds=0.0)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        table = await table_with(server, ["ann"], bots=3, seed=5)
        await until(lambda: table.actor() == 0)
        await ann.wait_for("ann (you)")
        monkeypatch.setattr(server.host.storage, "add_action", full_disk)
        version = table.match.state.version
        await ann.press("p" if table.match.state.phase == "bid" else "r")
        await ann.wait_for("The server cannot save: the move was not made.", within="Auction")
        assert table.match.state.version == version
        assert not ann.closed.is_set()
        monkeypatch.undo()
        await ann.press("p" if table.match.state.phase == "bid" else "r")
        await until(lambda: table.match.state.version != version)
        await ann.close()
    finally:
        await server.stop()


async def test_lobby_requests_that_cannot_be_saved_change_nothing(tmp_path, monkeypatch):
    server, _ = await start_server(tmp_path)
    try:
        host = server.host
        table = await host.create_table("ann", "bigshot", {}, players=4, bots=0)
        monkeypatch.setattr(host.storage, "update_table", full_disk)
        monkeypatch.setattr(host.storage, "create_table", full_disk)
        for request in (
            lambda: host.sit(table.id, "ben"),
            lambda: host.fill_with_bots(table.id, "ann"),
            lambda: host.create_table("ann", "bigshot", {}, 4, 0),
        ):
            with pytest.raises(HostError, match="cannot save"):
                await request()
        assert [s.kind for s in table.seats] == ["human", "open", "open", "open"]
        assert list(host.tables) == [table.id]
    finally:
        await server.stop()


async def test_a_person_comes_in_when_where_they_came_from_cannot_be_noted(tmp_path, monkeypatch):
    server, port = await start_server(tmp_path)
    try:
        monkeypatch.setattr(server.host.storage, "visited", full_disk)
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")  # in the lobby, the visit unsaved
        assert "ann" in server.host.online()
        await ann.close()
    finally:
        await server.stop()


async def test_a_bell_chosen_when_settings_cannot_be_saved_is_kept_for_the_session_and_said(
    tmp_path, monkeypatch
):
    server, port = await start_server(tmp_path)
    try:
        await table_with(server, ["ann"], bots=3)
        ann = await connect(port, "ann")
        await ann.wait_for("Ledger")
        monkeypatch.setattr(server.host.storage, "remember", full_disk)
        await turn_the_bell(ann)
        await ann.wait_for("The server cannot save settings just now")
        assert next(s for s in server.sessions if s.name == "ann").app.turn_bell is False
        await ann.close()
    finally:
        await server.stop()


async def test_a_game_whose_end_could_not_be_saved_is_a_past_game_after_a_restart(
    tmp_path, monkeypatch
):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600))
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    monkeypatch.setattr(host.storage, "end_table", full_disk)
    play_until(host, table, lambda state: state.is_over())
    assert await host.past.games() == []  # the moves were saved; that it ended was not
    monkeypatch.setattr(host.storage, "finished", full_disk)
    with pytest.raises(HostError, match="cannot read its past games just now"):
        await host.past.games()
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert [past.id for past in await again.past.games()] == [table.id] and not again.tables
    again.stop()


def test_the_server_refuses_to_start_on_a_data_directory_it_cannot_write(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--data", str(blocker / "server"), "--port", "0"])
    assert exit_.value.code == 2
    assert "cannot use the data directory" in capsys.readouterr().err


async def test_a_bot_thinking_for_ever_never_blocks_other_sessions(tmp_path, monkeypatch):
    """Bots think in a worker thread: a bot that never answers holds up no one else, and its
    table plays a legal move for it once its time is up."""
    release = threading.Event()

    class Stuck:
        def __init__(self, seed):
            pass

        def choose(self, view, legal):
            release.wait(30)
            return legal[0]

    monkeypatch.setitem(get_spec("bigshot").bots, "stuck", Stuck)
    server, port = await start_server(tmp_path, bot_think_seconds=3.0)
    try:
        host = server.host
        stuck = await host.create_table("ann", "bigshot", {}, players=4, bots=3, bot_kind="stuck")
        await host.start(stuck.id, "ann")
        while stuck.actor() == 0:
            await host.act(stuck.id, "ann", stuck.match.state.legal_actions(0)[0])
        await until(lambda: isinstance(stuck.running.timer, asyncio.Task))  # the bot is thinking
        seat = stuck.actor()
        thinker = stuck.running.stand_ins[seat]
        ben = await connect(port, "ben")
        await ben.wait_for("You are ben")
        await ben.press("n")
        await ben.wait_for("A new table", timeout=2.0)  # the server answers meanwhile
        moves = len(stuck.match.record.actions)
        await until(lambda: len(stuck.match.record.actions) > moves, timeout=10)  # time up
        assert stuck.running.stand_ins.get(seat) is not thinker  # its thread is left to itself
        await ben.close()
    finally:
        release.set()
        await server.stop()
