"""A finished game played again from its end screen, move by move, in each game's own screen."""

import contextlib
from dataclasses import replace

import pytest

from core.engine.record import Record
from core.engine.replay import Replay
from play.analysis import Analysing
from play.games.bigshot import PROMPTS
from play.place import Place
from tui.demo import analysed, app_for, game_over, table_at
from tui.replay import ReplayTable, replay_screen
from tui.screens.end import EndPage
from tui.widgets.key_bar import KeyBar

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
GAMES = {
    "bigshot": None,
    "army": {"round_limit": 30},
    "stadium": {"round_limit": 30},
    "million": {"round_limit": 30},
}


def finished(game: str):
    return table_at(seed=7, game=game, options=GAMES[game], until=game_over)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_a_replay_shows_the_game_as_it_stood_at_a_move(snap_compare, game, size):
    """The end screen's `r`, four rounds on, then three moves on."""
    app = app_for(finished(game))
    assert snap_compare(
        app,
        terminal_size=size,
        run_before=analysed,  # the replay says each player's chances once they are known
        press=["r", "down", "down", "down", "down", "right", "right", "right"],
    )


async def test_the_replay_steps_through_the_record_and_closes_back_to_the_end_screen():
    table = finished("bigshot")
    record = table.match.record
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndPage)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        replay = screen.table
        assert replay.moves == 0 and "Replay, move 0 of" in screen.status_line()
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        assert replay.moves == 2
        start = Record(record.game, record.players, record.seed, record.options, record.actions[:2])
        assert screen.view == start.replay().view(None)
        assert len(screen.query_one("#log").lines) == len(screen.view.log)
        await pilot.press("end")
        await pilot.pause()
        assert screen.view == table.view(None) and not isinstance(app.screen, EndPage)
        await pilot.press("home")
        await pilot.pause()
        assert replay.moves == 0 and len(screen.query_one("#log").lines) == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, EndPage)
    assert table.match.record is record and table.state.is_over()  # the game is untouched


@contextlib.asynccontextmanager
async def replaying():
    """A finished Big Shot game's replay screen, at its start, and the pilot."""
    app = app_for(finished("bigshot"))
    async with app.run_test(size=(120, 40)) as pilot:
        await analysed(pilot)  # its playouts would slow the replay's timer down
        await pilot.press("r")
        await pilot.pause()
        yield app.screen, pilot


async def test_the_game_s_keys_do_nothing_in_a_replay():
    async with replaying() as (screen, pilot):
        await pilot.press("r", "1", "enter", "p", "ctrl+z")  # roll, bid, pass, undo
        await pilot.pause()
        assert screen.table.moves == 0 and screen.view.phase == "roll"
        keys = str(screen.query_one(KeyBar).render())
        assert "Move" in keys and "Roll" not in keys and "Pass" not in keys


async def test_space_plays_the_moves_on_and_stops_at_the_end():
    async with replaying() as (screen, pilot):
        await pilot.press("space")
        assert screen.venue._timer is not None
        screen.venue.play_on()  # what each tick of the timer does
        screen.venue.play_on()
        assert screen.table.moves == 2
        await pilot.press("end", "left")  # any step stops the play
        assert screen.venue._timer is None
        await pilot.press("space")
        screen.venue.play_on()
        assert screen.table.moves == screen.table.replay.length and screen.venue._timer is None


async def test_plus_and_minus_change_how_fast_it_plays_and_the_status_says_so():
    async with replaying() as (screen, pilot):
        await pilot.press("space")
        assert "playing at 0.6 s a move" in screen.status_line()
        assert screen.venue._timer._interval == 0.6
        await pilot.press("plus", "plus", "plus", "plus")  # past the fastest: stays there
        assert screen.venue._timer._interval == 0.05 and "0.05 s a move" in screen.status_line()
        await pilot.press("minus")
        assert screen.venue._timer._interval == 0.15
        await pilot.press("space")
        assert screen.venue._timer is None and "playing" not in screen.status_line()
        await pilot.press("minus", "space")  # the pace is kept between plays
        assert screen.venue._timer._interval == 0.3


def test_a_finished_game_with_hidden_money_is_replayed_with_everyone_s_money_shown():
    over = table_at(seed=7, options={"hidden_money": True}, until=game_over)
    replay = ReplayTable(Replay(over.match.record), over.seats)
    replay.go_to(120)
    assert None in replay._state.view(None).cash  # hidden from a spectator while it ran
    assert None not in replay.view(None).cash  # shown now that the game is over
    assert replay.view(None).round_ends  # and the money of every round so far


def test_a_replay_never_says_a_search_bot_is_thinking():
    over = table_at(seed=7, until=game_over)
    seats = [replace(seat, kind="search") for seat in over.seats]
    replay = ReplayTable(Replay(over.match.record), seats)
    replay.go_to(3)
    status = Place(replay, PROMPTS, None).status("Big Shot", "round 1", " · watching")
    assert replay.actor() is not None and "thinking" not in status


def test_a_save_of_a_game_still_running_is_replayed_as_a_spectator_saw_it():
    running = table_at(seed=7, options={"hidden_money": True}, until=lambda s: s.round == 6)
    replay = ReplayTable(Replay(running.match.record), running.seats)
    replay.go_to(replay.replay.length)
    assert replay.view(None).cash == running.view(None).cash and None in replay.view(None).cash


async def test_a_replay_whose_app_ends_as_it_opens_is_not_filled_in():
    """32 SSH sessions pressing p, Enter, End, Home, q, Esc at once: a session's app ended (q in
    the lobby) while its replay screen was mounting, its body composed but never filled, and
    filling in the panels ended the session with NoMatches '#status'."""
    app = app_for(finished("stadium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        await screen.query_one(".page-body").remove_children()  # as the burst left it
        app.exit()
        assert screen.children and not screen.is_attached
        screen.on_mount()  # what Textual did next: no panel is asked for


async def test_a_replay_follows_its_analysis_only_while_it_is_there_and_fails_it_never():
    """Issue 67: a burst of replays ended sessions on NoMatches '#status', and failed the
    analysis for everyone: the analysis told a replay screen of its progress before the screen
    was composed (its listener, given when the screen was made, drew it at once)."""
    table = finished("stadium")
    record = Record.from_json({**table.match.record.to_json(), "analysis": None})
    analysing = Analysing(record, [0])
    screen = replay_screen(Replay(record), table.seats, analysing=analysing)
    analysing._tell()  # progress, before the screen is shown: drawn in its own turn, later
    app = app_for(finished("stadium"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        await pilot.pause()
        analysing.progress = 0.5
        analysing._tell()
        await pilot.pause()
        assert "Chances being worked out, 50%" in screen.status_line()
        app.pop_screen()
        await pilot.pause()
        assert not analysing._listeners  # a screen gone is told nothing more
    await analysing.work_out(None)
    assert analysing.analysis is not None and not analysing.failed


async def test_a_listener_that_fails_never_fails_the_analysis(caplog):
    record = Record.from_json({**finished("bigshot").match.record.to_json(), "analysis": None})
    analysing = Analysing(record, [0])

    def broken() -> None:
        raise RuntimeError("a screen in trouble")

    analysing.listen(broken)
    await analysing.work_out(None)
    assert analysing.analysis is not None and not analysing.failed
    assert "a screen following a bigshot game's analysis failed" in caplog.text
