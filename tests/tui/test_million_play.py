"""Playing Million through the app, as a person would: keys in, screens out."""

from types import SimpleNamespace

import pytest

from core.games.million import actions as A
from core.games.million.board import BUSINESSES, SPACES
from tui.app import BoomtownApp
from tui.demo import app_for, million_choosing_a_drive, million_on_real_estate, million_table
from tui.games.million.board import COMPACT, FULL
from tui.games.million.end import MillionEnd
from tui.games.million.screen import MillionScreen
from tui.saves import load_table

from .test_play import play_to_the_end


def keys_for(view) -> list[str]:
    """What a simple person presses: take the small business the cursor is put on, roll, drive
    to the first destination, lease what the cursor is put on (else end the turn), take the
    six's money."""
    phase, kinds = view.phase, {type(a) for a in view.legal}
    if phase in ("setup", "move"):
        return ["enter"]
    if phase == "roll":
        return ["r"]
    if phase == "six":
        return ["m"] if A.TakeTen in kinds else ["2"]
    return ["l", "e"] if A.Lease in kinds else ["e"]


@pytest.mark.long
async def test_a_short_game_is_played_by_keys_to_the_end_screen():
    table = million_table(5, until=None, options={"round_limit": 15}, players=2)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(pilot, app, MillionScreen, lambda screen: keys_for(screen.view))
        assert isinstance(app.screen, MillionEnd)
        assert str(app.screen.query_one("#verdict").render()) == table.state.result().reason
    mine = [action for seat, action in table.match.record.actions if seat == 0]
    assert {A.ChooseFree, A.Drive, A.Lease} <= {type(a) for a in mine}
    assert table.match.record.replay().log() == table.state.log()


async def test_driving_where_the_roll_does_not_reach_is_refused_and_changes_nothing():
    table = million_table(3, million_choosing_a_drive)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        reachable = {w.destination for w in screen.view.walks}
        screen.cursor = next(s.id for s in SPACES if s.id not in reachable)
        version = table.state.version
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.version == version and "green space" in screen.message
        await pilot.press("tab")  # the cursor to a destination: the path is drawn, Enter drives
        target = screen.cursor
        assert target in reachable and screen.query_one("#board").route.path[-1] == target
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.position[0] == target or table.state.position[0] is None


async def test_every_move_is_saved_and_the_game_resumes_where_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    table = million_table(3, million_choosing_a_drive)
    app = BoomtownApp(table, pace=0)
    before = len(table.match.record.actions)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # drive, then leave at once
        await pilot.pause()
        await pilot.press("ctrl+q")
    seat, action = table.match.record.actions[before]
    assert seat == 0 and type(action) is A.Drive
    saved = load_table(tmp_path / "autosave-million.json")
    assert saved.match.record.actions == table.match.record.actions
    assert saved.state.log() == table.state.log() and saved.state.position == table.state.position


def stopped_between_two(state) -> bool:
    """The person stopped on the space that holds two businesses, and may take either."""
    if state.stack or state.stage != "after" or state.turn != 0 or state.landed != 102:
        return False
    offered = {a.business for a in state.legal_actions(0) if type(a) in (A.Buy, A.Lease)}
    return set(SPACES[102].businesses) <= offered


async def test_tab_goes_to_the_other_business_of_a_space_that_holds_two_and_keys_take_it():
    table = million_table(25, stopped_between_two)
    first, second = SPACES[102].businesses
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, turn = app.screen, app.screen.query_one("#auction")
        assert screen.cursor == 102
        assert f"lease {BUSINESSES[first].name}" in str(turn.render())
        await pilot.press("tab")
        await pilot.pause()
        assert screen.cursor == 102
        assert f"lease {BUSINESSES[second].name}" in str(turn.render())
        await pilot.press("l")
        await pilot.pause()
        assert table.state.holder[second] == 0 and table.state.holder[first] == -1
        # The car stands on the space's second line, at its right; the business leased there
        # still shows its code and its holder's digit beside it (underlined: leased).
        await pilot.press("up")  # the cursor off the space, which it would show reversed
        await pilot.pause()
        assert screen.cursor != 102
        rows = app.screen.query_one("#board")._lines
        x, y = SPACES[102].x * FULL.cell, SPACES[102].y * FULL.lines + 1
        second_line = rows[y].crop(x, x + FULL.cell)
        assert second_line.text == f"{BUSINESSES[second].name}1 1"
        styles = [segment.style for segment in second_line for _ in segment.text]
        assert styles[2].underline and not styles[1].underline  # the digit, not the code


def person_stopped_where(can_take: bool):
    """The person has driven and may end the turn; `can_take`: whether the stop offers them a
    business they can buy or lease."""

    def test(state) -> bool:
        if state.stack or state.stage != "after" or state.turn != 0 or state.round < 2:
            return False
        return can_take == any(type(a) in (A.Buy, A.Lease) for a in state.legal_actions(0))

    return test


async def test_the_turn_panel_asks_to_buy_or_lease_only_where_the_person_can():
    for can_take, said in (
        (True, "Buy or lease here, or end your turn."),
        (False, "Nothing here you can buy or lease: end your turn."),
    ):
        table = million_table(3, person_stopped_where(can_take))
        app = app_for(table)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert str(app.screen.query_one("#auction").render()).startswith(said)


async def test_a_business_key_where_nothing_can_be_taken_says_the_rule():
    table = million_table(3, person_stopped_where(False))
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, version = app.screen, table.state.version
        await pilot.press("enter")
        await pilot.pause()
        assert (
            screen.message == "Drive/take: not now. The game waits for you to buy, lease "
            "or end the turn."
        )
        screen.cursor = next(
            space.id for space in SPACES if space.businesses and space.id != table.state.landed
        )
        await pilot.press("b")
        await pilot.pause()
        assert screen.message.startswith("You may take a business only where you stop")
        assert table.state.version == version


def test_the_standings_after_the_winner_go_by_worth_the_figure_shown_beside_cash():
    """At a round limit the richest by worth wins; the places after it follow the same figure,
    not cash (Coin, holding leases, is worth more than Dot with more cash)."""
    view = SimpleNamespace(
        players=("Ann", "Coin", "Dot"),
        result=SimpleNamespace(winners=(0,)),
        cash=(60_000, 10_000, 30_000),
        worth=(90_000, 40_000, 30_000),
    )
    assert MillionEnd.order(view) == [0, 1, 2]


async def test_a_hint_puts_the_cursor_on_the_business_it_names_and_its_key_takes_that_one():
    """On Real Estate, where any business may be taken, a hint to lease one left the cursor
    where it was, and the key the hint named acted on the business there (found over SSH)."""
    table = million_table(3, million_on_real_estate)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.view
        hinted = table.match.spec.bots["search"](0).choose(view, view.legal)
        assert type(hinted) in (A.Lease, A.Buy)
        await pilot.press("h")
        await pilot.pause()
        assert screen.cursor == BUSINESSES[hinted.business].space
        assert f"Here: {BUSINESSES[hinted.business].name} " in str(
            screen.query_one("#auction")._shown
        )
        await pilot.press("l" if type(hinted) is A.Lease else "b")
        await pilot.pause()
        assert table.state.holder[hinted.business] == 0


async def test_after_a_drive_with_nothing_to_take_the_cursor_is_where_the_car_stopped():
    """Issue 69: 'Here:' named the player's own business, not where the car stopped."""
    table = million_table(3, person_stopped_where(False))
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.cursor == table.state.landed == table.state.position[0]


async def test_no_name_on_the_full_board_runs_into_its_neighbour_s():
    """Issue 69: 'A1 4BA2', 'R.EstB5', 'E2 2L100k': a space's text ran into the next."""
    table = million_table(3, million_choosing_a_drive)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        rows = [line.text for line in board._lines]
        for s in SPACES:
            x, y = s.x * FULL.cell, s.y * FULL.lines
            ends, starts = rows[y][x + FULL.cell - 1], rows[y][x + FULL.cell : x + FULL.cell + 1]
            assert ends == " " or starts in ("", " "), rows[y][x : x + 2 * FULL.cell]


async def test_no_holder_s_digit_on_the_compact_board_runs_into_its_neighbour_s_name():
    """Issue 69: at 80x24 'S14Cin', 'A13A23A3': a holder's digit ran into the next space's
    name. The holder is the code's colours now; a business's space shows its code and, in its
    last column, nothing but a car."""
    table = million_table(3, million_on_real_estate)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        assert board.geometry() == COMPACT
        rows = [line.text for line in board._lines]
        held = [b for b in BUSINESSES if table.state.holder[b.id] >= 0]
        assert len(held) >= 4
        cars = {space for space in table.state.position if space is not None}
        for b in held:
            s = SPACES[b.space]
            cell = rows[s.y][s.x * COMPACT.cell : (s.x + 1) * COMPACT.cell]
            assert b.name[0] in cell[:2], cell
            if s.id not in cars:
                assert cell[2] == " ", (b.name, cell)
