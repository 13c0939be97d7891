"""How Stadium's screens look, at 120x40 and at the smallest supported size, 80x24."""

import pytest

from tui.demo import (
    analysed,
    app_for,
    game_over,
    person_in_debt,
    stadium_bidding,
    stadium_building,
    stadium_buying_land,
    stadium_table,
)

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_city_mid_game(snap_compare, size):
    assert snap_compare(app_for(stadium_table(3, stadium_building)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_a_building_placed_where_it_fits(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(3, stadium_building)), terminal_size=size, press=["b"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_building_turned_where_it_does_not_fit_says_why(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(3, stadium_building)), terminal_size=size, press=["b", "f"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_buying_bank_land(snap_compare, size):
    assert snap_compare(app_for(stadium_table(1, stadium_buying_land)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_crown_auction_with_a_typed_bid(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(1, stadium_bidding)), terminal_size=size, press=["1", "0", "0"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_raising_money_by_auction(snap_compare, size):
    assert snap_compare(app_for(stadium_table(57, person_in_debt)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_trade_screen(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(3, stadium_building)), terminal_size=size, press=["o"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(3, stadium_building)), terminal_size=size, press=["question_mark"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_end_screen_assets_by_round(snap_compare, size):
    assert snap_compare(
        app_for(stadium_table(1, game_over)), terminal_size=size, run_before=analysed
    )
