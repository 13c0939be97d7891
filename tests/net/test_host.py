"""The host's rules for tables, seats, chat and names, without SSH in the way."""

import asyncio
import sqlite3
import time
import weakref
from types import SimpleNamespace

import pytest

from core.engine.errors import NotYourTurn
from core.games.bigshot import actions as A
from net import limits as limits_module
from net.hosting import closing as closing_module
from net.hosting.chat import ChatLine
from net.hosting.host import Host
from net.hosting.requests import MOVED_ELSEWHERE
from net.hosting.tables import HostError
from net.limits import Limits, clean_text
from net.screens.table_screen import NetTable, merged_log
from net.store import storage as storage_module
from net.store.rows import VISITS_PER_ADDRESS
from net.store.storage import Storage

from .harness import peek, play_until, until


class Ear:
    def __init__(self):
        self.lobby = 0
        self.tables = []

    def lobby_changed(self):
        self.lobby += 1

    def table_changed(self, table_id):
        self.tables.append(table_id)


@pytest.fixture
def host(tmp_path):
    return Host(Storage(tmp_path / "db.sqlite3"), Limits(chat_length=20, bot_pace_seconds=0))


def test_a_person_with_two_sessions_is_online_until_both_have_gone(host):
    first, second, ben = Ear(), Ear(), Ear()
    for name, ear in (("ann", first), ("ann", second), ("ben", ben)):
        host.connect(name, ear)
    assert host.online() == ["ann", "ben"] and host.is_online("ann")
    host.disconnect(first)
    host.disconnect(first)  # told twice: nothing more
    assert host.online() == ["ann", "ben"] and host.is_online("ann")
    host.disconnect(second)
    assert host.online() == ["ben"] and not host.is_online("ann")


async def test_control_characters_are_stripped_from_chat_and_long_lines_cut(host):
    ear = Ear()
    host.connect("ann", ear)
    await host.chat(None, "ann", "hi\x07\x1b[2J there\x00, this is a very long line indeed")
    assert [line.text for line in host.lobby_chat.lines] == ["ann: hi[2J there, this is"]
    assert clean_text("b\x1b]0;evil\x07en\n", 16) == "b]0;evilen"


async def test_one_person_chatting_too_fast_is_held_back_and_nobody_else(host, monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(limits_module, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    for n in range(5):  # a burst of 5 goes
        await host.chat(None, "ann", f"line {n}")
    with pytest.raises(HostError, match="chatting too fast: 20 lines a minute at most"):
        await host.chat(None, "ann", "one more")
    await host.chat(None, "ben", "hi")  # ben is not held back by ann
    clock[0] += 3  # 20 lines a minute: one more after 3 s
    await host.chat(None, "ann", "later")
    with pytest.raises(HostError, match="too fast"):
        await host.chat(None, "ann", "and again")
    assert [line.text for line in host.lobby_chat.lines][-3:] == [
        "ann: line 4",
        "ben: hi",
        "ann: later",
    ]


def test_a_name_or_chat_line_that_would_show_nothing_is_refused():
    assert clean_text("\u0301\u0301\u0301", 16) == ""  # accents combining with nothing
    assert clean_text("\u200b\u2060\ufeff", 16) == ""  # zero-width spaces and joiners
    assert clean_text("\u115f\u1160", 16) == ""  # Hangul fillers: letters that draw nothing
    assert clean_text("\u2800\u2800", 16) == ""  # the blank Braille pattern
    assert clean_text("\u3164 \u0301", 16) == ""
    assert clean_text("\u2800ann", 16) == "\u2800ann"  # something shows
    assert clean_text("e\u0301clair", 16) == "e\u0301clair"  # an accent on a letter stays
    assert clean_text("王小明", 16) == "王小明"


async def test_only_the_tables_host_starts_it_and_every_seat_must_be_filled(host):
    table = await host.create_table("ann", "bigshot", {}, players=3, bots=1)
    await host.sit(table.id, "ben")
    with pytest.raises(HostError, match="only ann"):
        await host.start(table.id, "ben")
    with pytest.raises(HostError, match="full"):
        await host.sit(table.id, "cat")
    await host.stand(table.id, "ben")
    with pytest.raises(HostError, match="1 seat is open"):
        await host.start(table.id, "ann")


async def test_a_player_acts_only_for_their_own_seat_and_refusals_change_nothing(host):
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    actor = table.actor()
    other = table.seats[1 - actor].name
    version = table.match.state.version
    with pytest.raises(NotYourTurn):
        await host.act(table.id, other, A.ROLL)
    with pytest.raises(HostError, match="no seat"):
        await host.act(table.id, "cat", A.ROLL)
    assert table.match.state.version == version
    await host.act(table.id, table.seats[actor].name, A.ROLL)
    assert table.match.state.version == version + 1


async def test_every_action_is_stored_before_anyone_is_told(host, tmp_path):
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    seen = []

    class Checker(Ear):
        def table_changed(self, table_id):
            seen.append(len(peek(host.storage).table(table_id).actions))

    host.connect("ann", Checker())
    await host.act(table.id, table.seats[table.actor()].name, A.ROLL)
    assert seen[-1] == 1
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert again.tables[table.id].match.state.version == table.match.state.version


def test_a_name_belongs_to_the_first_key_that_uses_it(host):
    assert host.storage.claim("ann", "SHA256:one")
    assert host.storage.claim("ann", "SHA256:one")
    assert not host.storage.claim("ann", "SHA256:two")


def test_names_that_look_alike_are_one_name(host):
    """Case, fullwidth and mathematical letters, and letters of other scripts that look the
    same (Cyrillic а, Greek ο) do not make another person."""
    storage = host.storage
    assert storage.claim("alice", "SHA256:one")
    for look_alike in ("Alice", "ALICE", "\u0430lice", "ａｌｉｃｅ", "\U0001d41alice"):
        assert not storage.claim(look_alike, "SHA256:two"), look_alike
        assert storage.key_of(look_alike) == "SHA256:one"
    assert storage.claim("Alice", "SHA256:one")  # hers, whichever way she writes it
    assert storage.claim("b\u03bfb", "SHA256:two") and not storage.claim("bob", "SHA256:one")
    assert storage.key_of("alicia") is None and storage.key_of("zoë") is None


def test_names_kept_before_look_alikes_were_folded_are_folded_when_the_database_opens(tmp_path):
    old = sqlite3.connect(tmp_path / "db.sqlite3")
    old.executescript("""
        CREATE TABLE users (name TEXT PRIMARY KEY, key TEXT NOT NULL, created REAL NOT NULL);
        INSERT INTO users VALUES ('Alice', 'SHA256:one', 0);""")
    old.commit()
    old.close()
    storage = Storage(tmp_path / "db.sqlite3")
    assert storage.key_of("alice") == "SHA256:one"
    assert not storage.claim("\u0430lice", "SHA256:two")
    storage.close()


async def test_a_table_closed_before_anything_was_played_leaves_the_database(tmp_path):
    """Closed tables with no move hold nothing to replay: they are deleted with their chat,
    while a game closed part-played is kept (closed); old ones are swept when it opens."""
    path = tmp_path / "db.sqlite3"
    host = Host(Storage(path), Limits(bot_pace_seconds=3600))
    empty = await host.create_table("ann", "bigshot", {}, players=2, bots=0)
    peek(host.storage).add_chat(empty.id, 0, "ann: anyone?", kept=100)
    await host.stand(empty.id, "ann")  # the last to stand up closes it
    assert peek(host.storage).table(empty.id).status == "closed"  # the newest: it keeps its number
    played = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    assert played.id > empty.id
    await host.sit(played.id, "ben")
    await host.start(played.id, "ann")
    play_until(host, played, lambda state: state.round == 2)
    assert peek(host.storage).close_table(played.id)
    assert peek(host.storage).table(empty.id) is None and peek(host.storage).chat(empty.id) == []
    assert peek(host.storage).table(played.id).status == "closed"
    host.stop()
    storage = Storage(path)
    storage.db.execute(
        "INSERT INTO tables (id, game, options, seed, seats, host, status, "
        "created) VALUES (1, 'army', '{}', 1, '[]', 'old', 'closed', 0)"
    )
    storage.close()
    again = Storage(path)
    assert again.table(1) is None and again.table(played.id) is not None
    again.close()


async def test_bots_replace_absent_players_at_the_hosts_request(host):
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    ann = Ear()
    host.connect("ann", ann)
    assert await host.replace_absent(table.id, "ann") == ["ben"]
    assert table.seats[1].is_bot and table.seats[1].name == "ben (bot)"


async def test_a_tables_bots_are_of_the_kind_its_host_chose_now_later_and_after_a_restart(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=0))
    table = await host.create_table("ann", "bigshot", {}, players=4, bots=1, bot_kind="search")
    await host.sit(table.id, "ben")
    assert [s.kind for s in table.seats] == ["human", "human", "open", "search"]
    await host.fill_with_bots(table.id, "ann")
    assert [s.kind for s in table.seats] == ["human", "human", "search", "search"]
    await host.start(table.id, "ann")
    host.connect("ann", Ear())  # ben is not connected: a bot of the table's kind takes his seat
    assert await host.replace_absent(table.id, "ann") == ["ben"]
    assert table.seats[1].kind == "search"
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=0))
    assert again.tables[table.id].bot_kind == "search"
    assert [s.kind for s in again.tables[table.id].seats] == ["human", "search", "search", "search"]


async def test_a_bot_kind_the_game_does_not_have_is_refused(host):
    with pytest.raises(HostError, match="Stadium has no 'clever' bots"):
        await host.create_table("ann", "stadium", {}, players=4, bots=1, bot_kind="clever")
    assert not host.tables


async def test_tables_kept_by_an_older_server_have_heuristic_bots_and_finished_ones_are_listed(
    tmp_path,
):
    old = sqlite3.connect(tmp_path / "db.sqlite3")
    old.executescript("""
        CREATE TABLE tables (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
            seed INTEGER NOT NULL, seats TEXT NOT NULL, host TEXT NOT NULL,
            status TEXT NOT NULL, created REAL NOT NULL);
        INSERT INTO tables VALUES (1, 'bigshot', '{}', 3, '[{"name": "ann", "kind": "human"},
            {"name": "", "kind": "open"}]', 'ann', 'waiting', 0);
        INSERT INTO tables VALUES (2, 'army', '{}', 3, '[]', 'ben', 'over', 1700000000);""")
    old.commit()
    old.close()
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=0))
    await host.fill_with_bots(1, "ann")
    assert host.tables[1].bot_kind == "heuristic"
    assert [s.kind for s in host.tables[1].seats] == ["human", "heuristic"]
    [past] = await host.past.games()
    assert (past.id, past.ended, past.result) == (2, 1700000000, "")  # when it began, no result
    assert await host.past.standing() == ""  # who won it was not kept: it counts for nobody


async def test_who_wins_is_counted_for_people_not_bots(host):
    """Four finished games: ann beats ben, a bot called ann beats the person ann's friend,
    ben and ann share a win, a bot beats ann; and a game still playing."""
    storage = host.storage

    def game(seats, winners):
        table = peek(storage).create_table(
            "bigshot",
            {},
            1,
            [{"name": name, "kind": kind} for name, kind in seats],
            "x",
            "heuristic",
        )
        if winners is not None:
            peek(storage).end_table(table, "over", winners)

    game([("ann", "human"), ("ben", "human")], [0])
    game([("ann", "heuristic"), ("cat", "human")], [0])  # a bot named like a person
    game([("ben", "human"), ("ann", "human")], [0, 1])
    game([("Ada", "heuristic"), ("ann", "human")], [0])
    game([("ann", "human"), ("ben", "human")], None)  # not over: counts for nobody
    assert await host.past.standing("ann") == "You won 2 of your 3 games here. "
    assert await host.past.standing("ben") == "You won 1 of your 2 games here. "
    assert await host.past.standing("cat") == "You won 0 of your 1 game here. "
    assert await host.past.standing("dan") == ""
    assert await host.past.standing() == "Most wins: ann 2, ben 1. "


def test_a_ban_keeps_out_guests_from_where_the_name_came_within_30_days(tmp_path, monkeypatch):
    """Addresses older than 30 days are forgotten, not banned; a ban kept by a server from
    before addresses were noted still stands, by name and key; lifting a ban frees both."""
    old = sqlite3.connect(tmp_path / "db.sqlite3")
    old.executescript("""
        CREATE TABLE bans (name TEXT PRIMARY KEY, key TEXT, reason TEXT NOT NULL, at REAL NOT NULL);
        INSERT INTO bans VALUES ('old', 'SHA256:old', 'spam', 0);""")
    old.commit()
    old.close()
    storage = Storage(tmp_path / "db.sqlite3")
    day = 24 * 3600
    now = 1_800_000_000.0
    for address, when in (("10.0.0.1", now - 40 * day), ("10.0.0.2", now - 2 * day)):
        monkeypatch.setattr(storage_module.time, "time", lambda when=when: when)
        storage.visited("eve", address)
    monkeypatch.setattr(storage_module.time, "time", lambda: now)
    assert storage.ban("eve", "") == (None, ["10.0.0.2"])
    old_ban, eve_ban = storage.bans()
    assert old_ban.refuses("old", None, "?") and old_ban.refuses("x", "SHA256:old", "?")
    assert not old_ban.refuses("x", None, "10.0.0.2")
    assert eve_ban.refuses("guest", None, "10.0.0.2")  # a guest from her address
    assert not eve_ban.refuses("guest", None, "10.0.0.1")  # 40 days ago: forgotten
    assert not eve_ban.refuses("kim", "SHA256:kim", "10.0.0.2")  # a key-holder is someone
    assert storage.lift_ban("eve")
    assert [ban.name for ban in storage.bans()] == ["old"]
    assert storage.ban("eve", "") == (None, ["10.0.0.2"])  # her visits are still known
    storage.close()


def test_a_flood_of_names_from_one_address_keeps_only_the_latest_few(tmp_path):
    storage = Storage(tmp_path / "db.sqlite3")
    for n in range(VISITS_PER_ADDRESS * 5):
        storage.visited(f"guest{n}", "10.0.0.9")
    storage.visited("ann", "10.0.0.1")
    assert storage.db.execute("SELECT COUNT(*) FROM visits").fetchone()[0] == VISITS_PER_ADDRESS + 1
    assert storage.ban("guest99", "")[1] == ["10.0.0.9"]  # the latest is kept
    assert storage.ban("guest0", "")[1] == []  # the first is gone
    storage.close()


async def test_a_table_with_options_the_game_refuses_is_not_made(host):
    with pytest.raises(HostError, match="colours must be"):
        await host.create_table("ann", "bigshot", {"colours": "red,red,red,red"}, players=4, bots=3)
    assert not host.tables


async def test_chat_and_who_is_away_survive_a_restart(tmp_path):
    storage = Storage(tmp_path / "db.sqlite3")
    host = Host(storage, Limits(bot_pace_seconds=0, chat_burst=121))  # no holding back here
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=1, seed=3)
    await host.start(table.id, "ann")
    for i in range(120):
        await host.chat(None, "ann", f"lobby {i}")
    await host.chat(table.id, "ann", "at the table")
    table.away.add(0)
    host._save_away(table)
    host.stop()
    storage.close()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=0))
    lobby = [line.text for line in again.lobby_chat.lines]
    assert lobby == [f"ann: lobby {i}" for i in range(20, 120)]  # the last 100
    assert again.lobby_chat.total == 120
    reloaded = again.tables[table.id]
    assert [line.text for line in reloaded.chat.lines] == [
        "* ann starts the game.",
        "ann: at the table",
    ]
    assert reloaded.away == {0}


async def test_a_key_at_one_table_brings_you_back_only_there(host):
    tables = [
        await host.create_table("ann", "bigshot", {}, players=2, bots=1, seed=s) for s in (1, 2)
    ]
    for table in tables:
        await host.start(table.id, "ann")
        table.away.add(0)
    host.back("ann", tables[0].id)
    assert tables[0].away == set() and tables[1].away == {0}
    host.connect("ann", Ear())  # coming back online is not a key at any table
    assert tables[1].away == {0}


def test_chat_lines_take_their_place_among_the_game_s_lines():
    game = ["g0", "g1", "g2", "g3"]
    chat = [ChatLine(0, "c@0"), ChatLine(2, "c@2"), ChatLine(2, "c@2b"), ChatLine(9, "c@9")]
    assert merged_log(game, 0, chat) == ["c@0", "g0", "g1", "c@2", "c@2b", "g2", "g3", "c@9"]
    assert merged_log(game, 3, [ChatLine(1, "late")]) == ["late", "g3"]  # shown after what's up
    assert merged_log(game, 4, []) == []


async def test_a_fresh_screen_shows_the_start_of_the_game_before_later_moves(tmp_path):
    storage = Storage(tmp_path / "db.sqlite3")
    host = Host(storage, Limits(bot_pace_seconds=3600))
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=1, seed=3)
    await host.start(table.id, "ann")
    while len(host.view(table.id, None).log) < 3:
        seat = table.actor()
        await host._commit(table, seat, table.match.state.legal_actions(seat)[0], None)
    log = host.view(table.id, None).log
    chat = table.chat.since(0)
    assert merged_log(log, 0, chat).index("* ann starts the game.") < merged_log(
        log, 0, chat
    ).index(log[-1])
    host.stop()


async def test_a_burst_of_arrivals_tells_each_lobby_once(host):
    ears = [Ear() for _ in range(30)]
    for i, ear in enumerate(ears):  # thirty people arrive together
        host.connect(f"p{i}", ear)
    await until(lambda: ears[0].lobby > 0)
    assert all(ear.lobby == 1 for ear in ears)


async def test_one_person_cannot_fill_the_lobby_with_tables(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(tables_per_person=2, open_tables=3))
    ear = Ear()
    host.connect("cat", ear)
    first = await host.create_table("eve", "bigshot", {}, players=2, bots=1)
    await host.create_table("eve", "army", {}, players=2, bots=1)
    with pytest.raises(HostError, match="you have made 2 tables waiting to start"):
        await host.create_table("eve", "bigshot", {}, players=2, bots=1)
    await host.start(first.id, "eve")  # a game that runs no longer waits: eve may make another
    await host.create_table("eve", "stadium", {}, players=2, bots=1)
    with pytest.raises(HostError, match="the server has 3 tables open"):
        await host.create_table("ann", "bigshot", {}, players=2, bots=1)
    assert len(host.tables) == 3
    host.stop()


async def test_throwaway_names_from_one_address_cannot_fill_the_lobby_with_tables(tmp_path):
    """Cycling keys makes new names, not new addresses: waiting tables are counted per address,
    and twice as many per /24 network."""
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(tables_per_address=2))
    for name in ("k1", "k2"):
        await host.create_table(name, "bigshot", {}, players=2, bots=1, address="198.51.100.7")
    with pytest.raises(HostError, match="2 tables waiting to start were made from your address"):
        await host.create_table("k3", "bigshot", {}, players=2, bots=1, address="198.51.100.7")
    for name in ("k4", "k5"):  # a neighbour in the /24 has room until the network's 4
        await host.create_table(name, "bigshot", {}, players=2, bots=1, address="198.51.100.8")
    with pytest.raises(HostError, match="or its network"):
        await host.create_table("k6", "bigshot", {}, players=2, bots=1, address="198.51.100.9")
    await host.create_table("ann", "bigshot", {}, players=2, bots=1, address="203.0.113.1")
    assert len(host.tables) == 5
    host.stop()


async def test_a_waiting_table_nobody_seated_is_online_at_closes_after_a_while(
    tmp_path, monkeypatch
):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(deserted_table_seconds=600))
    clock = [1000.0]
    monkeypatch.setattr(closing_module, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    ann, eve = Ear(), Ear()
    host.connect("ann", ann)
    kept = await host.create_table("ann", "bigshot", {}, players=2, bots=1)
    left = await host.create_table("eve", "bigshot", {}, players=3, bots=1)
    await host.sit(left.id, "ann")
    await host.stand(left.id, "ann")  # eve, its host, alone at it and offline
    await host.close_deserted()
    clock[0] += 599
    host.connect("eve", eve)  # back in time: the clock starts again
    await host.close_deserted()
    host.disconnect(eve)
    await host.close_deserted()
    clock[0] += 599
    await host.close_deserted()
    assert set(host.tables) == {kept.id, left.id}
    clock[0] += 2
    await host.close_deserted()
    assert set(host.tables) == {kept.id}  # ann is online at hers
    assert peek(host.storage).statuses([left.id]) == {left.id: "closed"}
    host.stop()


async def test_one_person_cannot_take_every_table_by_starting_games_for_bots(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(games_per_person=2, bot_pace_seconds=3600))
    first = await host.create_table("eve", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(first.id, "ben")
    await host.start(first.id, "eve")
    await host.start((await host.create_table("eve", "army", {}, players=2, bots=1)).id, "eve")
    with pytest.raises(HostError, match="you sit at 2 tables waiting or playing"):
        await host.create_table("eve", "bigshot", {}, players=2, bots=1)
    other = await host.create_table("ann", "bigshot", {}, players=2, bots=0)
    with pytest.raises(HostError, match="you sit at 2 tables"):
        await host.sit(other.id, "eve")  # sitting counts as making
    await host.sit(other.id, "cat")  # others are not held back
    play_until(host, first, lambda state: state.is_over())
    await host.create_table("eve", "bigshot", {}, players=2, bots=1)  # a game over no longer counts
    host.stop()


async def test_the_last_person_to_leave_a_waiting_table_closes_it_for_good(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(tables_per_person=1))
    table = await host.create_table("ann", "bigshot", {}, players=3, bots=1)
    await host.sit(table.id, "ben")
    await host.stand(table.id, "ann")
    assert table.id in host.tables  # ben still sits there
    await host.stand(table.id, "ben")
    assert table.id not in host.tables
    with pytest.raises(HostError, match=f"there is no table {table.id}"):
        await host.sit(table.id, "cat")
    await host.create_table("ann", "bigshot", {}, players=2, bots=1)  # no longer counted as hers
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert table.id not in again.tables and len(again.tables) == 1


async def finished_table(tmp_path, *online, **options):
    """A host whose Big Shot table (ann and ben, seed 3, `options`) has been played to its end,
    with `online` connected."""
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600))
    for name in online:
        host.connect(name, Ear())
    table = await host.create_table("ann", "bigshot", options, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    play_until(host, table, lambda state: state.is_over())
    return host, table


async def test_the_players_of_a_finished_game_play_it_again_together(tmp_path):
    host, old = await finished_table(tmp_path, "ann", "ben", "cat", hidden_money=True)
    with pytest.raises(HostError, match="only the players of a finished game"):
        await host.rematch(old.id, "cat")
    table = await host.rematch(old.id, "ann")
    assert table.id != old.id and table.host == "ann" and table.status == "waiting"
    assert (table.game, table.options["hidden_money"], len(table.seats)) == ("bigshot", True, 2)
    assert await host.rematch(old.id, "ann") is table  # asked twice: still one table, one seat
    host.saw_the_end(old.id, "ann")  # ann waits in the lobby
    assert await host.rematch(old.id, "ben") is table
    assert table.status == "playing"  # everyone who played is back: it starts by itself
    assert [s.name for s in table.seats] == ["ann", "ben"] and table.match.state.hidden
    with pytest.raises(HostError, match="only the players of a finished game"):
        await host.rematch(table.id, "ann")  # not over yet
    host.stop()


async def test_a_rematch_started_without_a_player_tells_them_to_watch(tmp_path):
    host, old = await finished_table(tmp_path, "ann", "ben")
    table = await host.rematch(old.id, "ann")
    await host.fill_with_bots(table.id, "ann")
    await host.start(table.id, "ann")
    with pytest.raises(HostError, match="that game has started; you can watch it"):
        await host.rematch(old.id, "ben")
    host.stop()


async def test_finished_games_are_not_loaded_again_after_a_restart(tmp_path):
    host, _ = await finished_table(tmp_path)
    running = await host.create_table("ann", "bigshot", {}, players=2, bots=1, seed=4)
    await host.start(running.id, "ann")
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert list(again.tables) == [running.id]
    again.stop()


async def test_a_finished_game_s_replay_is_shared_while_watched_and_then_let_go(tmp_path):
    host, table = await finished_table(tmp_path, "ann", "ben")
    anns, _ = await host.past.replay(table.id)
    assert (await host.past.replay(table.id))[0] is anns  # ben's is the same: replayed once
    gone = weakref.ref(anns)
    del anns
    assert gone() is None  # nobody watches: its states are not kept
    assert (await host.past.replay(table.id))[0].state_at(0).version == 0
    host.stop()


async def test_a_finished_game_leaves_memory_once_its_players_are_done_and_replays_from_disk(
    tmp_path,
):
    host, table = await finished_table(tmp_path, "ann", "ben")
    result = table.match.state.result().reason
    host.watch(table.id, "cat")
    host.saw_the_end(table.id, "ann")
    host.disconnect(next(ear for name, ear in host.listeners.values() if name == "ben"))
    assert table.id in host.tables  # cat still watches it
    host.unwatch(table.id, "cat")
    assert table.id not in host.tables
    replay, seats = await host.past.replay(table.id)
    assert replay.record.actions == table.match.record.actions
    assert [s.name for s in seats] == ["ann", "ben"]
    [past] = await host.past.games()
    assert (past.id, past.game, past.result) == (table.id, "bigshot", result)
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert (await again.past.replay(table.id))[0].record.actions == table.match.record.actions
    with pytest.raises(HostError, match="no finished game at table 9"):
        await again.past.replay(9)
    again.stop()


async def test_a_screen_still_showing_a_game_the_host_has_let_go_keeps_working(tmp_path):
    host, table = await finished_table(tmp_path, "ann", "ben")
    anns_screen = NetTable(host, table.id, "ann")  # a second session of ann's, say
    for name in ("ann", "ben"):
        host.saw_the_end(table.id, name)
    assert table.id not in host.tables
    assert anns_screen.is_over() and anns_screen.view(0).result == table.match.state.result()
    with pytest.raises(HostError, match="everyone has left that table"):
        await host.chat(table.id, "ann", "gg")  # nobody is there to read it: the screen says so
    host.stop()


async def test_a_past_game_whose_moves_cannot_be_read_says_so(tmp_path):
    host, table = await finished_table(tmp_path)
    host.stop()
    db = sqlite3.connect(tmp_path / "db.sqlite3")
    db.execute('UPDATE actions SET action = \'{"kind": "fly"}\' WHERE n = 5')
    db.commit()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    with pytest.raises(HostError, match=f"the game at table {table.id} cannot be replayed"):
        await again.past.replay(table.id)
    again.stop()


async def test_past_games_are_listed_newest_first_up_to_the_servers_limit(tmp_path):
    host = Host(
        Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600, past_games_listed=2)
    )
    for seed in (1, 2, 3):
        table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=seed)
        await host.sit(table.id, "ben")
        await host.start(table.id, "ann")
        play_until(host, table, lambda state: state.is_over())
    assert [past.id for past in await host.past.games()] == [3, 2]
    assert all(past.result for past in await host.past.games())
    host.stop()


async def test_a_game_starts_with_those_seated_only_when_its_host_says_so(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600))
    table = await host.create_table("ann", "army", {}, players=5, bots=1, seed=3)
    await host.sit(table.id, "ben")
    with pytest.raises(
        HostError, match="2 seats are open: b fills them with bots, or G starts with the 3 seated"
    ):
        await host.start(table.id, "ann")
    await host.start(table.id, "ann", as_seated=True)
    assert [s.name for s in table.seats] == ["ann", "ben", "Ada"]
    assert list(table.match.state.players) == ["ann", "ben", "Ada"] and table.status == "playing"
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits())
    assert len(again.tables[table.id].seats) == 3
    again.stop()


async def test_too_few_seated_or_options_that_do_not_fit_them_keep_the_table_waiting(host):
    alone = await host.create_table("ann", "army", {}, players=4, bots=0)
    with pytest.raises(HostError, match="Army takes at least 2 players"):
        await host.start(alone.id, "ann", as_seated=True)
    coloured = await host.create_table(
        "cat", "bigshot", {"colours": "black,red,white,yellow"}, players=4, bots=2
    )
    with pytest.raises(HostError, match="not with 3 players"):
        await host.start(coloured.id, "cat", as_seated=True)
    assert (coloured.status, len(coloured.seats), coloured.match) == ("waiting", 4, None)


async def test_a_host_who_stands_up_hands_the_table_to_the_first_person_still_seated(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600))
    table = await host.create_table("ann", "bigshot", {}, players=4, bots=1)
    await host.sit(table.id, "ben")
    await host.sit(table.id, "cat")
    await host.stand(table.id, "ann")
    with pytest.raises(HostError, match="only ben, who hosts table"):
        await host.start(table.id, "cat")
    host.stop()
    again = Host(Storage(tmp_path / "db.sqlite3"), Limits(bot_pace_seconds=3600))
    await again.start(table.id, "ben", as_seated=True)  # ben's after a restart too
    assert [s.name for s in again.tables[table.id].seats] == ["ben", "cat", "Ada"]
    again.stop()


async def test_a_table_is_handed_to_the_first_person_seated_who_may_host_one_more(tmp_path):
    host = Host(Storage(tmp_path / "db.sqlite3"), Limits(tables_per_person=1))
    await host.create_table("ben", "army", {}, players=2, bots=0)  # ben hosts all he may
    table = await host.create_table("ann", "bigshot", {}, players=4, bots=1)
    await host.sit(table.id, "ben")
    await host.sit(table.id, "cat")
    await host.stand(table.id, "ann")
    assert table.host == "cat"
    await host.stand(table.id, "cat")
    assert table.host == "ben"  # the only one left: his, over the limit, rather than nobody's


async def test_a_slow_database_never_holds_the_event_loop_every_session_shares(host, monkeypatch):
    """Seats, chat and moves whose writes each take 0.6 s: the loop turns on meanwhile (it
    once waited for a write up to 1 s, for a move's 0.25 s), and each is done once written."""
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    storage = host.storage

    def slowly(query):
        def slow(*args):  # in the database's thread
            time.sleep(0.6)
            return query(*args)

        return slow

    for name in ("update_table", "add_action", "add_chat", "set_place"):
        monkeypatch.setattr(storage, name, slowly(getattr(storage, name)))
    loop, gaps = asyncio.get_running_loop(), []

    async def ticking():
        while True:
            before = loop.time()
            await asyncio.sleep(0.01)
            gaps.append(loop.time() - before)

    ticker = asyncio.create_task(ticking())
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    await host.chat(table.id, "ann", "hello")
    version = table.match.state.version
    assert await host.act(table.id, table.seats[table.actor()].name, A.ROLL) is None
    ticker.cancel()
    assert table.match.state.version == version + 1 and table.status == "playing"
    assert len(peek(storage).table(table.id).actions) == 1
    assert max(gaps) < 0.3, max(gaps)


async def test_a_move_heard_while_another_is_being_checked_leaves_that_one_refused(host):
    """ann presses at two processes at once: this one has checked her roll and is about to
    save it when the other's, saved first, is heard. Hers here is refused as stale, not saved
    after the other on a state it was never checked against."""
    table = await host.create_table("ann", "bigshot", {}, players=2, bots=0, seed=3)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    seat = table.actor()
    saving = host.act(table.id, table.seats[seat].name, A.ROLL)  # checked; saved in a moment
    peek(host.storage).add_action(table.id, 0, seat, A.ROLL.to_json())  # the other process's
    assert host.heard_move(table.id, 0, seat, A.ROLL.to_json())
    assert await saving == MOVED_ELSEWHERE
    assert len(peek(host.storage).table(table.id).actions) == 1
    assert table.match.record.replay().version == table.match.state.version == 1
