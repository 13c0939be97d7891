"""Playing Stadium through the app, as a person would: keys in, screens out."""

import pytest

from core.games.stadium import actions as A
from core.games.stadium.board import CARDS, LOTS, WIDTH
from tui.app import BoomtownApp
from tui.demo import app_for, stadium_bank_building_offered, stadium_building, stadium_table
from tui.games.stadium.end import StadiumEnd
from tui.games.stadium.look import LOT_AT
from tui.games.stadium.screen import StadiumScreen
from tui.saves import load_table
from tui.screens.dialogs import Confirm

from .test_play import play_to_the_end


def keys_for(view) -> list[str]:
    """What a simple person presses: roll, buy the lot the cursor is put on, build the biggest
    earner where the game first puts it, pass at auctions, refuse offers, pick Venture cards,
    auction what the cursor is put on when in debt."""
    phase, kinds = view.phase, {type(a) for a in view.legal}
    if phase == "roll":
        return ["r"]
    if phase in ("land", "speculate"):
        return ["enter"] if kinds & {A.BuyLot, A.Speculate} else ["x"]
    if phase == "draw":
        return ["v"]
    if phase == "auction":
        return ["p"]
    if phase == "debt":
        return ["B"] if A.Bankrupt in kinds else ["s"]
    if phase == "trade":
        return ["n"]
    return ["b", "enter"] if A.Build in kinds else ["e"]


@pytest.mark.long
async def test_a_short_game_is_played_by_keys_to_the_end_screen():
    table = stadium_table(5, until=None, options={"round_limit": 12}, players=2)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(pilot, app, StadiumScreen, lambda screen: keys_for(screen.view))
        assert isinstance(app.screen, StadiumEnd)
        assert str(app.screen.query_one("#verdict").render()) == table.state.result().reason
    mine = [action for seat, action in table.match.record.actions if seat == 0]
    assert any(type(a) is A.BuyLot for a in mine) and any(type(a) is A.Build for a in mine)
    assert table.match.record.replay().log() == table.state.log()


async def test_a_building_that_does_not_fit_is_refused_with_the_reason_and_changes_nothing():
    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        screen = app.screen
        assert screen.placing is not None
        await pilot.press("f")  # turned round, its figures edge no longer faces the street
        panel = str(screen.query_one("#auction")._shown)
        assert "figures edge" in panel
        version = table.state.version
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.version == version and "figures edge" in screen.message.lower()
        await pilot.press("f", "enter")  # turned back, it fits: built
        await pilot.pause()
        assert table.state.version > version and screen.placing is None
        assert any(
            b.owner == 0 and b.id == table.state.next_building - 1
            for b in table.state.buildings.values()
        )


def building_on_fresh_land(state) -> bool:
    """The person's construction step on their first turn: all their land bought this turn."""
    return (
        not state.stack
        and state.stage == "main"
        and state.turn == 0
        and state.land[0] != 0
        and state.land[0] & ~state.fresh == 0
    )


async def test_a_key_that_can_do_nothing_now_says_why_and_changes_nothing():
    table = stadium_table(2, building_on_fresh_land)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, version = app.screen, table.state.version
        assert "Build" not in str(screen.query_one("#keys").render())
        for key, said in (
            ("b", "Nobody builds in their first turn of the game."),
            ("d", "You have no building to demolish."),
            ("r", "Roll: not now. Build, demolish, offer a trade or end your turn."),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert screen.message.startswith(said)
        assert table.state.version == version and screen.placing is None


def offered_land_too_dear(state) -> bool:
    """The person's throw offers Bank land, and no lot for sale is within their cash."""
    return (
        bool(state.stack)
        and state.stack[-1].kind == "land"
        and state.turn == 0
        and state.legal_actions(0) == [A.NoLand()]
    )


async def test_land_offered_that_the_player_cannot_pay_for_says_so():
    table = stadium_table(4, offered_land_too_dear, players=3)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, version = app.screen, table.state.version
        assert "too little cash for any" in str(screen.query_one("#auction")._shown)
        assert "Confirm" not in str(screen.query_one("#keys").render())
        await pilot.press("enter")
        await pilot.pause()
        reason = table.state.why_none(0, A.BuyLot)
        assert screen.message == reason[0].upper() + reason[1:] + "."
        assert screen.message.startswith("The cheapest lot of Bank land in zone ")
        assert table.state.version == version
        await pilot.press("x")  # buy none: the turn goes on
        await pilot.pause()
        assert table.state.version > version and not table.state.stack


async def test_a_building_of_the_banks_is_marked_b_and_bought_with_its_land_by_enter():
    table = stadium_table(
        47, stadium_bank_building_offered, {"round_limit": 0}, players=3, stand_in="random"
    )
    state = table.state
    offer = next(a for a in state.legal_actions(0) if type(a) is A.BuyBuilding)
    building = state.buildings[offer.building]
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board")
        assert "the Bank's" in str(screen.query_one("#auction")._shown)
        while screen.cursor != (building.row, building.col):  # Tab visits it with the lots
            await pilot.press("tab")
        assert "the Bank's, earning nothing" in screen._under_cursor(screen.view)
        g = board.geometry()
        label = board._lines[g.rows.index(building.row)].text
        assert label[board._left + building.col * g.cell] == "B"  # its owner: the Bank
        cash = table.state.cash(0)
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.buildings[building.id].owner == 0
        assert table.state.cash(0) == cash - 20_000 * building.cells.bit_count()


async def test_demolishing_the_building_under_the_cursor_is_asked_first():
    """Issue 69: d demolished at once ($10,000 and the Garage gone at a key)."""
    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        mine = next(b for b in table.state.buildings.values() if b.owner == 0)
        screen.cursor = (mine.row, mine.col)
        cash = table.state.cash(0)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        asked = app.screen.question + " " + app.screen.explanation
        assert f"Demolish {CARDS[mine.card].name} #{mine.id}?" in asked and "$10,000" in asked
        await pilot.press("escape")  # kept
        await pilot.pause()
        assert mine.id in table.state.buildings and table.state.cash(0) == cash
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert mine.id not in table.state.buildings and table.state.demolished
        assert table.state.cash(0) == cash - 10_000


async def test_a_card_chosen_next_is_not_given_the_turn_of_the_card_before():
    """Issue 69: the turn `f` gave one card carried over to the next ('Fits here.', then 'Its
    figures edge (now to the north) must touch a street.')."""
    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        screen = app.screen
        await pilot.press("f")  # turned round: it no longer fits
        assert screen.facing == "N"
        for _ in range(len(CARDS)):  # every other card, then back to this one
            await pilot.press("right_square_bracket")
            spot = screen._spot(screen.placing)
            fits_here = any(
                type(a) is A.Build and a.card == screen.placing and (a.row, a.col) == spot
                for a in screen.view.legal
            )
            refused = screen._placing(screen.view).refused
            assert (refused is None) == fits_here, (CARDS[screen.placing].name, refused)


async def test_every_move_is_saved_and_the_game_resumes_where_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path))
    table = stadium_table(3, stadium_building)
    app = BoomtownApp(table, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("b", "enter")  # a building, then leave at once
        await pilot.pause()
        await pilot.press("ctrl+q")
    assert any(s == 0 and type(a) is A.Build for s, a in table.match.record.actions)
    saved = load_table(tmp_path / "autosave-stadium.json")
    assert saved.match.record.actions == table.match.record.actions
    assert saved.state.log() == table.state.log() and saved.state.buildings == table.state.buildings


async def test_d_is_offered_to_demolish_here_only_on_a_building_of_one_s_own():
    """Issue 43: "d demolish here" was offered over another player's land."""
    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        mine = next(b for b in table.state.buildings.values() if b.owner == 0)
        bank_acre = next(
            cell
            for lot in LOTS
            for cell in lot.cells
            if table.state.land[-1] >> (cell[0] * WIDTH + cell[1]) & 1
        )
        for cursor, said in (
            ((mine.row, mine.col), "demolish here"),
            (bank_acre, "demolish one of yours"),
        ):
            screen.cursor = cursor
            screen.redraw()
            await pilot.pause()
            panel = " ".join(str(screen.query_one("#auction")._shown).split())
            assert said in panel
            assert "demolish here" not in panel or said == "demolish here"


async def test_the_log_wraps_long_lines_and_a_small_window_opens_it_whole():
    """Issue 43: the log cut numbers off ("Investor: collect..."), and at 80x24 there was no
    log at all and the roll was never said."""
    from tui.screens.dialogs import LogPage

    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log")
        log.write_lines(
            [
                "Ada picks a Venture card: Investor: collect $1,000 for each turn "
                "played (at most $40,000). Ada collects $14,000 (Investor)."
            ]
        )
        await pilot.pause()
        rows = log.rows_shown()
        assert rows[-1].strip().endswith("collects $14,000 (Investor).")
        assert not any(row.endswith("…") for row in rows)
    app = app_for(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert f"rolled {table.state.die}." in str(app.screen.query_one("#auction")._shown)
        await pilot.press("pageup")
        await pilot.pause()
        assert isinstance(app.screen, LogPage) and app.screen.lines[-1] == table.state.log()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LogPage)


def offered_land_anywhere(state) -> bool:
    """The person threw a 4: one lot of Bank land in any zone."""
    return (
        bool(state.stack)
        and state.stack[-1].kind == "land"
        and state.turn == 0
        and state.stack[-1].zone == 0
        and len(state.legal_actions(0)) > 20
    )


async def test_tab_visits_every_lot_for_sale_in_board_order_and_shift_tab_goes_back():
    """Issue 43: on a 4, Tab cycled 60 of 162 buyable lots (the first lot by number after the
    cursor, not the next on the board)."""
    table = stadium_table(3, offered_land_anywhere)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        buyable = {a.lot for a in table.state.legal_actions(0) if type(a) is A.BuyLot}
        await pilot.press("tab")  # the key; then its action, without a frame drawn for each
        seen, cursors = {LOT_AT[screen.cursor]}, [screen.cursor]
        for _ in range(len(buyable) - 1):
            screen.action_next_lot(1)
            seen.add(LOT_AT[screen.cursor])
            cursors.append(screen.cursor)
        assert seen == buyable
        assert cursors[:-1] == sorted(cursors[:-1]) or cursors[1:] == sorted(cursors[1:])
        await pilot.press("shift+tab")
        assert screen.cursor == cursors[-2]


async def test_a_hint_puts_the_cursor_on_the_lot_it_names():
    """Issue 43: hints named lots by number, which the map does not show, and the cursor
    stayed where it was."""
    table = stadium_table(3, offered_land_anywhere)
    app = app_for(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        view = app.screen.view
        hinted = table.match.spec.bots["heuristic"](0).choose(view, view.legal)
        assert type(hinted) is A.BuyLot
        await pilot.press("h")
        await pilot.pause()
        assert LOT_AT[app.screen.cursor] == hinted.lot
        assert "Here: " + A.lot_name(hinted.lot) in str(app.screen.query_one("#auction")._shown)


async def test_a_building_hinted_is_shown_placed_as_it_says_and_enter_builds_it():
    """A hint named 'an Apartment Building at row 15, column 12, facing west' while the card
    being placed was another Apartment Building, facing north elsewhere: Enter refused it. The
    hint now places its card, spot and facing, found playing a whole game by hints."""
    table = stadium_table(3, stadium_building)
    app = app_for(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("h")
        for _ in range(200):  # the hint's playouts run away from the loop
            if screen.placing is not None or app._notifications:
                break
            await pilot.pause(0.05)
        hint = " ".join(n.message for n in app._notifications)
        assert "Hint: " in hint and " build " in hint, hint
        card, (row, col) = screen.placing, screen.cursor
        assert card is not None, "the hinted card is not being placed"
        chosen = hint.split(" (or ")[0].split(":")[1]  # not the other moves it names
        assert f"{CARDS[card].name} at row {row}, column {col}" in chosen, hint
        before = set(table.state.buildings)
        await pilot.press("enter")
        await pilot.pause()
        (new,) = set(table.state.buildings) - before
        assert table.state.buildings[new].card == card
