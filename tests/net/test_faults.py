"""Faults at the host: a full disk, a bot's mistake, a shutdown, a restart. Nothing stalls or is
lost that anyone was shown."""

from .harness import start_server, table_with


async def test_stopping_the_server_stops_every_bot_before_the_storage_closes(tmp_path):
    server, _ = await start_server(tmp_path, bot_pace_seconds=0.05)
    table = table_with(server, ["ann"], bots=3)
    assert table.timer is not None  # a bot or the idle clock is due
    await server.stop()
    assert all(t.timer is None for t in server.host.tables.values())
    server.host._schedule(table)  # whatever asks, nothing is scheduled once stopped
    assert table.timer is None
