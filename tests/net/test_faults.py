"""Faults at the host: a full disk, a bot's mistake, a shutdown, a restart. Nothing stalls or is
lost that anyone was shown."""

from core.games.bigshot import actions as A

from .harness import start_server, table_with, until


async def test_stopping_the_server_stops_every_bot_before_the_storage_closes(tmp_path):
    server, _ = await start_server(tmp_path, bot_pace_seconds=0.05)
    table = table_with(server, ["ann"], bots=3)
    assert table.timer is not None  # a bot or the idle clock is due
    await server.stop()
    assert all(t.timer is None for t in server.host.tables.values())
    server.host._schedule(table)  # whatever asks, nothing is scheduled once stopped
    assert table.timer is None


async def test_a_bot_that_chooses_an_illegal_action_plays_a_legal_one_instead(tmp_path, caplog):
    server, _ = await start_server(tmp_path, bot_pace_seconds=100.0)  # bots move when told
    try:
        table = table_with(server, ["ann"], bots=3)
        host = server.host
        while table.actor() == 0:
            host.act(table.id, "ann", table.match.state.legal_actions(0)[0])
        seat = table.actor()

        class Broken:
            def choose(self, view, legal):
                return A.Bid(10_000)  # never legal

        table.stand_ins[seat] = Broken()
        before = len(table.match.record.actions)
        host._bot_move(table, seat, table.match.state.version)
        assert len(table.match.record.actions) == before + 1  # the table moved on
        assert "chose an illegal action" in caplog.text
    finally:
        await server.stop()


async def test_a_closed_spectator_still_ends_the_shared_screen_when_it_leaves(tmp_path):
    server, _ = await start_server(tmp_path)
    try:
        table = table_with(server, ["ann"], bots=3)
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
