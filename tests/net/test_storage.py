"""What the server keeps, through the storage's own interface: the contract both backends keep
(SQLite, the embedded default, and PostgreSQL, a real server started for the tests)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from net.store.storage import Storage, StorageError

BACKENDS = {
    "sqlite": lambda request, tmp_path: tmp_path / "boomtown.sqlite3",
    "postgresql": lambda request, tmp_path: request.getfixturevalue("postgres").database(),
}
ANN, BEN = {"name": "ann", "kind": "human"}, {"name": "ben", "kind": "human"}
BOT = {"name": "Ada", "kind": "bot"}


@pytest.fixture(params=list(BACKENDS))
def database(request, tmp_path):
    """Where an empty database of each backend is."""
    return BACKENDS[request.param](request, tmp_path)


@pytest.fixture
def storage(database):
    store = Storage(database)
    yield store
    store.close()


@pytest.fixture
def elsewhere(database, storage):
    """Another connection to the same database: another server process, or a host's command."""
    store = Storage(database)
    yield store
    store.close()


def test_a_name_is_owned_by_the_first_key_and_by_its_look_alikes(storage):
    assert storage.key_of("ann") is None
    assert storage.claim("ann", "key-1")
    assert storage.claim("ann", "key-1")  # the owner again
    assert not storage.claim("ann", "key-2")
    assert not storage.claim("аnn", "key-2")  # a Cyrillic a: the same name to the eye
    assert storage.key_of("аnn") == "key-1"
    assert storage.keys_of(["аnn", "bob"]) == {"аnn": "key-1", "bob": None}


def test_settings_are_kept_per_name(storage):
    assert storage.setting("ann", "turn_bell") is None
    storage.remember("ann", "turn_bell", "off")
    storage.remember("ann", "turn_bell", "on")
    assert storage.setting("ann", "turn_bell") == "on"
    assert storage.setting("ben", "turn_bell") is None


def test_a_ban_covers_the_name_its_key_and_the_addresses_it_came_from(storage):
    storage.claim("eve", "key-e")
    storage.visited("eve", "10.0.0.9")
    key, addresses = storage.ban("eve", "spam")
    assert (key, addresses) == ("key-e", ["10.0.0.9"])
    (ban,) = storage.bans()
    assert ban.refuses("eve", None, "1.2.3.4") and ban.refuses("other", "key-e", "1.2.3.4")
    assert ban.refuses("guest", None, "10.0.0.9") and not ban.refuses("ann", "k", "10.0.0.9")
    assert storage.lift_ban("eve") and not storage.lift_ban("eve")
    assert storage.bans() == []


def test_a_table_keeps_its_seats_actions_and_status_in_order(storage):
    table = storage.create_table("army", {"short_game": True}, 7, [ANN, BOT], "ann", "heuristic")
    assert storage.update_table(table, [ANN, BOT], "playing", "ann", changes=0) == 1
    for n, action in enumerate([{"kind": "roll"}, {"kind": "buy"}, {"kind": "end"}]):
        storage.add_action(table, n, n % 2, action)
    storage.update_away(table, [1])
    stored = storage.table(table)
    assert (stored.game, stored.options, stored.seed, stored.seats, stored.status) == (
        "army",
        {"short_game": True},
        7,
        [ANN, BOT],
        "playing",
    )
    assert stored.actions == [(0, {"kind": "roll"}), (1, {"kind": "buy"}), (0, {"kind": "end"})]
    assert (stored.away, stored.bot_kind) == ([1], "heuristic")
    assert storage.table_ids("playing") == [table] and storage.statuses([table, 99]) == {
        table: "playing"
    }
    assert storage.table(99) is None


def test_one_move_number_is_taken_once(storage):
    table = storage.create_table("army", {}, 1, [ANN, BEN], "ann", "heuristic")
    storage.add_action(table, 0, 0, {"kind": "roll"})
    with pytest.raises(StorageError):  # a second move 0: refused, the history is not forked
        storage.add_action(table, 0, 1, {"kind": "roll"})
    assert storage.table(table).actions == [(0, {"kind": "roll"})]


def test_finished_games_are_listed_newest_first_with_who_won(storage):
    first = storage.create_table("bigshot", {}, 1, [ANN, BEN], "ann", "heuristic")
    second = storage.create_table("army", {}, 2, [BEN, BOT], "ben", "heuristic")
    storage.end_table(first, "ann wins", [0])
    storage.end_table(second, "Ada wins", [1])
    assert [t.id for t in storage.finished(10)] == [second, first]
    assert [t.id for t in storage.finished(10, "ann")] == [first]
    assert storage.finished_table(first).result == "ann wins"
    assert storage.record_of("ann") == (1, 1) and storage.record_of("ben") == (0, 2)
    assert storage.most_wins(5) == [("ann", 1)]  # a bot's win is nobody's


def test_a_table_closed_before_any_move_goes_and_one_with_moves_stays_listed(storage):
    empty = storage.create_table("army", {}, 1, [ANN], "ann", "heuristic")
    played = storage.create_table("army", {}, 2, [ANN], "ann", "heuristic")
    storage.add_action(played, 0, 0, {"kind": "roll"})
    newest = storage.create_table("army", {}, 3, [ANN], "ann", "heuristic")
    assert storage.close_table(empty) and storage.close_table(played)
    assert not storage.close_table(played)  # closed already
    assert storage.table(empty) is None and storage.table(played).status == "closed"
    assert [t.id for t in storage.open_tables()] == [newest]
    storage.set_aside(newest, "cannot be read")
    (damaged,) = storage.open_tables()
    assert (damaged.status, damaged.result) == ("damaged", "cannot be read")


def test_chat_keeps_the_last_lines_of_each_place(storage):
    assert [storage.add_chat(0, 0, f"ann: line {n}", kept=3) for n in range(5)] == [
        0,
        1,
        2,
        3,
        4,
    ]  # each place numbers its lines
    assert storage.add_chat(4, 12, "ben: at the table", kept=3) == 0
    assert storage.chat(0) == [(2, 0, "ann: line 2"), (3, 0, "ann: line 3"), (4, 0, "ann: line 4")]
    assert storage.chat(4) == [(0, 12, "ben: at the table")]


def test_where_people_were_is_kept_for_tables_still_running(storage):
    running = storage.create_table("army", {}, 1, [ANN], "ann", "heuristic")
    storage.update_table(running, [ANN], "playing", "ann", changes=0)
    over = storage.create_table("army", {}, 2, [BEN], "ben", "heuristic")
    storage.set_place("cat", running)
    storage.set_place("dan", over)
    storage.set_place("cat", running)
    storage.end_table(over, "ben wins", [0])
    assert storage.places() == {"cat": running}


def test_a_ban_or_a_table_closed_elsewhere_is_heard_of(storage, elsewhere):
    table = storage.create_table("army", {}, 1, [ANN], "ann", "heuristic")
    assert storage.changed_elsewhere()  # the first time: read everything
    assert not storage.changed_elsewhere()
    elsewhere.ban("eve", "spam")
    assert storage.changed_elsewhere() and [b.name for b in storage.bans()] == ["eve"]
    elsewhere.close_table(table)
    assert storage.changed_elsewhere() and storage.statuses([table]) == {table: "closed"}
    assert not storage.changed_elsewhere()


def test_a_name_claimed_at_two_connections_at_once_goes_to_one(storage, elsewhere):
    start = threading.Barrier(2)

    def claim(store, name, key):
        start.wait()
        return store.claim(name, key)

    with ThreadPoolExecutor(2) as pool:  # off the loop, each waits for its own database thread
        won = list(pool.map(claim, (storage, elsewhere), ("ann", "аnn"), ("key-1", "key-2")))
    assert sorted(won) == [False, True]
    assert storage.key_of("ann") == elsewhere.key_of("аnn") == ("key-1" if won[0] else "key-2")


def test_a_move_number_another_connection_took_is_refused(storage, elsewhere):
    table = storage.create_table("army", {}, 1, [ANN, BEN], "ann", "heuristic")
    elsewhere.add_action(table, 0, 1, {"kind": "roll"})
    with pytest.raises(StorageError):
        storage.add_action(table, 0, 0, {"kind": "roll"})
    assert storage.table(table).actions == [(1, {"kind": "roll"})]


def test_the_first_host_key_kept_is_every_connections(storage, elsewhere):
    assert storage.host_key("key A") == "key A"
    assert elsewhere.host_key("key B") == "key A"


def test_servers_starting_together_on_a_new_database_all_start(database):
    start = threading.Barrier(4)

    def open_storage():
        start.wait()
        return Storage(database)

    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: open_storage(), range(4)))
    for store in stores:
        store.close()


def test_a_one_time_link_signs_one_browser_in_and_is_kept_only_as_a_hash(storage):
    secret = storage.make_link("ann", 600)
    assert storage.use_link(secret) == "ann" and storage.use_link(secret) is None  # once
    assert storage.use_link(storage.make_link("ann", -1)) is None  # expired
    cookie = storage.sign_in_browser("ann")
    assert storage.browser(cookie, 30) == "ann" and storage.browser("forged", 30) is None
    assert storage.browser(cookie, -1) is None  # signed in longer ago than that
    kept = {table: rows for table, _, rows in storage.everything()}
    assert not any(
        secret in str(row) or cookie in str(row) for row in kept["web_links"] + kept["browsers"]
    )
    other = storage.sign_in_browser("ann")
    (newest, _, _), (oldest, _, _) = storage.browsers_of("ann")
    assert storage.sign_out_browsers("ann", oldest) == 1  # one of them
    assert storage.browser(cookie, 30) is None and storage.browser(other, 30) == "ann"
    assert storage.sign_out_browsers("bob", newest) == 0  # nobody else's
    assert storage.sign_out_browsers("ann") == 1 and storage.browser(other, 30) is None


def test_a_rated_game_changes_its_people_s_ratings_once_and_an_unrated_one_none(storage):
    from play.ratings import Rating

    def work_out(before):
        return {name: Rating(30.0, 7.0, 1, 1) for name in ("ann", "ben")}

    rated = storage.create_table("bigshot", {}, 1, [ANN, BEN], "ann", "heuristic")
    unrated = storage.create_table("bigshot", {}, 2, [ANN, BEN], "ann", "heuristic", rated=False)
    assert storage.table(rated).rated and not storage.table(unrated).rated
    storage.end_table(rated, "ann wins", [0], ("bigshot", ["ann", "ben"], work_out))
    storage.end_table(rated, "ann wins", [0], ("bigshot", ["ann", "ben"], work_out))  # again
    changes = storage.rating_changes(rated)
    assert set(changes) == {"ann", "ben"} and changes["ann"][1].mu == 30.0
    assert [(name, r.games) for name, r in storage.leaderboard("bigshot", 5)] == [
        ("ann", 1),
        ("ben", 1),
    ]  # once, whatever the second end said
    assert storage.rating_changes(unrated) == {}


def test_a_game_whose_person_asked_for_hints_counts_in_no_record_and_is_listed_assisted(storage):
    played = storage.create_table("army", {}, 1, [ANN, BOT], "ann", "heuristic")
    storage.mark_assisted(played)
    storage.mark_assisted(played)  # asked again: kept once
    storage.end_table(played, "ann wins", [0])
    assert storage.table(played).record().assisted  # a process taking the table over knows
    assert storage.finished_table(played).assisted
    assert storage.record_of("ann") == (0, 0) and storage.most_wins(5) == []
