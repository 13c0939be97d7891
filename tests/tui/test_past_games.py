"""Finished games are kept on this computer and replayed from the title screen or the command
line; what cannot be kept or read is said, never raised."""

from datetime import datetime, timedelta

import pytest

from boomtown.cli import _parser, main, make_replay_app
from tui.app import BoomtownApp
from tui.demo import game_over, table_at
from tui.games import PLAYABLE
from tui.replay import ReplayVenue
from tui.saves import FINISHED_KEPT, finished_dir, keep_finished, load_replay, past_games
from tui.screens.end import EndPage
from tui.screens.past import PastGamesScreen
from tui.screens.title import TitleScreen

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
NOON = datetime(2026, 11, 22, 12, 0, 0)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def finished():
    """A finished Big Shot game (seed 7)."""
    return table_at(seed=7, until=game_over)


async def test_a_game_finished_here_is_replayed_from_the_title_screen(data_dir, finished):
    app = BoomtownApp(finished, pace=0)  # saving as a player's app does
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndPage)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        choices = app.screen.query_one("#choices")
        last = choices.option_count - 1
        assert str(choices.get_option_at_index(last).prompt) == "Replay a past game (1 kept)"
        choices.highlighted = last
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PastGamesScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen.venue, ReplayVenue)
        assert screen.table.replay.record.actions == finished.match.record.actions
        await pilot.press("end")
        await pilot.pause()
        assert screen.view == finished.view(None)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, PastGamesScreen)
    assert not list(data_dir.glob("autosave*.json"))  # nothing left to continue


def test_only_the_newest_finished_games_are_kept(data_dir, finished):
    for minutes in range(FINISHED_KEPT + 2):
        keep_finished(finished, NOON + timedelta(minutes=minutes))
    keep_finished(finished, NOON + timedelta(minutes=FINISHED_KEPT + 1))  # the same second
    games = past_games()
    assert len(games) == FINISHED_KEPT and all(game.readable for game in games)
    assert games[0].text.startswith("22 Nov 2026 12:21 · Big Shot · Ann, Ben, Cat, Dan · ")
    assert games[0].text.endswith(finished.view(None).result.reason)
    assert sum("12:21" in game.text for game in games) == 2  # neither overwrote the other
    assert not any(f"12:0{n}" in game.text for game in games for n in range(3))  # the oldest


def test_a_game_that_cannot_be_kept_is_not_kept_and_nothing_breaks(tmp_path, monkeypatch, finished):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(blocker / "boomtown"))
    assert keep_finished(finished, NOON) is None and past_games() == []


@pytest.mark.parametrize("size", SIZES)
def test_past_games_are_listed_newest_first_and_a_broken_one_says_why(
    snap_compare, data_dir, finished, size
):
    keep_finished(finished, NOON)
    hostile = table_at(seed=8, until=game_over)
    hostile.seats[0] = type(hostile.seats[0])("[b]Eve[/b]", "human")  # a name is never markup
    keep_finished(hostile, NOON + timedelta(days=1))
    (finished_dir() / "20261101-000000-army.json").write_text('{"boomtown_save": 1}')
    assert snap_compare(BoomtownApp(pace=0), terminal_size=size, press=["end", "enter"])


def test_replay_on_the_command_line_refuses_a_file_that_is_not_a_game(tmp_path, capsys):
    broken = tmp_path / "game.json"
    broken.write_text("[1, 2")
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(broken)])
    assert exit_.value.code == 2 and "cannot read" in capsys.readouterr().err


async def test_replay_on_the_command_line_opens_the_game_over_the_title(data_dir, finished):
    keep_finished(finished, NOON)
    app = make_replay_app(_parser().parse_args(["replay", past_games()[0].key]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.venue, ReplayVenue) and app.screen.table.moves == 0
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_an_assisted_game_says_so_at_its_end_and_in_the_past_games(data_dir):
    """Issue 43: a game with hints asked (or moves taken back) counts in no record of wins."""
    table = table_at(seed=7, until=lambda state: state.round == 9)
    await table.hint(0)
    while not table.is_over():
        seat = table.state.to_act()[0]
        table.act(seat, table.state.legal_actions(seat)[0])
    app = BoomtownApp(table, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndPage)
        assert "counts in no record of wins" in str(app.screen.query_one("#assisted").render())
    assert past_games()[0].text.endswith("(assisted)")


async def test_a_past_game_left_before_its_analysis_was_done_is_analysed_in_its_replay(
    data_dir,
):
    kept = keep_finished(table_at(seed=7, until=game_over), NOON)  # as it ended: no analysis
    assert load_replay(kept)[0].record.analysis is None
    app = BoomtownApp(pace=0, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.replay(kept)
        await pilot.pause()
        assert isinstance(app.screen.venue, ReplayVenue)
        assert await chances_shown(app, pilot)
    assert load_replay(kept)[0].record.analysis is not None  # kept: not worked out again


async def test_a_file_replayed_on_the_command_line_is_analysed_but_not_written_into(data_dir):
    kept = keep_finished(table_at(seed=7, until=game_over), NOON)  # as it ended: no analysis
    before = kept.read_bytes()
    app = make_replay_app(_parser().parse_args(["replay", str(kept)]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.venue, ReplayVenue)
        assert await chances_shown(app, pilot)
    assert kept.read_bytes() == before


async def test_a_replay_s_last_move_gives_the_chances_the_chart_ends_with(data_dir):
    """Issue 69: the chart ended 'Player 0%' (the game's result) while the replay's last frame
    said 'Player 50%' (the last round's start)."""
    kept = keep_finished(table_at(seed=7, until=game_over), NOON)
    app = make_replay_app(_parser().parse_args(["replay", str(kept)]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert await chances_shown(app, pilot)
        await pilot.press("end")
        record = app.screen.table.replay.record
        ends = ", ".join(
            f"{name} {chance:.0%}"
            for name, chance in zip(record.players, record.analysis.chances[-1])
        )
        assert f"Chances at the end: {ends}" in app.screen.status_line()
        assert "100%" in ends  # the winner's


async def chances_shown(app, pilot) -> bool:
    """Whether the replay's status line comes to give each player's chance at the round shown
    (worked out in threads here, in worker processes in play)."""
    for _ in range(3000):
        if "Chances at round 1's start: Ann " in app.screen.status_line():
            return True
        await pilot.pause()
    return False


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_title_shows_its_whole_menu_with_every_game_saved(data_dir, finished, size):
    """Issue 69: with games to continue, the menu scrolled 'Replay a past game' out of sight
    while rows below it stood empty (it was at most 12 rows, whatever the window)."""
    from tui.saves import autosave_path, save_table

    for game in PLAYABLE:
        save_table(table_at(seed=3, game=game, until=lambda state: True), autosave_path(game))
    keep_finished(finished, NOON)
    app = BoomtownApp(save_path=None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#choices")
        assert menu.option_count == 2 * len(PLAYABLE) + 1
        assert menu.max_scroll_y == 0  # every choice in sight, the last 'Replay a past game'
