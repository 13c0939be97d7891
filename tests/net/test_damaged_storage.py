"""A damaged database: a table that does not read is set aside and the rest start; a login the
names cannot be read for is told so; the host lists and closes tables from the command line."""

import contextlib
import io
import logging

import asyncssh
import pytest

from boomtown import cli
from net.hosting.host import Host
from net.limits import Limits
from net.store.storage import Storage
from net.transport.server import BoomtownServer

from .harness import connect, key_for, peek, play_until, start_server, table_with, until


def said(argv: list[str]) -> str:
    """What `boomtown ARGV` prints (it must succeed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(argv) == 0
    return out.getvalue()


async def playing_tables(path, count: int) -> list[int]:
    host = Host(Storage(path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))
    ids = []
    for seed in range(count):
        table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=seed)
        await host.sit(table.id, "ben")
        await host.start(table.id, "ann")
        play_until(host, table, lambda state: state.round == 3)
        ids.append(table.id)
    host.stop()
    host.storage.close()
    return ids


async def test_a_table_that_does_not_read_is_set_aside_and_the_others_start(tmp_path, caplog):
    sound, bad_move, bad_json, unknown_game, unknown_bot = await playing_tables(tmp_path, 5)
    storage = Storage(tmp_path / "boomtown.sqlite3")
    db = storage.db
    db.execute(
        'UPDATE actions SET action = \'{"type": "Nonsense"}\' WHERE table_id = ? AND n = 2',
        (bad_move,),
    )
    db.execute("UPDATE actions SET action = 'not json' WHERE table_id = ? AND n = 1", (bad_json,))
    db.execute("UPDATE tables SET game = 'chess' WHERE id = ?", (unknown_game,))
    seats = '[{"name": "ann", "kind": "human"}, {"name": "Ada", "kind": "bot"}]'
    db.execute("UPDATE tables SET seats = ? WHERE id = ?", (seats, unknown_bot))
    storage.close()
    caplog.set_level(logging.ERROR, logger="boomtown.net")
    server = BoomtownServer(tmp_path)  # starts
    try:
        assert list(server.host.tables) == [sound]
        for damaged in (bad_move, bad_json, unknown_game, unknown_bot):
            assert f"table {damaged} cannot be read, and is set aside" in caplog.text
    finally:
        server.storage.close()
    listed = said(["tables", "--list", "--data", str(tmp_path)]).splitlines()
    assert [line.split("  ")[:3] for line in listed] == [
        [str(sound), "bigshot", "playing"],
        [str(bad_move), "bigshot", "damaged"],
        [str(bad_json), "bigshot", "damaged"],
        [str(unknown_game), "chess", "damaged"],
        [str(unknown_bot), "bigshot", "damaged"],
    ]
    assert "has no bots of the kind 'bot'" in listed[4]
    assert "set aside: " in listed[2] and "ann, ben" in listed[0]
    again = BoomtownServer(tmp_path)  # a table set aside is not read again
    assert list(again.host.tables) == [sound]
    again.storage.close()


async def test_a_login_the_names_cannot_be_read_for_is_told_why_and_logged(tmp_path, caplog):
    storage = Storage(tmp_path / "boomtown.sqlite3")
    for i in range(300):  # enough names for the index to have a page of its own
        storage.claim(f"name{i}", f"key{i}")
    storage.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = storage.db.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'users_by_skeleton'"
    ).fetchone()[0]
    page = storage.db.execute("PRAGMA page_size").fetchone()[0]
    storage.close()
    with open(tmp_path / "boomtown.sqlite3", "r+b") as database:  # a damaged page
        database.seek((root - 1) * page)
        database.write(b"\xff" * page)
    caplog.set_level(logging.ERROR, logger="boomtown.net")
    server, port = await start_server(tmp_path)
    banners = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                port,
                username="zoe",
                known_hosts=None,
                agent_path=None,
                client_keys=[key_for("zoe")],
                client_factory=Client,
            )
        assert banners == ["The server cannot log you in just now; please try again later.\r\n"]
        assert "the names cannot be read (database disk image is malformed)" in caplog.text
    finally:
        await server.stop()


async def test_the_host_closes_a_running_table_from_the_command_line(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        table = await table_with(server, ["ann"], bots=1, game="bigshot", seed=3)
        waiting = await server.host.create_table("ann", "army", {}, players=2, bots=0)
        ann = await connect(port, "ann")
        await ann.wait_for("Ledger")
        cat = await connect(port, "cat")
        await cat.wait_for("You are cat")
        await cat.press("w")
        await cat.wait_for("watching")
        assert f"{table.id}  bigshot  playing  host ann" in said(
            ["tables", "--data", str(tmp_path)]
        )
        assert "Closed table" in said(["tables", "--close", str(table.id), "--data", str(tmp_path)])
        await ann.wait_for("The server's host closed that table.")
        await cat.wait_for("The server's host closed this table")  # on the shared screen
        await ann.wait_for("Lobby")
        assert table.id not in server.host.tables and table.running.timer is None
        said(["tables", "--close", str(waiting.id), "--data", str(tmp_path)])
        await until(lambda: waiting.id not in server.host.tables)
        assert said(["tables", "--data", str(tmp_path)]).startswith("No table is waiting")
        with pytest.raises(SystemExit):
            cli.main(["tables", "--close", str(table.id), "--data", str(tmp_path)])
        await ann.close()
        await cat.close()
    finally:
        await server.stop()


@pytest.mark.parametrize("kept", ["not json", '{"rounds": [1]}', "[1, 2]"])
async def test_a_damaged_analysis_is_dropped_and_the_game_is_still_replayed(tmp_path, kept):
    host = Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    play_until(host, table, lambda state: state.is_over())
    await until(lambda: peek(host.storage).table(table.id).analysis is not None)  # worked out
    damage = "UPDATE analyses SET analysis = ? WHERE table_id = ?"
    host.storage.queue(lambda: host.storage.db.execute(damage, (kept, table.id))).result()
    host.tables.clear()  # the finished game is read from the database again
    replay, seats = await host.past.replay(table.id)
    assert (
        replay.finished
        and replay.record.analysis is None
        and [s.name for s in seats]
        == [
            "ann",
            "ben",
        ]
    )
    host.stop()
