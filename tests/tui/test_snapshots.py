"""How every screen looks, at 120x40 and at the smallest supported size, 80x24."""

import pytest

from tui.app import BoomtownApp
from tui.demo import (
    analysed,
    app_for,
    game_over,
    human_bidding_after_a_bid,
    human_placing,
    table_at,
)
from tui.saves import keep_finished, save_table

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("size", SIZES)
def test_title_offers_to_continue_the_saved_game_and_to_replay_past_ones(
    snap_compare, data_dir, size
):
    save_table(table_at(seed=3, until=lambda s: s.round == 5), data_dir / "autosave-bigshot.json")
    keep_finished(table_at(seed=7, until=game_over))
    assert snap_compare(BoomtownApp(pace=0), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_setup_screen(snap_compare, data_dir, size):
    assert snap_compare(BoomtownApp(pace=0), terminal_size=size, press=["down", "enter"])


@pytest.mark.parametrize("size", SIZES)
def test_auction_in_progress(snap_compare, size):
    app = app_for(table_at(until=human_bidding_after_a_bid))
    assert snap_compare(app, terminal_size=size, press=["1", "2"])


@pytest.mark.parametrize("size", SIZES)
def test_placement_previews_who_would_win_the_lot(snap_compare, size):
    app = app_for(table_at(seed=11, until=human_placing))
    assert snap_compare(app, terminal_size=size, press=["right", "down"])


def hidden(seat_to_bid: int):
    def until(state) -> bool:
        return state.phase == "bid" and state.current == seat_to_bid and state.round >= 3

    return table_at(seed=5, humans=2, options={"hidden_money": True}, until=until)


@pytest.mark.parametrize("size", SIZES)
def test_hidden_money_seen_by_the_first_player(snap_compare, size):
    assert snap_compare(app_for(hidden(0)), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_hidden_money_hand_over_hides_the_table(snap_compare, size):
    assert snap_compare(app_for(hidden(1)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_hidden_money_seen_by_the_second_player(snap_compare, size):
    assert snap_compare(app_for(hidden(1)), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES)
def test_end_screen_explains_the_result(snap_compare, size):
    assert snap_compare(
        app_for(table_at(seed=7, until=game_over)), terminal_size=size, run_before=analysed
    )


@pytest.mark.parametrize("size", SIZES)
def test_help_screen(snap_compare, size):
    app = app_for(table_at(until=human_bidding_after_a_bid))
    assert snap_compare(app, terminal_size=size, press=["question_mark"])


@pytest.mark.parametrize(
    "size", [pytest.param((60, 20), id="60x20"), pytest.param((100, 18), id="100x18")]
)
def test_too_small_terminal_asks_for_a_bigger_window(snap_compare, size):
    app = app_for(table_at(until=human_bidding_after_a_bid))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_leaving_asks_first_and_says_the_game_is_kept(snap_compare, size):
    app = app_for(table_at(until=human_bidding_after_a_bid))
    assert snap_compare(app, terminal_size=size, press=["q"])


@pytest.mark.parametrize("size", SIZES)
def test_two_players_each_with_two_colours(snap_compare, size):
    table = table_at(players=2, until=lambda s: s.round >= 3 and s.phase == "bid")
    assert snap_compare(app_for(table), terminal_size=size)
