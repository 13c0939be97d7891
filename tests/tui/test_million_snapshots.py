"""How Million's screens look, at 120x40 and at the smallest supported size, 80x24."""

import pytest

from tui.demo import (
    analysed,
    app_for,
    game_over,
    million_choosing_a_drive,
    million_on_real_estate,
    million_rolled_a_six,
    million_setup,
    million_table,
)

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_choosing_the_free_small_business(snap_compare, size):
    assert snap_compare(app_for(million_table(3, million_setup)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_choosing_where_to_drive_with_the_path_drawn(snap_compare, size):
    assert snap_compare(
        app_for(million_table(3, million_choosing_a_drive)), terminal_size=size, press=["tab"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_real_estate_with_the_cursor_on_a_business_to_take(snap_compare, size):
    assert snap_compare(
        app_for(million_table(3, million_on_real_estate)), terminal_size=size, press=["tab", "tab"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_the_six_s_choice(snap_compare, size):
    assert snap_compare(app_for(million_table(3, million_rolled_a_six)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen_cash_by_round(snap_compare, size):
    assert snap_compare(
        app_for(million_table(3, game_over)), terminal_size=size, run_before=analysed
    )


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size):
    assert snap_compare(
        app_for(million_table(3, million_setup)), terminal_size=size, press=["question_mark"]
    )


def test_six_players_fill_the_small_ledger_and_its_title_names_the_columns(snap_compare):
    assert snap_compare(
        app_for(million_table(3, million_rolled_a_six, players=6)), terminal_size=(80, 24)
    )
