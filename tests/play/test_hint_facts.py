"""A hint says why, in the game's terms: a fact about the move a person can check on the board
(`Prompts.why`), given with how the search bot's playouts came out."""

import re

from core.engine.search import Weighing
from core.games import get_spec
from core.games.army import actions as A
from core.games.bigshot import actions as BA
from core.games.bigshot.board import COLOURS
from core.games.million import actions as MA
from core.games.million.board import BUSINESSES, FINISH
from core.games.million.frames import AFTER as MILLION_AFTER
from core.games.stadium import actions as SA
from core.games.stadium.board import CARDS as STADIUM_CARDS
from play.games.army import PROMPTS as ARMY
from play.games.bigshot import PROMPTS as BIGSHOT
from play.games.million import PROMPTS as MILLION
from play.games.stadium import PROMPTS as STADIUM
from play.place import Place
from play.table import LocalTable, Seat
from tests.core.army_helpers import give, set_cash, throw
from tests.core.bigshot_helpers import new_game as new_bigshot
from tests.core.test_million_rules import roll as roll_million
from tests.core.test_million_rules import start as start_million

REAPER, WATCHKEEPER = 1, 3  # the brown sites
GREEN = (31, 32, 34)


def army_table(players: int = 3) -> LocalTable:
    """Ann (a person) first to throw, against heuristic bots."""
    seats = [Seat("Ann"), *(Seat(name, "heuristic") for name in ("Ben", "Cat")[: players - 1])]
    table = LocalTable.new("army", seats, seed=1)
    table.state.turn = table.state.starter = 0
    return table


def landing_on_watchkeeper(table: LocalTable):
    throw(table.state, (1, 2))
    table.act(0, A.Roll())
    return table.view(0)


def test_buying_names_the_group_it_completes_blocks_or_adds_to():
    table = army_table()
    give(table.state, 0, REAPER)
    assert ARMY.why(landing_on_watchkeeper(table), A.Buy()) == (
        "with Watchkeeper you hold all 2 brown"
    )
    table = army_table()
    give(table.state, 1, REAPER)
    assert ARMY.why(landing_on_watchkeeper(table), A.Buy()) == (
        "it keeps Ben from holding all the brown"
    )
    table = army_table()
    assert ARMY.why(landing_on_watchkeeper(table), A.Buy()) == "you would hold 1 of 2 brown"


def test_letting_a_deed_go_and_passing_name_its_price_and_the_bid():
    table = army_table()
    view = landing_on_watchkeeper(table)
    assert ARMY.why(view, A.Decline()) == (
        "at auction it may go for less than its £60, to you or to a rival"
    )
    table.act(0, A.Decline())
    table.act(1, A.Bid(45))
    view = table.view(2)
    assert ARMY.why(view, A.Pass()) == "the bid stands at £45; its price is £60"


def test_building_names_the_rent_before_and_after_and_a_mortgage_what_it_raises():
    table = army_table()
    give(table.state, 0, *GREEN)
    set_cash(table.state, 0, 2000)
    view = table.view(0)
    assert A.Build(31) in view.legal
    # a bare site of a whole group takes double rent: £26 x 2, then £130 with one Ammo Store
    assert ARMY.why(view, A.Build(31)) == "Scimitar's rent goes from £52 to £130"
    assert ARMY.why(view, A.Mortgage(31)) == "it raises £150"


def test_an_offer_s_answer_names_the_change_in_worth():
    table = army_table(2)
    give(table.state, 1, WATCHKEEPER)
    table.state.turn = 1
    table.act(1, A.Propose(0, give=(WATCHKEEPER,), get_cash=100))
    view = table.view(0)
    assert ARMY.why(view, A.Accept()) == "accepting changes your worth by -£40"


async def test_a_hint_gives_the_fact_behind_the_move_it_names_with_its_playouts():
    table = army_table()
    give(table.state, 0, REAPER)
    view = landing_on_watchkeeper(table)
    ann = Place(table, ARMY, 0)

    async def weighed(seat):
        return Weighing((A.Buy(), A.Decline()), (0.5, 0.25), 8, A.Buy())

    table.hint = weighed
    action, told = await ann.hint()
    assert action == A.Buy() and told == (
        "Hint: buy it: with Watchkeeper you hold all 2 brown; it won 50% of its 8 "
        "playouts, against 25% to decline (it goes to auction)."
    )
    assert ARMY.why(view, A.Roll()) == ""  # nothing to say of a throw


async def test_a_hint_whose_playouts_cannot_tell_two_moves_apart_says_it_is_a_toss_up():
    table = army_table()
    give(table.state, 0, REAPER)
    landing_on_watchkeeper(table)
    ann = Place(table, ARMY, 0)

    async def weighed(seat):  # 38% and 33% of 24: well within their scatter
        return Weighing((A.Buy(), A.Decline()), (0.38, 0.33), 24, A.Buy())

    table.hint = weighed
    _, told = await ann.hint()
    assert told.startswith("Hint: buy it (or decline (it goes to auction): a toss-up, by its ")


def million_after_landing(business: int):
    """Ann and Ben at Million, Ben (whose turn it is; he holds a free small business) stopped
    beside `business`."""
    state = start_million()
    me = state.turn
    state.stage, state.landed = MILLION_AFTER, BUSINESSES[business].space
    return state, me


def test_taking_a_business_names_what_a_publicity_stunt_would_then_pay():
    state, me = million_after_landing(1)
    state.holder[0] = me  # A1 beside A2: a group of two pays $10,000 x 2 x 2
    assert MILLION.why(state.view(me), MA.Lease(1)) == (
        "a publicity stunt would pay you $50,000 instead of $20,000"
    )
    state.holder[1], state.leased[1] = 1 - me, True
    assert MILLION.why(state.view(me), MA.Buy(1)) == (
        "it takes Ann's lease; a publicity stunt would pay you $50,000 instead of $20,000"
    )


def test_a_drive_names_what_the_player_could_take_there_with_their_cash():
    state, me = million_after_landing(0)
    view = state.view(me)  # $10,000: A1 leases for $10,000, A2 for $20,000
    assert MILLION.why(view, MA.Drive(BUSINESSES[0].space)) == "there you could lease A1 ($10,000)"
    assert MILLION.why(view, MA.Drive(BUSINESSES[1].space)) == (
        "nothing there you can take now; from there the publicity stunt at the TV Station "
        "is 5 spaces on"
    )
    state._pay(state.bank, me, 30_000, "test")
    assert MILLION.why(state.view(me), MA.Drive(BUSINESSES[1].space)) == (
        "there you could lease A2 ($20,000) or buy A2 ($40,000)"
    )
    assert MILLION.why(view, MA.Drive(FINISH)) == "you hold $10,000 of the $1,000,000 to finish"
    assert MILLION.why(view, MA.EndTurn()) == ""


def test_a_six_names_how_near_the_rivals_it_may_stop_are_to_finishing():
    state = start_million(3)
    me = state.turn
    waiting, near = (me + 1) % 3, (me + 2) % 3
    state.skip[waiting] = True  # already misses a turn: a six cannot stop them
    state._pay(state.bank, waiting, 1_290_000, "test")  # 130% of the $1,000,000
    state._pay(state.bank, near, 790_000, "test")  # 80%
    state.position[near] = 96  # FINISH 10.0 turns away
    roll_million(state, 6)
    state.step(me, state.legal_actions(me)[0])  # drive: the six's choice waits
    view, name = state.view(me), state.players[near]
    assert MILLION.why(view, MA.SkipPlayer(near)) == (
        f"{name}'s cash and leases make 80% of the target, and {name} is 10.0 turns from "
        "FINISH on average"
    )
    assert MILLION.why(view, MA.TakeTen()) == (
        "no rival a six may stop has cash and leases of more than 80% of the target"
    )


def test_a_big_shot_loan_names_what_it_pays_now_and_costs_at_the_end():
    state = new_bigshot(4, seed=16)
    seat = state.current
    colour = state.seat_colours[seat][0]
    first = BIGSHOT.why(state.view(seat), BA.take_loan(colour))
    state.step(seat, BA.take_loan(colour))
    state.round += 1  # a colour borrows once a round: the next round's loan
    second = BIGSHOT.why(state.view(seat), BA.take_loan(colour))
    name = COLOURS[colour]
    assert first == f"it pays {name} 9 now and costs 10 at the end"
    assert second == f"it pays {name} 8 now and costs 10 at the end"


def test_a_big_shot_bid_names_the_bidder_s_cubes_up_and_a_pass_the_bid_standing():
    state = new_bigshot(4, seed=16)
    state.step(state.current, BA.ROLL)
    bidder = state.current
    mine = state.seat_colours[bidder]
    cubes = state.spaces[state.broker]
    up = f"{sum(cubes[c] for c in mine)} of the {sum(cubes)} cubes up are yours"
    assert BIGSHOT.why(state.view(bidder), BA.bid(1)) == up
    state.step(bidder, BA.bid(3))
    nxt = state.current
    theirs = sum(cubes[c] for c in state.seat_colours[nxt])
    assert BIGSHOT.why(state.view(nxt), BA.PASS) == (
        f"{theirs} of the {sum(cubes)} cubes up are yours; the bid stands at 3"
    )


def test_a_stadium_lot_names_the_biggest_earner_it_makes_room_for_and_a_building_its_income():
    spec = get_spec("stadium")
    state = spec.start(["Ann", "Ben"], 2, {})
    bots = [spec.bots["heuristic"](seat) for seat in range(2)]
    while (seat := state.actor()) is not None and state.view(seat).phase != "land":
        view = state.view(seat)
        state.step(seat, bots[seat].choose(view, view.legal))
    view = state.view(seat)
    incomes = {card.income for card in STADIUM_CARDS}
    facts = [STADIUM.why(view, a) for a in view.legal if isinstance(a, SA.BuyLot)]
    facts = [fact for fact in facts if fact]  # "" for a lot with room for no building
    assert facts and all(
        re.fullmatch(r"with it you have room for a building earning \$([\d,]+) a turn", fact)
        and int(fact.split("$")[1].split()[0].replace(",", "")) in incomes
        for fact in facts
    )
    house = next(i for i, card in enumerate(STADIUM_CARDS) if card.income)
    card = STADIUM_CARDS[house]
    assert STADIUM.why(view, SA.Build(house, 0, 0, 0)) == (
        f"{card.name} earns ${card.income:,} a turn"
    )


def test_an_army_swap_names_the_groups_it_completes():
    table = army_table()
    give(table.state, 0, REAPER, 9)  # Foxhound
    give(table.state, 1, WATCHKEEPER, 6, 8)  # the other light blues
    swap = A.Propose(1, give=(9,), get=(WATCHKEEPER,), get_cash=60)
    assert ARMY.why(table.view(0), swap) == (
        "you would hold all the brown; Ben would hold all the light blue"
    )


def test_a_drive_once_cash_and_leases_make_the_target_names_the_turns_to_finish():
    state, me = million_after_landing(0)
    state.holder[0], state.leased[0] = me, True  # A1's lease refunds $10,000
    state._pay(state.bank, me, 980_000, "test")  # $990,000 in cash
    assert MILLION.why(state.view(me), MA.Drive(96)) == (
        "your cash and leases make the target; from there FINISH is 10.0 turns away on average"
    )
