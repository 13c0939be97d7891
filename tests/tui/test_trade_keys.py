"""An offer made to you is answered by the same keys in every game that trades: `y` accepts,
`n` rejects, `c` counters; and Army's `y` and `n` still buy a deed or send it to auction."""

from dataclasses import replace

import pytest

from core.games.army import actions as army
from core.games.stadium import actions as stadium
from core.games.stadium.board import LOTS
from tui.demo import app_for, army_table, offered_a_trade, stadium_table
from tui.screens.trade import TradeScreen

from .test_play import keys_on_bar

GAMES = {
    "army": (army, lambda: army_table(1, offered_a_trade)),
    "stadium": (stadium, lambda: stadium_table(1, offered_a_trade, players=3)),
}


def my_last_action(table):
    return [action for seat, action in table.match.record.actions if seat == 0][-1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("key", "answer"), [("y", "Accept"), ("n", "Reject")])
async def test_y_accepts_and_n_rejects_an_offer(game, key, answer):
    actions, table_for = GAMES[game]
    table = table_for()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        assert f" {key}  {answer}" in keys_on_bar(app)
        await pilot.press(key)
        assert type(my_last_action(table)) is getattr(actions, answer)


@pytest.mark.parametrize("game", GAMES)
async def test_c_opens_the_counter_offer(game):
    table = GAMES[game][1]()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        assert " c  Counter" in keys_on_bar(app)
        await pilot.press("c")
        assert isinstance(app.screen, TradeScreen)


async def test_army_s_y_and_n_buy_a_deed_or_send_it_to_auction():
    for key, answer in (("y", army.Buy), ("n", army.Decline)):
        table = army_table(
            2,
            lambda state: (
                bool(state.stack) and state.stack[-1].kind == "buy" and state.stack[-1].seat == 0
            ),
        )
        app = app_for(table)
        async with app.run_test(size=(120, 40)) as pilot:
            assert " y  Buy" in keys_on_bar(app) and " n  Auction it" in keys_on_bar(app)
            await pilot.press(key)
            assert type(my_last_action(table)) is answer


async def test_a_shared_key_pressed_in_vain_names_both_of_its_answers():
    table = army_table(
        2, lambda state: state.turn == 0 and state.stage == "roll" and not state.stack
    )
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("y")
        assert app.screen.message == "Buy or Accept: not now. Throw the dice first."


@pytest.mark.parametrize("game", GAMES)
async def test_space_ticks_from_the_first_press_and_enter_sends_from_a_list(game):
    """Issue 43: Enter in a list toggled a tick (and the screen still said "ready to send"),
    and the first Space after tabbing into a list did nothing."""
    from textual.widgets import SelectionList

    actions, table_for = GAMES[game]
    table = table_for()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TradeScreen)
        ticks = screen.query_one("#give", SelectionList)
        ticks.focus()
        await pilot.pause()
        before = set(ticks.selected)
        await pilot.press("space")
        assert set(ticks.selected) != before  # the first Space ticks (or unticks) the first
        await pilot.press("space")
        assert set(ticks.selected) == before
        assert screen._check() is None  # the counter-offer as it opened is a legal one
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TradeScreen)
        assert type(my_last_action(table)) is actions.Propose


@pytest.mark.parametrize("game", GAMES)
async def test_cash_is_written_as_money_and_the_offer_says_what_it_does_to_each_side(game):
    """Issue 43: the cash fields showed bare digits, and nothing said what an offer was worth
    to each side, nor (Army) that it completes the other side's group."""
    table = GAMES[game][1]()
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        cash = screen.query_one("#give-cash")
        cash.focus()
        await pilot.press(*("50000" if game == "army" else "50"))  # Stadium's: as its bids
        money = "£" if game == "army" else "$"
        assert cash.value == f"{money}50,000"
        offer = screen.offer()
        assert offer.give_cash == 50_000
        outcome = screen.final.trade_outcome(0, offer)
        (me, mine), (partner, theirs) = outcome.changes
        shown = str(screen.query_one("#outcome").render())
        name = table.state.players[partner]
        assert shown.startswith(
            f"Change in worth: you {'+' if mine > 0 else '−'}{money}"
            f"{abs(mine):,}, {name} {'+' if theirs > 0 else '−'}{money}"
            f"{abs(theirs):,}"
        )
        without = screen.final.trade_outcome(0, replace(offer, give_cash=0)).changes
        assert (mine, theirs) == (without[0][1] - 50_000, without[1][1] + 50_000)  # cash counts
        if game == "army":  # this offer hands Cat her brown group, and the screen warns
            assert outcome.completes == ((partner, "brown"),)
            assert f"⚠ {name} would complete the brown group." in shown


async def test_stadium_s_trade_cash_is_typed_in_thousands_as_its_bids_are():
    """Issue 69: typing 95 in a Stadium trade's cash gave $95 ('you -$79,905'), where 95 in
    its bid box is $95,000."""
    app = app_for(GAMES["stadium"][1]())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        cash = screen.query_one("#give-cash")
        assert "in $1,000s" in str(cash.placeholder)  # the unit, beside what is typed
        cash.focus()
        await pilot.press("9", "5")
        assert (cash.value, screen.offer().give_cash) == ("$95,000", 95_000)
        await pilot.press("end", "backspace")  # among the box's own zeros: the 5 goes
        assert (cash.value, screen.offer().give_cash) == ("$9,000", 9_000)
        await pilot.press("backspace")
        assert (cash.value, screen.offer().give_cash) == ("", 0)


@pytest.mark.parametrize("game", GAMES)
async def test_the_box_the_keys_go_to_is_framed_and_no_notice_covers_the_buttons(game):
    """Issue 69: nothing showed where Tab, Down and Space went, and a notice ('Taken back:
    ...') lay over Cancel."""
    app = app_for(GAMES[game][1]())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.notify("Taken back: a move.")
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert not app._notifications
        give, get = screen.query_one("#give"), screen.query_one("#get")
        assert app.focused is give
        framed = give.styles.border_top
        assert framed != get.styles.border_top
        await pilot.press("tab")  # to the cash box: the frame goes with the keys
        await pilot.pause()
        assert give.styles.border_top != framed == app.focused.styles.border_top


def an_offer(game: str, table):
    """A legal offer of the person's to seat 1: Army, a deed of theirs for £10; Stadium, $1,000
    for a lot of seat 1's."""
    if game == "army":
        view = table.match.state.view(0)
        mine = next(square for square, owner in enumerate(view.owner) if owner == 0)
        offer = army.Propose(1, give=(mine,), get_cash=10)
    else:
        offer = next(
            o
            for lot in range(len(LOTS))
            if table.why_illegal(0, o := stadium.Propose(1, give_cash=1000, get_lots=(lot,)))
            is None
        )
    assert table.why_illegal(0, offer) is None
    return offer


OFFERING = {  # the person to throw, a few rounds in, with something to trade
    "army": lambda: army_table(
        2, lambda s: s.turn == 0 and s.stage == "roll" and not s.stack and s.round > 3
    ),
    "stadium": lambda: stadium_table(3, lambda s: s.turn == 0 and s.round > 6, players=3),
}


@pytest.mark.parametrize("game", OFFERING)
async def test_a_hint_to_offer_a_trade_is_sent_by_o_then_enter(game):
    """A hint to offer a trade had no key to follow it: the offer was typed in by hand. `o`
    now opens the trade screen filled in with it."""
    table = OFFERING[game]()
    offer = an_offer(game, table)

    async def hint(seat):
        return offer  # what the bot would play (the bots' choices are tested elsewhere)

    table.hint = hint
    app = app_for(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("h")
        await pilot.pause()
        told = " ".join(n.message for n in app._notifications)
        assert "o opens the offer filled in with it" in told, told
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, TradeScreen) and app.screen.offer() == offer
        await pilot.press("enter")
        await pilot.pause()
        assert my_last_action(table) == offer
