"""Hints over SSH: for the one person at a table of bots, worked out off the event loop, one at
a time; the game is then assisted, and counts in no record of wins. (Where people play people
there are none: test_ssh_play.)"""

import asyncio
import threading

import pytest

import play.table
from net.hosting.tables import HostError

from .harness import connect, peek, start_server, table_with, until


async def test_the_one_person_at_a_table_of_bots_gets_a_hint_and_the_game_is_assisted(tmp_path):
    # the first hint starts the worker processes: a slow machine may take seconds to
    server, port = await start_server(tmp_path, bot_think_seconds=60.0)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        table = await table_with(server, ["ann"], bots=3, game="bigshot", seed=5)
        await ann.wait_for("ann (you) to")  # the bots have moved up to her decision
        await ann.press("h")
        await ann.wait_for("Hint: ", timeout=60)
        assert table.match.record.assisted
        await until(lambda: peek(server.host.storage).table(table.id).assisted)
        await ann.close()
    finally:
        await server.stop()


async def test_a_hint_asked_again_is_refused_while_worked_out_then_given_again_at_once(
    served, monkeypatch
):
    """Pressing h again queues no more work for the server (a hint takes a second of it):
    refused while the first is worked out, and once it is, the same hint for the same move."""
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    table = await table_with(server, ["ann"], bots=3, game="bigshot", seed=5)
    await until(lambda: table.actor() == 0)
    thinking, answer = threading.Event(), threading.Event()
    asked = []

    def slow_hint(game, view, seed):
        asked.append(seed)
        thinking.set()
        assert answer.wait(30), "the test never let the hint answer"
        return view.legal[0]

    server.host.thinkers = None  # in a thread of this process, where the test can hold it
    monkeypatch.setattr(play.table, "hint", slow_hint)
    first = asyncio.create_task(server.host.hint(table.id, "ann"))
    await until(thinking.is_set)
    with pytest.raises(HostError, match="a hint is on its way"):
        await server.host.hint(table.id, "ann")
    answer.set()
    found = await first
    assert found in table.match.state.legal_actions(0)
    assert await server.host.hint(table.id, "ann") == found  # the same position: the same hint
    assert len(asked) == 1  # and no more work
    await ann.close()
