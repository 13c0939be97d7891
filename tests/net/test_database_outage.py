"""PostgreSQL restarting under a running server: moves are refused with a clear message while
it is away, nothing is half-saved, and play goes on by itself once it is back."""

import pytest

from core.games.bigshot import actions as A
from net.host import CANNOT_SAVE_MOVE, Host
from net.limits import Limits
from net.storage import Storage
from net.tables import HostError
from tests.postgres import IN_CI, PostgresServer, server_programs


@pytest.fixture
def restartable():
    """A PostgreSQL server of this test's own: it is stopped and started again."""
    if server_programs() is None and not IN_CI:
        pytest.skip("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")
    server = PostgresServer()
    yield server
    server.stop()


async def test_a_move_made_while_the_database_is_away_is_refused_then_play_resumes(restartable):
    storage = Storage(restartable.database())
    try:
        host = Host(storage, Limits(bot_pace_seconds=3600, save_retry_seconds=3600))
        table = host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
        host.sit(table.id, "ben")
        host.start(table.id, "ann")
        version = table.match.state.version
        restartable.pause()
        with pytest.raises(HostError, match=CANNOT_SAVE_MOVE):
            host.act(table.id, table.seats[table.actor()].name, A.ROLL)
        assert table.match.state.version == version and table.unsaved  # the table says so
        restartable.resume()
        host.act(table.id, table.seats[table.actor()].name, A.ROLL)
        assert table.match.state.version == version + 1 and not table.unsaved
        assert len(storage.table(table.id).actions) == 1
    finally:
        storage.close()
