"""Playing together over SSH: real server, real SSH sessions with terminals."""

import asyncio
import dataclasses
import re
import weakref

import pytest

from core.games.bigshot import actions as A
from net.hosting.tables import HostError
from net.screens.lobby import LobbyScreen
from tui import turn_bell

from .harness import (
    ann_and_ben_at,
    connect,
    peek,
    play_until,
    session_of,
    settled_in_lobby,
    start_server,
    table_with,
    turn_the_bell,
    until,
)


async def test_lobby_shows_who_is_online_and_the_tables(served):
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("Lobby")
    await ann.wait_for("You are ann")
    ben = await connect(port, "ben")
    await ann.wait_for("2 online: ann, ben")
    await ann.press("n")
    await ann.wait_for("A new table")
    await ann.press("c")  # the defaults: Big Shot, 4 seats
    await ben.wait_for("ann, (open), (open), (open)")
    await ben.press("s")
    await ann.wait_for("ann, ben, (open), (open)")
    await ann.press("b")
    await ann.wait_for("[bot]")
    await ann.press("g")
    await ann.wait_for("Board")
    await ben.wait_for("Board")
    await ann.close()
    await ben.close()


async def test_a_new_table_of_another_game_offers_that_game_s_seats_and_options(served):
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    await ann.press("n")
    await ann.wait_for("Hidden money")
    await ann.press("\x1b[C")  # the right arrow: the next game, Army
    await ann.wait_for("Leaving Prison on a double")
    assert "Hidden money" not in ann.text()
    await ann.press("c")
    await until(lambda: server.host.tables)  # the table itself, not the dialog's list of games
    table = next(iter(server.host.tables.values()))
    assert (table.game, len(table.seats)) == ("army", 4)  # four first; six a key away
    assert table.options["prison_double_extra_throw"] is True
    await ann.close()


async def test_two_players_and_a_spectator_see_each_others_moves(served):
    server, port = served
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ann.wait_for("You are ann")
    await ben.wait_for("You are ben")
    table = await table_with(server, ["ann", "ben"], bots=2)
    await ann.wait_for("Auction")
    await ben.wait_for("Auction")
    cat = await connect(port, "cat")
    await cat.wait_for("Big Shot")
    await cat.press("w")
    await cat.wait_for("Ledger")  # the table itself, not the lobby's "watching" column
    host = server.host
    for _ in range(200):  # play until both people have made a move the others must see
        seat = table.actor()
        name = table.seats[seat].name
        if name in ("ann", "ben") and table.match.state.phase == "bid":
            who = ann if name == "ann" else ben
            await who.wait_for(f"{name} (you) to bid or pass")
            await who.press("p")
            line = f"{name} passes."
            for other in (ann, ben, cat):
                await other.wait_for(line)
            if name == "ben":
                break
        else:
            await ann.wait_for("Round")  # bots and other phases move on by themselves
            legal = table.match.state.legal_actions(seat)
            if not table.seats[seat].is_bot:
                await host.act(table.id, name, A.ROLL if A.ROLL in legal else legal[-1])
    for t in (ann, ben, cat):
        await t.close()


def bells(received: bytes) -> int:
    """The terminal bells in what a client received (BEL also ends OSC sequences: not those)."""
    return re.sub(rb"\x1b\][^\x07\x1b]*(\x07|\x1b\\)", b"", received).count(b"\x07")


async def test_the_bell_rings_for_the_player_whose_turn_has_come(served, monkeypatch):
    monkeypatch.setattr(turn_bell, "WAIT", 0.0)  # every wait counts as long
    server, port = served

    def to_act(name):
        return lambda state: state.players[state.to_act()[0]] == name

    ann, ben, table = await ann_and_ben_at(server, port, "bigshot", to_act("ann"))
    app = session_of(server, "ben").app
    await until(lambda: app.screen.view.version == table.match.state.version)  # ann's turn
    await ben.wait_for("· ann to")  # ...drawn on ben's terminal, and all before it received
    had = bells(ben.received)
    play_until(server.host, table, to_act("ben"))
    await until(lambda: bells(ben.received) > had)
    await ann.close()
    await ben.close()


async def test_the_bell_a_person_turns_off_stays_off_when_they_come_back(served):
    server, port = served
    await table_with(server, ["ann"], bots=3)
    ann = await connect(port, "ann")
    await ann.wait_for("Ledger")  # back at her table
    assert session_of(server, "ann").app.turn_bell is True  # on at first at an SSH host
    await turn_the_bell(ann)
    await until(lambda: session_of(server, "ann").app.turn_bell is False)
    await ann.close()
    await until(lambda: not server.sessions)
    ann = await connect(port, "ann")
    await ann.wait_for("Ledger")
    assert session_of(server, "ann").app.turn_bell is False
    await ann.close()


async def test_keys_a_shared_table_refuses_say_why_and_change_nothing(served):
    server, port = served
    ann, ben, table = await ann_and_ben_at(
        server, port, "bigshot", lambda state: state.players[state.to_act()[0]] == "ann"
    )
    await ben.wait_for("· ann to")
    version = table.match.state.version
    await ben.press("p")  # Pass, ann's to make
    await ben.wait_for("Wait for your turn: ann is to", within="Auction")
    await ben.press("\x1a")  # Ctrl+Z
    await ben.wait_for("At a shared table a move stands", within="Auction")
    await ann.press("h")  # a hint, on her move
    await ann.wait_for("No hints where people play people.", within="Auction")
    with pytest.raises(HostError):  # nor from the host, asked directly
        await server.host.hint(table.id, "ann")
    assert table.match.state.version == version and not table.match.record.assisted
    await ann.close()
    await ben.close()


async def test_a_player_who_drops_gets_their_seat_back_mid_game(served):
    server, port = served
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ben.wait_for("You are ben")
    table = await table_with(server, ["ann", "ben"], bots=2)
    await ben.wait_for("Auction")
    await ben.close()
    await ann.wait_for("disconnected: ben")
    seat = table.seat_of("ben")
    assert seat is not None
    ben = await connect(port, "ben")
    await ben.wait_for("Auction")  # straight back to the table, in the same seat
    assert table.seat_of("ben") == seat
    assert f"{table.seats[seat].name}" == "ben"
    await ann.close()
    await ben.close()


async def test_someone_idle_on_their_turn_is_played_by_a_bot_until_they_return(tmp_path):
    server, port = await start_server(tmp_path, afk_seconds=0.3, bot_pace_seconds=0.1)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        table = await table_with(server, ["ann"], bots=3)
        await ann.wait_for("is away: a bot plays for them")
        await ann.wait_for("away, a bot plays: ann")
        assert table.seat_of("ann") is not None
        await ann.press("x")  # any key: she is back
        await ann.wait_for("ann is back.", timeout=10)
        assert not table.away
    finally:
        await server.stop()


async def test_table_chat_reaches_everyone_at_the_table(served):
    server, port = served
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ben.wait_for("You are ben")
    await table_with(server, ["ann", "ben"], bots=2)
    await ann.wait_for("Auction")
    await ann.press("t")
    await ann.wait_for("Say to the table")
    await ann.press("good luck!", "\r")
    await ben.wait_for("ann: good luck!")
    await ann.close()
    await ben.close()


async def test_spectators_at_one_size_share_one_rendered_screen_and_leave_with_q(served):
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    table = await table_with(server, ["ann"], bots=3)
    await ann.wait_for("Auction")
    cat, dan = await connect(port, "cat"), await connect(port, "dan")
    eve = await connect(port, "eve", width=100, height=30)

    def watching() -> list:
        return [s for s in server.sessions if s.name in ("cat", "dan", "eve")]

    await until(
        lambda: (
            len(watching()) == 3 and all(s.app is not None and s.app.is_running for s in watching())
        )
    )
    lobby_apps = [weakref.ref(s.app) for s in watching()]
    for watcher in (cat, dan, eve):
        await watcher.wait_for("Big Shot")
        await watcher.press("w")
        await watcher.wait_for("Ledger")  # the table itself, not the lobby's "watching" column
    for _ in range(100):  # what the server does at its next quiet moment
        server.collector.thaw()
        if all(ref() is None for ref in lobby_apps):
            break
        await asyncio.sleep(0.01)
    assert [ref() for ref in lobby_apps] == [None] * 3  # the apps they watched from are freed
    shows = server.broadcasts.shows
    assert set(shows) == {(table.id, (120, 40)), (table.id, (100, 30))}
    shared, audience = shows[(table.id, (120, 40))]
    assert len(audience.viewers) == 2 and sum(table.running.watchers.values()) == 3
    assert [s.app for s in watching()] == [None] * 3  # a watcher holds no app of its own
    eve.process.change_terminal_size(120, 40)  # eve's window grows: she joins the 120x40 show
    eve.screen.resize(40, 120)
    await until(lambda: len(audience.viewers) == 3)
    assert set(shows) == {(table.id, (120, 40))}
    await ann.press("t")
    await ann.wait_for("Say to the table")
    await ann.press("hello watchers", "\r")
    for watcher in (cat, dan, eve):
        await watcher.wait_for("ann: hello watchers")
    await cat.press("q")
    await cat.wait_for("You are cat")  # back in the lobby, drawn whole, by a fresh app
    assert len(audience.viewers) == 2
    for watcher, name in ((dan, "dan"), (eve, "eve")):
        await watcher.press("q")
        await watcher.wait_for(f"You are {name}")
    assert (table.id, (120, 40)) not in shows  # nobody left to show it to
    assert not table.running.watchers
    await cat.press("w")  # cat watches again, and her connection drops
    await cat.wait_for("Ledger")
    assert table.running.watchers == {"cat": 1}
    await cat.close()
    await until(lambda: not table.running.watchers and (table.id, (120, 40)) not in shows)
    for t in (ann, dan, eve):
        await t.close()


async def test_a_table_you_make_is_selected_so_b_and_g_act_on_it(served):
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    older = await server.host.create_table("ann", "bigshot", {}, players=4, bots=0)
    await ann.wait_for("ann, (open), (open), (open)")
    await ann.press("n")
    await ann.wait_for("A new table")
    await ann.press("c")
    await until(lambda: len(server.host.tables) == 2)
    made = max(server.host.tables)
    await ann.press("b")  # no Down first: the new table is the one selected
    await until(lambda: all(s.kind != "open" for s in server.host.tables[made].seats))
    assert [s.kind for s in older.seats].count("open") == 3
    await ann.close()


def lobby_of(session) -> int | None:
    """The table a session's lobby has selected, once its lobby is up (else None)."""
    screen = session.app.screen if session.app is not None else None
    return screen.selected_id() if isinstance(screen, LobbyScreen) and screen.ready else None


async def test_reconnecting_puts_you_back_at_the_table_you_were_at(served):
    server, port = served
    first = await table_with(server, ["ann", "ben"], bots=2, seed=3)
    second = await table_with(server, ["ann", "cat"], bots=2, seed=4)
    ann = await connect(port, "ann")
    await ann.wait_for("Ledger")
    assert next(iter(server.sessions)).app.at_table == first.id  # the first playing table
    await ann.press("q")
    await ann.wait_for("Leave this game?")
    await ann.press("y")
    await ann.wait_for("You are ann")
    await ann.press("\x1b[B")  # down to the second table
    await until(lambda: lobby_of(next(iter(server.sessions))) == second.id)
    await ann.press("\r")
    await until(lambda: next(iter(server.sessions)).app.at_table == second.id)
    await ann.close()
    await until(lambda: not server.sessions)
    again = await connect(port, "ann")
    await again.wait_for("Ledger")
    assert next(iter(server.sessions)).app.at_table == second.id
    await again.close()
    watcher = await connect(port, "dan")
    await watcher.wait_for("You are dan")
    await watcher.press("\x1b[B")  # dan watches the second table
    await until(lambda: any(s.name == "dan" and lobby_of(s) == second.id for s in server.sessions))
    await watcher.press("w")
    await until(lambda: second.running.watchers.get("dan") == 1)
    await watcher.close()
    await until(lambda: not server.sessions)
    dan = await connect(port, "dan")
    await until(lambda: second.running.watchers.get("dan") == 1)  # straight back to watching it
    await dan.close()


async def test_a_spectator_s_key_bar_offers_only_what_works(served):
    server, port = served
    await table_with(server, ["ann"], bots=3)
    cat = await connect(port, "cat")
    await cat.wait_for("Big Shot")
    await cat.press("w")
    await cat.wait_for("back to the lobby")
    keys = cat.text().splitlines()[-1]
    assert "chat is for the players" in keys
    for useless in ("Help", "Chat", "^p", "palette"):
        assert useless not in keys
    await cat.close()


async def test_the_name_dialog_closes_when_no_name_is_chosen_in_time(tmp_path, monkeypatch):
    monkeypatch.setattr("net.screens.app.ACTIVITY_CHECK_SECONDS", 0.05)
    server, port = await start_server(tmp_path, allow_guests=True)
    try:
        owner = await connect(port, "zed")
        await owner.wait_for("You are zed")
        guest = await connect(port, "zed", key=None, password="")
        await guest.wait_for("belongs to someone else")
        await guest.wait_for("as a guest, it is yours while you are here")  # no key of theirs
        assert "with the key you used" not in guest.plain_history()
        # the dialog seen, the time to choose runs short (a fixed short time from the start
        # could end before a loaded machine drew the dialog)
        server.host.limits = dataclasses.replace(server.host.limits, name_choice_seconds=0.3)
        await asyncio.wait_for(guest.closed.wait(), timeout=10)
        assert "no name was chosen in time" in guest.plain_history()
        await owner.close()
    finally:
        await server.stop()


async def ann_and_ben_at_the_end(served) -> tuple:
    """ann and ben after a Big Shot game they played together, both at its end screen."""
    server, port = served
    ann, ben, table = await ann_and_ben_at(server, port, "bigshot", lambda s: s.is_over())
    for person in (ann, ben):
        await person.wait_for("Game over")
    return ann, ben, table


async def test_a_finished_game_is_replayed_by_each_player_on_their_own(served):
    ann, ben, table = await ann_and_ben_at_the_end(served)
    await ann.press("r")
    await ann.wait_for("Replay, move 0 of")
    await ann.press("\x1b[C", "\x1b[C")  # right, right
    await ann.wait_for("Replay, move 2 of")
    assert "Game over" in ben.text()  # ann's replay is hers alone
    await ben.press("r")
    await ben.wait_for("Replay, move 0 of")
    await ann.press("q")
    await ann.wait_for("Game over")
    await ann.press("q")
    await ann.wait_for("You are ann")  # the lobby
    assert table.match.state.is_over() and "Replay, move 0 of" in ben.text()
    for person in (ann, ben):
        await person.close()


async def test_a_finished_game_is_analysed_once_for_both_players_and_kept_with_it(served):
    server, _ = served
    ann, ben, table = await ann_and_ben_at_the_end(served)
    analysing = table.running.analysing
    assert analysing is not None and analysing.seats == (0, 1)  # the people's moves, not bots'
    for person, name, other in ((ann, "ann", "ben"), (ben, "ben", "ann")):
        await person.wait_for("Chance of winning at each round's start (bots playing on")
        await person.wait_for(f"{name}'s moves")  # theirs, or that none moved their chance
        assert f"{other}'s moves" not in person.text()  # each sees their own
    await until(lambda: peek(server.storage).table(table.id).analysis is not None)
    assert peek(server.storage).table(table.id).record().analysis == analysing.analysis
    await ann.press("r")
    await ann.wait_for("Chances at round ")  # the replay gives each round's chances
    for person in (ann, ben):
        await person.close()


async def test_both_players_choose_play_again_and_a_new_game_starts_for_them(served):
    server, _ = served
    ann, ben, old = await ann_and_ben_at_the_end(served)
    assert "Play again" in ann.text() and "Play again" in ben.text()
    await ann.press("a")
    await ann.wait_for("You sit at table #")
    rematch = server.host.tables[old.rematch]
    assert rematch.status == "waiting" and rematch.seat_of("ann") == 0
    await ben.press("a")
    await until(lambda: rematch.status == "playing")
    for person in (ann, ben):
        await person.wait_for("Big Shot · round 1 of 18")  # the new game's table, for both
    for person in (ann, ben):
        await person.close()


async def test_a_spectator_replays_a_finished_game_from_the_shared_screen(served):
    server, port = served
    ann, ben, table = await ann_and_ben_at(server, port, "bigshot", lambda s: s.round == 18)
    cat = await connect(port, "cat")
    await cat.wait_for("Big Shot")
    await cat.press("w")
    await cat.wait_for("spectators watch")  # the shared screen, while the game runs
    play_until(server.host, table, lambda s: s.is_over())
    await cat.wait_for("Game over")  # the shared end screen offers r and q
    await cat.press("r")
    await cat.wait_for("Replay, move 0 of")
    await cat.press("\x1b[C")  # right
    await cat.wait_for("Replay, move 1 of")
    await cat.press("q")
    await cat.wait_for("You are cat")  # the lobby under the replay
    for person in (ann, ben, cat):
        await person.close()


async def test_the_table_s_host_starts_with_those_seated_by_g_then_shift_g(served):
    server, port = served
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ann.wait_for("You are ann")
    await until(lambda: settled_in_lobby(session_of(server, "ann")))  # ann's own app: keys
    table = await server.host.create_table("ann", "bigshot", {}, players=4, bots=0)
    await server.host.sit(table.id, "ben")
    await ann.wait_for("ann, ben, (open), (open)")
    await ann.press("g")  # the table is selected: start
    await ann.wait_for("2 seats are open: b fills them with bots, or G starts")
    await ann.press("G")
    for person in (ann, ben):
        await person.wait_for("Ledger")  # both taken to the table as it starts
    assert [s.name for s in table.seats] == ["ann", "ben"]
    for person in (ann, ben):
        await person.close()


async def test_a_game_that_ended_while_you_were_away_waits_in_the_lobby_then_in_past_games(served):
    server, port = served
    ann, ben, table = await ann_and_ben_at(server, port, "bigshot", lambda s: s.round == 18)
    await ann.press("q", "y")  # to the lobby, keeping the seat
    await ann.wait_for("You are ann")
    play_until(server.host, table, lambda s: s.is_over())
    await ann.wait_for("game over")  # the table's status in ann's lobby
    await ann.press("\r")
    await ann.wait_for("Game over")  # its end screen, with the replay
    await ann.wait_for("q  Lobby")  # its keys, as its key bar offers them
    await ann.press("q")
    await ann.wait_for("You are ann", timeout=30)  # (a key waits while the analysis comes in)
    await until(lambda: "game over" not in ann.text())  # gone from ann's list
    assert not table.listed_for("ann") and table.listed_for("ben")  # ben has not seen it yet
    await ben.close()
    await until(lambda: table.id not in server.host.tables)  # nobody left at it: out of memory
    await ann.press("p")
    await ann.wait_for("Past games")
    await ann.press("\r")
    await ann.wait_for("Replay, move 0 of")  # from the server's disk
    await ann.press("q")
    await ann.wait_for("Past games")
    await ann.close()


async def test_a_past_game_replayed_without_its_analysis_is_analysed_as_it_is_watched(served):
    server, port = served
    ann, ben, table = await ann_and_ben_at_the_end(served)
    await until(lambda: peek(server.storage).table(table.id).analysis is not None)
    storage = server.storage  # as if the server had stopped before the analysis was done:
    forget = "DELETE FROM analyses WHERE table_id = ?"
    storage.queue(lambda: storage.db.execute(forget, (table.id,))).result()
    for person in (ann, ben):
        await person.close()
    await until(lambda: table.id not in server.host.tables)  # nobody left at it: out of memory
    server.host.past._replays.pop(table.id, None)  # nor its replay, as after a restart
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    await ann.press("p")
    await ann.wait_for("Past games")
    await ann.press("\r")
    await ann.wait_for("Chances at round ")  # worked out by the host as ann watches
    await until(lambda: peek(server.storage).table(table.id).analysis is not None)  # kept
    await ann.close()


async def test_replays_open_one_at_a_time_so_a_burst_waits_its_own_turn(served):
    """Issue 67: a burst of replays kept a bystander's help waiting over a second. Each replay
    now opens in its turn, holding it until its first frame is drawn: while another person's
    is opening, ann's waits (her past games still shown); then it opens."""
    server, port = served
    ann, ben, table = await ann_and_ben_at_the_end(served)
    await ben.close()
    await ann.press("q")  # the end screen's Lobby
    await ann.wait_for("You are ann")
    await ann.press("p")
    await ann.wait_for("Past games")
    opening = server.host.past.opening
    await opening.acquire()  # someone else's replay, opening
    try:
        await ann.press("\r")
        await until(lambda: bool(opening._waiters))  # ann's, waiting its turn
        assert "Replay, move" not in ann.text() and "Past games" in ann.text()
    finally:
        opening.release()
    await ann.wait_for("Replay, move 0 of")
    await until(lambda: not opening.locked())  # drawn: the next may open
    await ann.close()
