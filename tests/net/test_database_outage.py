"""PostgreSQL restarting under a running server: moves are refused with a clear message while
it is away, nothing is half-saved, and play goes on by itself once it is back."""

from core.games.bigshot import actions as A
from net.hosting.host import Host
from net.hosting.requests import CANNOT_SAVE_MOVE
from net.limits import Limits
from net.store.storage import Storage

from .harness import ann_and_ben_at, peek, start_server, until


async def test_a_move_made_while_the_database_is_away_is_refused_then_play_resumes(own_postgres):
    storage = Storage(own_postgres.database())
    try:
        host = Host(storage, Limits(bot_pace_seconds=3600, save_retry_seconds=3600))
        table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
        await host.sit(table.id, "ben")
        await host.start(table.id, "ann")
        version = table.match.state.version
        own_postgres.pause()
        assert await host.act(table.id, table.seats[table.actor()].name, A.ROLL) == CANNOT_SAVE_MOVE
        assert table.match.state.version == version and table.running.unsaved  # the table says so
        own_postgres.resume()
        await host.act(table.id, table.seats[table.actor()].name, A.ROLL)
        assert table.match.state.version == version + 1 and not table.running.unsaved
        assert len(peek(storage).table(table.id).actions) == 1
    finally:
        storage.close()


async def test_people_keep_their_screens_while_the_database_is_away(own_postgres, tmp_path):
    server, port = await start_server(tmp_path, database=own_postgres.database())
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "bigshot", lambda state: True)
        people = {"ann": ann, "ben": ben}
        name = table.seats[table.actor()].name
        await people[name].wait_for(f"{name} (you) to")
        own_postgres.pause()
        moves = len(table.match.record.actions)
        await people[name].press("r" if table.match.state.phase == "roll" else "p")
        await people[name].wait_for("the server cannot save")
        await people[name].press("t")
        await people[name].wait_for("Say to the table")
        await people[name].press("anyone there?", "\r")
        await people[name].wait_for("cannot save just now")
        assert len(table.match.record.actions) == moves
        assert not ann.closed.is_set() and not ben.closed.is_set()  # nobody is sent away
        own_postgres.resume()
        await people[name].press("r" if table.match.state.phase == "roll" else "p")
        await until(lambda: len(table.match.record.actions) == moves + 1)
        await (ben if name == "ann" else ann).wait_for("Saving works again.")
        for person in (ann, ben):
            await person.close()
    finally:
        await server.stop()
