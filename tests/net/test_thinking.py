"""Search bots think in worker processes, play exactly as they would in a thread, and nobody
can start enough of them to take the server."""

import asyncio
import multiprocessing
import sys
from pathlib import Path

import pytest

import net
from core.games import get_spec
from net.hosting.host import Host
from net.hosting.tables import HostError
from net.hosting.thinking import Thinkers
from net.limits import Limits
from net.store.storage import Storage

from .harness import ended, until
from .test_processes import children_of, running


async def played(tmp_path, thinkers) -> list:
    """ann (a heuristic helper plays her) against three search bots, to round 2."""
    tmp_path.mkdir()
    limits = Limits(bot_pace_seconds=0, search_seconds=None)  # counted playouts: the same moves
    host = Host(Storage(tmp_path / "db.sqlite3"), limits, thinkers)
    table = await host.create_table(
        "ann", "bigshot", {}, players=4, bots=3, bot_kind="search", seed=8
    )
    await host.start(table.id, "ann")
    helper = get_spec("bigshot").bots["heuristic"](1)
    while table.match.state.round < 2:
        state = table.match.state
        if table.actor() == 0:
            await host.act(table.id, "ann", helper.choose(state.view(0), state.legal_actions(0)))
        else:
            version = state.version
            await until(lambda version=version: table.match.state.version != version)
    host.stop()
    host.storage.close()
    return list(table.match.record.actions)


async def test_search_bots_in_worker_processes_play_as_they_would_in_a_thread(tmp_path):
    thinkers = Thinkers(workers=1)
    try:
        in_a_process = await played(tmp_path / "process", thinkers)
        assert multiprocessing.active_children()  # the worker that thought
    finally:
        thinkers.stop()
    assert in_a_process == await played(tmp_path / "thread", None)


async def test_tables_of_search_bots_are_limited_per_person_address_and_server(tmp_path):
    host = Host(
        Storage(tmp_path / "db.sqlite3"),
        Limits(search_tables_per_person=1, search_tables_per_address=2, search_tables=3),
    )

    async def make(name: str, address: str, kind: str = "search"):
        return await host.create_table(
            name, "bigshot", {}, players=4, bots=3, bot_kind=kind, address=address
        )

    await make("k1", "198.51.100.7")
    with pytest.raises(HostError, match="1 table of search bots"):
        await make("k1", "203.0.113.9")  # the same person, elsewhere
    await make("k2", "198.51.100.7")
    with pytest.raises(HostError, match="from your address too"):
        await make("k3", "198.51.100.7")  # throwaway names, one address
    await make("k3", "203.0.113.9")
    with pytest.raises(HostError, match="the server runs 3 tables of search bots"):
        await make("k4", "192.0.2.1")
    await make("k4", "192.0.2.1", kind="heuristic")  # other bots are not held back
    host.stop()
    host.storage.close()


MAKES_A_POOL = """
import time
from net.hosting.thinking import Thinkers
if __name__ == "__main__":  # (spawned processes import this module again)
    thinkers = Thinkers(1)
    thinkers.executor.submit(time.sleep, 120)  # a long piece of work, under way
    print("ready", flush=True)
    time.sleep(120)
"""


async def test_the_worker_processes_end_with_the_server_however_it_dies(tmp_path):
    """A `serve` killed with -9 left its worker processes playing out their analyses for
    nobody (and holding its output pipes)."""
    script = tmp_path / "server.py"
    script.write_text(MAKES_A_POOL)
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        str(script),
        stdout=asyncio.subprocess.PIPE,
        cwd=Path(net.__file__).parent.parent,
    )
    try:
        assert await asyncio.wait_for(server.stdout.readline(), 30) == b"ready\n"
        workers = children_of(server.pid)
        assert len(workers) == 2  # the pool's process, and its resource tracker
    finally:
        server.kill()
    await until(lambda: not any(running(pid) for pid in workers), timeout=10)
    await ended(server, 5)  # no child holds its pipe open
