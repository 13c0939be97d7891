"""A host moves a server's data from SQLite into PostgreSQL with one command, and the server on
PostgreSQL goes on where the old one stopped: names, games under way, past games, bans, chat and
the host key."""

import asyncio

import pytest

from boomtown import cli
from net.hosting.host import Host
from net.limits import Limits
from net.store.storage import Storage
from net.transport.server import host_key, shared_host_key

from .harness import peek, play_until


@pytest.fixture
async def old_server(tmp_path):
    """A data directory as an SQLite server leaves it: a game under way, a game over, a name
    with its key, a ban, chat and settings."""
    data = tmp_path / "server"
    data.mkdir()
    key = host_key(data)
    host = Host(Storage(data / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))
    peek(host.storage).claim("ann", "SHA256:ann")
    peek(host.storage).remember("ann", "turn_bell", "off")
    under_way = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=5)
    await host.sit(under_way.id, "ben")
    await host.start(under_way.id, "ann")
    play_until(host, under_way, lambda state: state.version >= 12)
    over = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=6)
    await host.sit(over.id, "ben")
    await host.start(over.id, "ann")
    play_until(host, over, lambda state: state.is_over())
    await host.chat(None, "ann", "see you on the new server")
    peek(host.storage).ban("eve", "spam")
    host.storage.close()
    return data, key, under_way.id, under_way.match.state.version, over.id


async def test_everything_moves_and_the_server_goes_on_from_there(old_server, postgres):
    data, key, under_way, version, over = old_server
    database = postgres.database()
    assert cli.main(["migrate", "--from", str(data), "--to", database]) == 0
    storage = Storage(database)
    try:
        host = Host(storage, Limits(bot_pace_seconds=3600))
        assert host.tables[under_way].match.state.version == version  # replayed to the move
        assert [game.id for game in peek(storage).finished(10)] == [over]
        assert peek(storage).record_of("ann")[1] == 1
        assert peek(storage).key_of("ann") == "SHA256:ann"
        assert not peek(storage).claim("Ann", "SHA256:x")
        assert peek(storage).setting("ann", "turn_bell") == "off"
        assert [ban.name for ban in peek(storage).bans()] == ["eve"]
        assert [line.text for line in host.lobby_chat.lines] == ["ann: see you on the new server"]
        kept = await asyncio.to_thread(shared_host_key, storage)  # as the server starting does
        assert kept.get_fingerprint() == key.get_fingerprint()
        newer = await host.create_table("ben", "army", {}, players=2, bots=1)
        assert newer.id > max(under_way, over)  # numbers are never given twice
    finally:
        storage.close()


def test_a_database_in_use_is_not_written_to(old_server, postgres, capsys):
    data, *_ = old_server
    database = postgres.database()
    in_use = Storage(database)
    in_use.claim("zed", "SHA256:zed")
    in_use.close()
    with pytest.raises(SystemExit) as refused:
        cli.main(["migrate", "--from", str(data), "--to", database])
    assert refused.value.code == 2
    assert "nothing was moved: the database already keeps users" in capsys.readouterr().err
    storage = Storage(database)
    try:
        assert storage.open_tables() == [] and storage.key_of("ann") is None
    finally:
        storage.close()


def test_the_hosts_commands_work_on_postgresql(postgres, capsys):
    database = postgres.database()
    Storage(database).close()  # a server made it
    assert cli.main(["ban", "--db", database, "eve", "--reason", "spam"]) == 0
    assert cli.main(["ban", "--db", database, "--list"]) == 0
    assert cli.main(["tables", "--db", database]) == 0
    printed = capsys.readouterr().out
    assert "Banned eve" in printed and "\neve  (guest)" in printed
