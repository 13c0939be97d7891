"""A past game replayed without an analysis (its server stopped before the analysis was done,
or it ended before analyses were made) is analysed then, once for everyone who replays it,
and the analysis kept with it."""

from net.hosting import results as results_module
from net.hosting.host import Host
from net.hosting.thinking import Thinkers
from net.limits import Limits
from net.store.storage import Storage

from .harness import peek, play_until, until

FORGET = "DELETE FROM analyses WHERE table_id = ?"


async def finished_without_analysis(host: Host) -> int:
    """A Big Shot game ann and ben finished at `host`, kept without its analysis, and no
    longer in the host's memory: the table's number."""
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    play_until(host, table, lambda state: state.is_over())
    await until(lambda: peek(host.storage).table(table.id).analysis is not None)
    host.storage.queue(lambda: host.storage.db.execute(FORGET, (table.id,))).result()
    host.tables.clear()  # the finished game is read from the database again
    return table.id


async def test_a_past_game_without_an_analysis_is_analysed_once_at_its_replay_and_kept(tmp_path):
    host = Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))
    try:
        table_id = await finished_without_analysis(host)
        replay, seats = await host.past.replay(table_id)
        assert replay.record.analysis is None
        analysing = host.analysis_for_replay(table_id, replay, seats)
        assert analysing is not None and analysing.seats == (0, 1)  # ann's and ben's moves
        again, seats = await host.past.replay(table_id)  # ben replays it meanwhile
        assert host.analysis_for_replay(table_id, again, seats) is analysing  # worked out once
        await until(lambda: peek(host.storage).table(table_id).analysis is not None)
        assert analysing.analysis is not None and replay.record.analysis == analysing.analysis
        host.tables.clear()
        later, seats = await host.past.replay(table_id)
        assert later.record.analysis is not None
        assert host.analysis_for_replay(table_id, later, seats) is None  # kept: not again
    finally:
        host.stop()


async def test_past_games_are_analysed_a_few_at_a_time(tmp_path, monkeypatch):
    monkeypatch.setattr(results_module, "PAST_ANALYSES", 1)
    host = Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600))
    try:
        first, second = [await finished_without_analysis(host) for _ in range(2)]
        replays = [await host.past.replay(table_id) for table_id in (first, second)]
        analysing = host.analysis_for_replay(first, *replays[0])
        assert analysing is not None
        assert host.analysis_for_replay(second, *replays[1]) is None  # one at a time
        await until(lambda: not analysing.running)
        assert host.analysis_for_replay(second, *replays[1]) is not None  # its turn now
    finally:
        host.stop()


async def test_a_hidden_money_game_is_analysed_in_the_host_s_worker_processes(tmp_path):
    """Issue 67: every hidden-money Big Shot game the host finished logged "the analysis of a
    bigshot game failed" (its views could not be pickled to the worker processes)."""
    thinkers = Thinkers(1)
    host = Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600), thinkers)
    try:
        table = await host.create_table(
            "ann", "bigshot", {"hidden_money": True}, players=2, bots=0, seed=3
        )
        await host.sit(table.id, "ben")
        await host.start(table.id, "ann")
        play_until(host, table, lambda state: state.is_over())
        await until(lambda: not table.running.analysing.running, timeout=60)
        assert table.running.analysing.failed == "" and table.running.analysing.analysis is not None
    finally:
        host.stop()
        thinkers.stop()


async def test_a_past_game_is_replayed_in_the_host_s_worker_processes(tmp_path):
    """Issue 67: a long game read back from the database was replayed on the loop every session
    shares (a 1,500-move Stadium game: 28 ms each)."""
    thinkers = Thinkers(1)
    host = Host(Storage(tmp_path / "boomtown.sqlite3"), Limits(bot_pace_seconds=3600), thinkers)
    sent = []
    submit = thinkers.executor.submit
    thinkers.executor.submit = lambda job, *args: sent.append(job.__name__) or submit(job, *args)
    try:
        table_id = await finished_without_analysis(host)
        replay, seats = await host.past.replay(table_id)
        assert sent.count("_replayed") == 1  # (beside the analysis's playouts)
        assert replay.finished and replay.length == len(replay.record.actions) > 0
        assert [seat.name for seat in seats] == ["ann", "ben"]
    finally:
        host.stop()
        thinkers.stop()
