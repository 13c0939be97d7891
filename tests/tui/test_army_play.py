"""Playing the Army game through the app, as a person would: keys in, screens out."""

import pytest
from textual.widgets import Input, SelectionList

from core.engine.frozen import replaced
from core.games.army import actions as A
from core.games.army.board import GROUPS, SQUARES
from tui.app import BoomtownApp
from tui.demo import (
    app_for,
    army_bidding,
    army_built_sites,
    army_managing,
    army_person_bankrupt,
    army_table,
    offered_a_trade,
    person_in_debt,
)
from tui.games.army.board import square_box
from tui.games.army.end import ArmyEnd
from tui.games.army.screen import ArmyScreen
from tui.games.army.trade import TradeScreen
from tui.screens.dialogs import OutOfTheGame
from tui.screens.title import TitleScreen
from tui.screens.venue import FAST_PACE, LocalVenue

from .test_play import play_to_the_end, settle


def decision_text(app) -> str:
    return str(app.screen.query_one("#auction")._shown)


def keys_for(view, cursor: int) -> list[str]:
    """What a cautious person presses: buy what they can afford, pass in auctions, refuse offers,
    mortgage or sell under the cursor when in debt."""
    phase = view.phase
    me = view.viewer
    if phase == "roll":
        return ["r"]
    if phase == "end":
        return ["e"]
    if phase == "buy":
        return ["y"] if view.cash[me] >= SQUARES[view.pending.square].price else ["n"]
    if phase == "auction":
        return ["p"]
    if phase == "choice":
        return ["f"] if view.cash[me] >= 10 else ["d"]
    if phase == "debt":
        legal = set(view.legal)
        if A.Sell(cursor) in legal:
            return ["s"]
        return ["m"] if A.Mortgage(cursor) in legal else ["B"]
    if phase == "trade":
        return ["n"]
    if phase == "lift":
        return ["k"]
    return ["enter"]


async def test_a_short_game_is_played_by_keys_to_the_end_screen():
    table = army_table(4, until=None, options={"short_game": True, "round_limit": 4})
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(
            pilot, app, ArmyScreen, lambda screen: keys_for(screen.view, screen.cursor)
        )
        assert isinstance(app.screen, ArmyEnd)
        assert str(app.screen.query_one("#verdict").render()) == table.state.result().reason
    assert any(seat == 0 for seat, _ in table.match.record.actions)
    assert table.match.record.replay().log() == table.state.log()


async def test_building_unevenly_is_refused_with_the_rule_and_changes_nothing():
    table = army_table(3, army_managing)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        site = army_built_sites(screen.view, 0)[0]
        screen.cursor = site
        level = table.state.level[site]
        await pilot.press("b")
        assert table.state.level[site] == level + 1
        version = table.state.version
        await pilot.press("b")
        assert table.state.version == version
        assert "Build evenly" in decision_text(app)


async def test_raising_money_by_mortgaging_then_paying_the_debt():
    table = army_table(1, person_in_debt)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        owed = table.state.stack[-1].amount
        assert "You owe" in decision_text(app)
        for _ in range(30):
            if table.state.stack and table.state.stack[-1].kind == "debt":
                screen = app.screen
                await pilot.press(*keys_for(screen.view, screen.cursor))
        assert not any(frame.kind == "debt" and frame.seat == 0 for frame in table.state.stack)
        assert any(t.amount == owed and t.source == 0 for t in table.state.ledger.entries[-3:])


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_debt_panel_s_figures_add_up(size):
    """Issue 43: "with £465 in cash; all the bank would pay: £1,630" read as £2,095."""
    table = army_table(1, person_in_debt)
    app = app_for(table)
    async with app.run_test(size=size):
        state = table.state
        cash, most = state.cash(0), state.max_raise(0)
        said = " ".join(decision_text(app).split())
        assert f"£{most:,} in all: £{cash:,} cash + £{most - cash:,} from the bank." in said


async def test_bankruptcy_pressed_while_money_can_be_raised_says_how():
    table = army_table(1, person_in_debt)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        version = table.state.version
        await pilot.press("B")
        await pilot.pause()
        assert (
            app.screen.message == "Bankrupt: not now. You can still raise the money: sell "
            "buildings, mortgage or trade."
        )
        assert table.state.version == version and table.state.active[0]


async def test_an_offer_is_composed_sent_and_answered_by_the_bot():
    table = army_table(3, army_managing)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        partner = trade.partner
        trade.query_one("#get-cash", Input).value = "1"
        trade.query_one("#give-cash", Input).focus()
        await pilot.press(*"100000")
        assert trade.query_one("#give-cash", Input).value == "£100,000"  # as the game writes it
        assert "has £" in str(trade.query_one("#verdict").render())  # more cash than there is
        await pilot.press(*["backspace"] * 4)
        assert trade.query_one("#give-cash", Input).value == "£10"
        await pilot.press("0")
        await pilot.pause()
        assert str(trade.query_one("#verdict").render()).startswith("Ready")
        await pilot.click("#send")
        await settle(pilot, app)
        assert isinstance(app.screen, ArmyScreen)
        answer = [line for line in table.state.log() if "Ann's offer" in line]
        assert answer and table.state.players[partner] in answer[-1]
        assert app.screen.view.offers_left == 2


async def test_a_counter_offer_turns_the_offer_round():
    table = army_table(1, offered_a_trade)
    offer = table.state.stack[-1].offer
    proposer = table.state.stack[-1].proposer
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        assert "offers a trade" in decision_text(app)
        await pilot.press("c")
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        assert set(trade.query_one("#give", SelectionList).selected) == set(offer.get)
        assert set(trade.query_one("#get", SelectionList).selected) == set(offer.give)
        await pilot.click("#send")
        await pilot.pause()
        sent = [a for s, a in table.match.record.actions if s == 0][-1]
        assert isinstance(sent, A.Propose)
        assert (sent.partner, sent.give, sent.get, sent.get_cash) == (
            proposer,
            offer.get,
            offer.give,
            offer.give_cash,
        )


async def test_a_ticked_deed_shows_a_tick_not_only_another_colour():
    table = army_table(1, offered_a_trade)
    offer = table.state.stack[-1].offer
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        seen = set()
        for side, chosen in (("#give", offer.get), ("#get", offer.give)):
            box = app.screen.query_one(side, SelectionList)
            for y in range(box.option_count):
                ticked = box.get_option_at_index(y).value in chosen
                assert box.render_line(y).text.startswith("▐✓▌" if ticked else "▐ ▌")
                seen.add(ticked)
        assert seen == {True, False}


def army_own_deed_nothing_buildable(state) -> bool:
    """The person's turn to throw, owning a deed, with nothing they could build anywhere."""
    return (
        not state.stack
        and state.stage == "roll"
        and state.turn == 0
        and 0 in state.owner
        and not any(isinstance(a, A.Build) for a in state.legal_actions(0))
    )


async def test_b_on_a_deed_that_cannot_be_built_on_says_why():
    table = army_table(2, army_own_deed_nothing_buildable)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        screen.cursor = table.state.owner.index(0)
        assert "Build" not in str(screen.query_one("KeyBar").render())  # not offered...
        await pilot.press("b")
        await pilot.pause()
        reason = table.state.why_illegal(0, A.Build(screen.cursor))
        assert reason and screen.message == reason.capitalize() + "."  # ...but it says why


async def test_a_refusal_is_said_in_the_turn_panel_and_in_a_notice_only_where_it_has_no_room():
    """One place for a refused key's reason: the panel saying what the game waits for; a
    notice (which covers the board) only when that panel, on a small screen, cannot show it."""
    table = army_table(3, army_bidding)
    for size, noticed in (((120, 40), False), ((80, 24), True)):
        app = app_for(table)
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("b")
            await pilot.pause()
            said = "You can build or lift mortgages only in your own turn."
            assert app.screen.message == said and said in decision_text(app)
            assert [n.message for n in app._notifications] == ([said] if noticed else []), size
            shown_whole = app.screen.query_one("#auction").shows_whole(said)
            assert shown_whole is not noticed  # 7 lines of 23 at 80 x 24: no room


async def test_a_table_screen_closed_before_it_was_composed_is_mounted_bare_without_an_error():
    """Opened and closed in one burst of keys (an SSH session's app ending as it opened the
    person's table, found by the fuzzer): Textual composes a closing screen with no widgets and
    still mounts it. Filling in panels that are not there ended the session with an error."""
    table = army_table(3, army_bidding)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ArmyScreen(table, LocalVenue(), None)
        app.push_screen(screen)
        app.exit()
        await screen._close_messages()  # as the ending app closes what is left, unstarted
        assert not screen.children and not screen.is_attached
        screen.on_mount()  # what Textual did next: no panel is asked for


async def test_when_the_bank_runs_short_a_person_types_how_many_buildings_they_want():
    table = army_table(3, army_managing)
    state = table.state
    buildable = [a.square for a in state.legal_actions(0) if isinstance(a, A.Build)]
    assert buildable
    rival = next(s for s in range(1, 4) if state.active[s])
    for square in GROUPS["light_blue"]:  # a rival able to build too
        state.owner = replaced(state.owner, (square,), rival)
        state.level = replaced(state.level, (square,), 0)
        state.mortgaged = replaced(state.mortgaged, (square,), False)
    state.stores_left = 1
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.cursor = buildable[0]
        await pilot.press("b")
        await pilot.pause()
        assert app.screen.view.phase == "want"
        assert "how many do you want" in decision_text(app)
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert "Ann wants 1 Ammo Store." in table.state.log()


async def test_a_bankrupt_person_may_skip_to_the_result():
    table = army_table(1, army_person_bankrupt)
    assert not table.state.is_over()
    app = BoomtownApp(table, pace=1.0, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OutOfTheGame)
        await pilot.press("r")
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ArmyEnd):
                break
        assert table.state.is_over() and isinstance(app.screen, ArmyEnd)


async def test_a_bankrupt_person_may_watch_the_bots_at_speed_or_leave():
    table = army_table(1, army_person_bankrupt)
    app = BoomtownApp(table, pace=1.0, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is game and game.venue.pace <= FAST_PACE and not table.state.is_over()
    app = BoomtownApp(army_table(1, army_person_bankrupt), pace=1.0, save_path=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_after_a_mortgage_in_an_auction_the_first_digit_starts_a_new_bid():
    """Issue 43: typing 100 after mortgaging mid-auction gave £71,100."""
    table = army_table(3, army_bidding)
    state = table.state
    deed = next((a for a in state.legal_actions(0) if isinstance(a, A.Mortgage)), None)
    if deed is None:  # give the bidder a deed to mortgage
        square = next(s for s in GROUPS["brown"] if state.owner[s] < 0)
        state.owner = replaced(state.owner, (square,), 0)
        deed = A.Mortgage(square)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("7", "1")
        assert app.screen.bid.amount == 71
        assert app.screen.submit(deed)
        await pilot.press("1", "0", "0")
        assert app.screen.bid.amount == 100


def test_deeds_are_listed_with_their_group_s_letter_not_colour_alone():
    """Issue 43: under a deuteranopia simulation red, green, orange, brown and pink groups
    looked alike in the Ledger and the trade lists."""
    from tui.games.army.panels import LedgerPanel
    from tui.games.army.trade import TradeScreen

    table = army_table(3, army_managing)  # seat 0's turn: it may offer trades
    state = table.state
    for square in GROUPS["brown"] + GROUPS["red"][:1]:
        state.owner = replaced(state.owner, (square,), 0)
        state.mortgaged = replaced(state.mortgaged, (square,), False)
        state.level = replaced(state.level, (square,), 0)
    view = table.view(0)
    line = LedgerPanel._holdings(view, 0, 200).plain
    assert "b:" in line and "r:" in line
    trade = TradeScreen.__new__(TradeScreen)  # its list of deeds, not the screen
    trade.final = view
    names = [str(item.prompt) for item in trade.items(0, ())]
    assert any("(brown)" in name for name in names) and any("(red)" in name for name in names)


async def test_the_arrows_move_the_cursor_the_way_they_point_on_the_board():
    """Issue 69: on the bottom row, Left moved the cursor to the right (board order)."""
    table = army_table(3, army_managing)
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board")

        def x_y() -> tuple[int, int]:
            x, y, _, _ = square_box(board.geometry(), screen.cursor)
            return x, y

        for start, key, moves in (
            (5, "left", "x-"),
            (5, "right", "x+"),
            (15, "up", "y-"),
            (15, "down", "y+"),
            (25, "right", "x+"),
            (35, "down", "y+"),
            (10, "up", "y-"),  # a corner: onto the side
            (0, "up", "y-"),
        ):
            screen.cursor = start
            before = x_y()
            await pilot.press(key)
            after = x_y()
            axis = 0 if moves[0] == "x" else 1
            assert (after[axis] - before[axis]) * (1 if moves[1] == "+" else -1) > 0, (start, key)
        screen.cursor = 5
        await pilot.press("up")  # nothing above the bottom row but the centre: stays
        assert screen.cursor == 5
        mine = [s for s in range(40) if table.state.owner[s] == 0]
        await pilot.press("tab")  # the next deed of one's own
        assert screen.cursor == next((s for s in mine if s > 5), mine[0])
