"""Several servers sharing one PostgreSQL database are one community: the same lobby, tables,
chat and people online whichever a connection reaches; one history per table; bots run by one
process at a time. Two servers run here in one event loop, each with its own connections to
the database, as two processes would (tests/net/test_processes.py runs real ones)."""

import asyncio

import pytest

from core.games import get_spec
from core.games.bigshot import actions as A
from net.hosting.community import LEASE_SECONDS
from net.hosting.requests import MOVED_ELSEWHERE
from net.hosting.tables import OVER, PLAYING, HostError
from net.transport.web.door import COOKIE, WebOptions

from .harness import (
    browse,
    connect,
    key_for,
    peek,
    play_until,
    post_name,
    session_of,
    sign_in_link,
    signed_in,
    start_server,
    until,
)


@pytest.fixture
async def two(postgres, tmp_path):
    """Two servers on one new database."""
    database = postgres.database()
    first, port_1 = await start_server(tmp_path / "one", database=database)
    second, port_2 = await start_server(tmp_path / "two", database=database)
    yield (first, port_1), (second, port_2)
    await second.stop()
    await first.stop()


def versions(*servers, table_id: int) -> set[int | None]:
    """The versions of the table's game at each server (None: not there, or not started)."""
    tables = [server.host.tables.get(table_id) for server in servers]
    return {table.match.state.version if table and table.match else None for table in tables}


async def test_people_at_two_servers_share_the_lobby_and_play_one_game(two):
    (one, port_1), (two_, port_2) = two
    ann, ben = await connect(port_1, "ann"), await connect(port_2, "ben")
    await ann.wait_for("You are ann")
    await ben.wait_for("You are ben")
    await until(lambda: one.host.online() == two_.host.online() == ["ann", "ben"])
    assert one.key.get_fingerprint() == two_.key.get_fingerprint()  # known_hosts hold for both

    table = await one.host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=4)
    await until(lambda: table.id in two_.host.tables)  # ben's lobby lists it
    await two_.host.sit(table.id, "ben")
    await until(lambda: one.host.tables[table.id].seat_of("ben") == 1)
    await one.host.start(table.id, "ann")
    await until(lambda: two_.host.tables[table.id].match is not None)
    await ben.wait_for("Ledger")

    at = {"ann": one.host, "ben": two_.host}  # each plays at the server they reached
    helper = get_spec("bigshot").bots["heuristic"](1)
    while (state := one.host.tables[table.id].match.state).round < 3:
        seat = state.to_act()[0]
        name = table.seats[seat].name
        await at[name].act(
            table.id, name, helper.choose(state.view(seat), state.legal_actions(seat))
        )
        await until(lambda: len(versions(one, two_, table_id=table.id)) == 1)
    theirs = two_.host.tables[table.id].match
    assert theirs.record.actions == one.host.tables[table.id].match.record.actions
    assert theirs.state.view(None) == state.view(None)

    await two_.host.chat(None, "ben", "good game")
    await one.host.chat(None, "ann", "thanks")
    await until(lambda: len(one.host.lobby_chat.lines) == len(two_.host.lobby_chat.lines) == 2)
    assert (
        [line.text for line in one.host.lobby_chat.lines]
        == [line.text for line in two_.host.lobby_chat.lines]
        == ["ben: good game", "ann: thanks"]
    )

    await ben.close()
    await until(lambda: one.host.online() == ["ann"])
    await ann.close()


async def test_one_move_at_two_servers_at_once_is_made_once(two):
    (one, _), (two_, _) = two
    table = await one.host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=4)
    await one.host.sit(table.id, "ben")
    await one.host.start(table.id, "ann")
    started = table.match.state.version
    await until(lambda: versions(one, two_, table_id=table.id) == {started})
    actor = table.seats[table.actor()].name
    # ann's two connections, one at each server, both press before either hears:
    made = [one.host.act(table.id, actor, A.ROLL), two_.host.act(table.id, actor, A.ROLL)]
    assert set(await asyncio.gather(*made)) == {None, MOVED_ELSEWHERE}
    await until(lambda: versions(one, two_, table_id=table.id) == {started + 1})
    assert len(peek(one.storage).table(table.id).actions) == 1


async def test_a_tables_bots_move_at_one_server_only(two):
    (one, _), (two_, _) = two
    table = await one.host.create_table("ann", "bigshot", {}, players=3, bots=2, seed=4)
    await one.host.start(table.id, "ann")
    await until(lambda: table.id in two_.host.tables and two_.host.tables[table.id].match)
    assert one.host.runs(table) and not two_.host.runs(two_.host.tables[table.id])
    heard = two_.host.tables[table.id]
    helper = get_spec("bigshot").bots["heuristic"](1)
    while table.match.state.round < 2:  # ann plays at the second server; bots at the first
        state = heard.match.state
        if heard.actor() == 0:
            await two_.host.act(
                table.id, "ann", helper.choose(state.view(0), state.legal_actions(0))
            )
        await until(
            lambda was=state.version: (
                len(now := versions(one, two_, table_id=table.id)) == 1 and now != {was}
            )
        )  # a move made, and heard at both
    stored = peek(one.storage).table(table.id).actions
    assert [n for n, _ in enumerate(stored)] == list(range(len(table.match.record.actions)))
    assert heard.match.record.actions == table.match.record.actions


async def test_a_ban_at_one_server_sends_the_person_away_from_the_other_at_once(two):
    (one, _), (two_, port_2) = two
    eve = await connect(port_2, "eve")
    await eve.wait_for("You are eve")
    peek(one.storage).ban("eve", "spam")  # as `boomtown ban` does, anywhere
    await eve.wait_for("banned", timeout=1.5)  # heard at once, not at the next 2 s check
    await until(lambda: eve.closed.is_set(), timeout=2)


async def test_a_browser_signed_out_at_one_server_leaves_the_other_at_once(postgres, tmp_path):
    database = postgres.database()
    one, _ = await start_server(tmp_path / "one", database=database, web=WebOptions(0))
    two_, _ = await start_server(tmp_path / "two", database=database, web=WebOptions(0))
    try:
        cookie = await signed_in(two_.web_port, await sign_in_link(two_, "bob"))
        bob = await browse(two_.web_port, cookie)
        await bob.wait_for("You are bob")
        at_one = one.identity.ssh_person("SHA256:bob", "127.0.0.1")  # bob, in his SSH lobby
        assert await one.identity.sign_out(at_one, "bob", None) == 1
        await asyncio.wait_for(bob.closed.wait(), 1.5)  # heard at once, not at the 2 s check
        assert "signed out" in bob.plain_history()
        await bob.close()
    finally:
        await two_.stop()
        await one.stop()


async def test_a_key_tied_at_one_server_is_acted_for_by_the_browsers_at_the_other(
    postgres, tmp_path
):
    database = postgres.database()
    one, port_1 = await start_server(tmp_path / "one", database=database, web=WebOptions(0))
    two_, _ = await start_server(tmp_path / "two", database=database, web=WebOptions(0))
    try:
        secret = peek(one.storage).make_invite("ann", 3600, 9)
        status, cookie, _ = await post_name(two_.web_port, f"/invite/{secret}", "ivy", COOKIE)
        assert status == 303
        ivy = await browse(two_.web_port, cookie)  # at the second server
        await ivy.wait_for("Your browsers keep this name")
        at_one = await browse(one.web_port, cookie)  # and at the first, where she ties it
        await at_one.wait_for("You are ivy")
        came = await one.identity.browser(cookie, None, "127.0.0.1")
        public = key_for("ivy").export_public_key().decode()
        await one.identity.tie_key(came.who, "ivy", public)
        fingerprint = key_for("ivy").get_fingerprint()
        await until(lambda: session_of(two_, "ivy").who.key == fingerprint, timeout=1.5)
        bob = await connect(port_1, "bob")  # someone comes: the lobbies are drawn again
        await ivy.wait_for("Your key keeps this name")
        for person in (ivy, at_one, bob):
            await person.close()
    finally:
        await two_.stop()
        await one.stop()


class Ear:
    """A session's listener, as far as the host is concerned: the person is online."""

    def lobby_changed(self):
        pass

    def table_changed(self, table_id):
        pass


async def ann_and_ben_s_game_over(two):
    """The two servers, and a Big Shot game ann (at the first) and ben (at the second) played
    to its end at the first."""
    (one, _), (two_, _) = two
    for server, name in ((one, "ann"), (two_, "ben")):
        server.host.connect(name, Ear())
    table = await one.host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=4)
    await one.host.sit(table.id, "ben")
    await one.host.start(table.id, "ann")
    play_until(one.host, table, lambda state: state.is_over())
    return one, two_, table


async def test_play_again_chosen_at_two_servers_at_once_seats_both_at_one_table(two):
    one, two_, table = await ann_and_ben_s_game_over(two)
    await until(lambda: table.id in two_.host.tables and two_.host.tables[table.id].status == OVER)
    again = await one.host.rematch(table.id, "ann")
    theirs = await two_.host.rematch(table.id, "ben")  # before the second server heard of it
    assert theirs.id == again.id
    await until(lambda: again.status == PLAYING and theirs.status == PLAYING)
    assert (
        [seat.name for seat in again.seats]
        == [seat.name for seat in theirs.seats]
        == ["ann", "ben"]
    )


async def test_where_a_spectator_was_is_known_at_every_server(two):
    (one, _), (two_, _) = two
    table = await one.host.create_table("ann", "bigshot", {}, players=2, bots=1, seed=4)
    await one.host.start(table.id, "ann", as_seated=False)
    await until(lambda: table.id in two_.host.tables)
    one.host.watch(table.id, "cat")
    await until(lambda: peek(one.storage).place_of("cat") == table.id)  # kept, not awaited
    assert await two_.host.place_of("cat") == table.id  # cat, back at the other, watches it again


async def test_one_seat_taken_at_two_servers_at_once_goes_to_one(two):
    (one, _), (two_, _) = two
    table = await one.host.create_table("ann", "bigshot", {}, players=3, bots=0, seed=4)
    await until(lambda: table.id in two_.host.tables)
    await one.host.sit(table.id, "ben", seat=1)
    with pytest.raises(HostError, match="seat 2 is taken"):  # read again: ben sits there
        await two_.host.sit(table.id, "cat", seat=1)
    theirs = two_.host.tables[table.id]
    assert theirs.seat_of("cat") is None and theirs.seat_of("ben") == 1
    await two_.host.sit(table.id, "cat")  # the seat still free
    await until(lambda: table.seat_of("cat") == 2)


async def test_people_sitting_down_at_two_servers_at_once_each_get_a_seat(two):
    """They were once refused ("someone changed that table at the same moment"): the table
    is read again and the seat taken is one still free."""
    (one, _), (two_, _) = two
    table = await one.host.create_table("ann", "bigshot", {}, players=4, bots=0, seed=4)
    await until(lambda: table.id in two_.host.tables)
    seats = await asyncio.gather(
        one.host.sit(table.id, "ben"),
        two_.host.sit(table.id, "cat"),
        two_.host.sit(table.id, "dan"),
    )
    assert sorted(seats) == [1, 2, 3]
    for host in (one.host, two_.host):
        await until(
            lambda h=host: (
                {s.name for s in h.tables[table.id].seats} == {"ann", "ben", "cat", "dan"}
            )
        )


async def test_a_game_over_at_two_servers_is_analysed_once_and_both_show_it(two):
    one, two_, table = await ann_and_ben_s_game_over(two)  # played at the first
    await until(lambda: table.id in two_.host.tables and two_.host.tables[table.id].status == OVER)
    theirs = two_.host.tables[table.id].running.analysing
    assert theirs is not None and theirs.elsewhere  # the first works it out, the second waits
    await until(lambda: theirs.analysis is not None)  # kept, and said, by the first
    assert theirs.analysis == table.running.analysing.analysis and theirs.seats == (0, 1)
    assert peek(one.storage).table(table.id).record().analysis == theirs.analysis


async def test_a_game_over_at_two_servers_is_rated_once_and_both_show_the_changes(two):
    one, two_, table = await ann_and_ben_s_game_over(two)  # played at the first
    await until(lambda: table.ratings is not None and table.ratings.changes is not None)
    await until(lambda: table.id in two_.host.tables and two_.host.tables[table.id].status == OVER)
    theirs = two_.host.tables[table.id].ratings
    assert theirs is not None
    await until(lambda: theirs.changes is not None)  # read from the database, kept by the first
    assert theirs.changes == table.ratings.changes and set(theirs.changes) == {"ann", "ben"}
    board = peek(one.storage).leaderboard("bigshot", 10)
    assert sorted(name for name, rating in board if rating.games == 1) == ["ann", "ben"]


async def test_a_server_that_dies_is_seen_gone_on_screens_already_open_at_the_other(two):
    """Issue 67: once every process of server one was killed, a newcomer at the other no
    longer saw its people online, but a lobby already open there listed them on and on (the
    other process's own news that they were gone was not heard by itself)."""
    (one, port_1), (two_, port_2) = two
    ann, ben = await connect(port_1, "ann"), await connect(port_2, "ben")
    await ben.wait_for("2 online: ann, ben")
    community = one.community
    community._stopping.set()  # as if killed: no more beats, and nothing heard
    for task in community._tasks:
        task.cancel()
    await ben.wait_for("1 online: ben", timeout=LEASE_SECONDS + 3)
    await ann.close()
    await ben.close()
