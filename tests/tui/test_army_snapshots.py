"""How the Army game's screens look, at 120x40 and at the smallest supported size, 80x24."""

import pytest

from tui.app import BoomtownApp
from tui.demo import (
    analysed,
    app_for,
    army_bidding,
    army_built_sites,
    army_in_prison,
    army_managing,
    army_person_bankrupt,
    army_table,
    game_over,
    offered_a_trade,
    person_in_debt,
)

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_board_mid_game(snap_compare, size):
    assert snap_compare(app_for(army_table(3, army_managing)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_property_management_explains_the_even_rule(snap_compare, size):
    """An Ammo Store built on a site: building there again is refused, and the centre says why."""

    async def on_a_built_site(pilot):
        screen = pilot.app.screen
        screen.cursor = army_built_sites(screen.view, 0)[0]
        screen.redraw()
        await pilot.press("b", "b")

    app = app_for(army_table(3, army_managing))
    assert snap_compare(app, terminal_size=size, run_before=on_a_built_site)


@pytest.mark.parametrize("size", SIZES)
def test_auction_with_a_typed_bid(snap_compare, size):
    assert snap_compare(
        app_for(army_table(1, army_bidding)), terminal_size=size, press=["2", "4", "0"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_an_offer_to_answer(snap_compare, size):
    assert snap_compare(app_for(army_table(1, offered_a_trade)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_trade_screen_counter_offer(snap_compare, size):
    assert snap_compare(app_for(army_table(1, offered_a_trade)), terminal_size=size, press=["c"])


@pytest.mark.parametrize("size", SIZES)
def test_prison_choices(snap_compare, size):
    assert snap_compare(app_for(army_table(2, army_in_prison)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_raising_money(snap_compare, size):
    assert snap_compare(app_for(army_table(1, person_in_debt)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen_net_worth_by_round(snap_compare, size):
    assert snap_compare(app_for(army_table(2, game_over)), terminal_size=size, run_before=analysed)


@pytest.mark.parametrize("size", SIZES)
def test_out_of_the_game_offers_to_watch_skip_or_leave(snap_compare, size):
    app = BoomtownApp(army_table(1, army_person_bankrupt), pace=3600, save_path=None)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size):
    assert snap_compare(
        app_for(army_table(3, army_managing)), terminal_size=size, press=["question_mark"]
    )
