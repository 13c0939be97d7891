"""Stadium's rules, one test per rule of the Stadium rulebook (and docs/rulings.md's readings of
it)."""

import pytest

from core.engine import debts
from core.engine.errors import IllegalAction
from core.games import get_spec
from core.games.stadium import actions as A
from core.games.stadium import land, ventures
from core.games.stadium.actions import build_at
from core.games.stadium.board import LOT_MASKS, LOTS, VENTURES, bit
from core.games.stadium.frames import MAIN, START_CASH
from core.games.stadium.placement import placements_of

NAMES = ["Ann", "Ben", "Cat", "Dan"]
FRESH = "you cannot build on land acquired this turn"
FIRST_TURN = "nobody builds in their first turn of the game"


def start(players=2, seed=1, **options):
    return get_spec("stadium").start(NAMES[:players], seed, options)


def own(state, seat, *cells_or_lots):
    """Give `seat` lots (ints) or single acres ((row, col)), as if bought on an earlier turn
    (so in the second round at least)."""
    for item in cells_or_lots:
        land.move_land(state, LOT_MASKS[item] if isinstance(item, int) else bit(*item), seat)
    state.fresh = 0
    state.round = max(state.round, 2)


def act(state, action):
    state.step(state.to_act()[0], action)


def roll(state, value):
    state.step_outcome(state.to_act()[0], A.Roll(), value)


def to_main(state):
    """Roll a one and buy nothing: the turn reaches construction."""
    roll(state, 1)
    if state.stack:
        act(state, A.NoLand())
    assert state.stage == MAIN and not state.stack


def end_turn(state):
    if state.stage != MAIN:
        to_main(state)
    act(state, A.EndTurn())


def refused(state, action) -> str:
    with pytest.raises(IllegalAction) as caught:
        act(state, action)
    return str(caught.value)


# Block 0 (zone 2) has the street of row 0 along its north side: lot 0 is (1, 1) and (1, 2),
# lot 1 (1, 3) and (2, 3), lot 3 (2, 1) and (2, 2).


def test_each_player_starts_with_200000_and_must_roll_first():
    state = start(4)
    assert [state.cash(s) for s in range(4)] == [START_CASH] * 4
    assert state.legal_actions(state.turn) == [A.Roll()]
    assert refused(state, A.EndTurn()) == "roll the die first"


@pytest.mark.parametrize("throw, zones", [(1, {1}), (2, {2}), (3, {3}), (4, {1, 2, 3})])
def test_a_throw_of_one_to_four_buys_one_lot_of_bank_land_in_its_zone(throw, zones):
    state = start()
    me = state.turn
    roll(state, throw)
    lots = [a.lot for a in state.legal_actions(me) if type(a) is A.BuyLot]
    assert {LOTS[lot].zone for lot in lots} == zones
    assert not any(LOTS[lot].crown for lot in lots)  # Crown Land is only ever auctioned
    if throw != 4:
        elsewhere = next(lot.id for lot in LOTS if lot.zone != throw and not lot.crown)
        reason = refused(state, A.BuyLot(elsewhere))
        assert reason == f"your throw lets you buy in zone {throw} only"
    lot = lots[0]
    act(state, A.BuyLot(lot))
    assert state.cash(me) == START_CASH - 20_000 * LOTS[lot].acres
    assert land.parcel(state, me, lot) == LOT_MASKS[lot]


def test_land_need_not_be_bought():
    state = start()
    roll(state, 2)
    act(state, A.NoLand())
    assert state.cash(state.turn) == START_CASH and state.stage == MAIN


def crown_auction(state, throw=5):
    roll(state, throw)
    act(state, A.DrawCrown())
    return state.stack[-1]


def test_a_crown_auction_opens_at_the_card_s_minimum_with_the_drawer_and_rises_by_10000():
    state = start(3)
    drawer = state.turn
    lot = crown_auction(state).square
    minimum = LOTS[lot].minimum
    assert state.to_act() == (drawer,)
    assert min(a.amount for a in state.legal_actions(drawer) if type(a) is A.Bid) == minimum
    assert refused(state, A.Bid(minimum - 10_000)) == f"the lowest bid now is ${minimum:,}"
    assert refused(state, A.Bid(minimum + 5_000)) == "bids rise in steps of $10,000"
    act(state, A.Pass())  # the drawer need not bid: the bidding passes to the left
    left = (drawer + 1) % 3
    assert state.to_act() == (left,)
    act(state, A.Bid(minimum))
    act(state, A.Bid(minimum + 10_000))  # the third player
    act(state, A.Pass())
    winner = (drawer + 2) % 3
    assert land.parcel(state, winner, lot) == LOT_MASKS[lot]
    assert state.cash(winner) == START_CASH - minimum - 10_000


def test_an_unsold_crown_lot_is_frozen_for_good():
    state = start()
    lot = crown_auction(state).square
    act(state, A.Pass())
    act(state, A.Pass())
    assert lot in state.frozen and not land.for_sale(state, lot)
    assert lot not in dict(land.bank_parcels(state, 0))


def test_a_five_or_six_offers_a_venture_card_and_only_that_once_the_crown_deck_is_used_up():
    state = start()
    roll(state, 6)
    assert state.legal_actions(state.turn) == [A.DrawCrown(), A.DrawVenture()]
    act(state, A.DrawVenture())
    assert state.venture_shown
    end_turn(state)
    state.crown_deck.clear()
    roll(state, 5)
    assert state.venture_shown  # picked at once: no choice left
    assert not any(type(f).__name__ == "CrownOrVenture" for f in state.stack)


def test_no_building_on_land_acquired_this_turn_from_the_bank():
    state = start()
    end_turn(state)
    end_turn(state)
    me = state.turn
    roll(state, 2)
    act(state, A.BuyLot(0))
    assert refused(state, build_at("R1", 1, 1, "N")) == FRESH
    end_turn(state)
    end_turn(state)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    assert state.cash(me) == START_CASH - 40_000 - 20_000


def test_no_building_on_land_won_at_auction_or_traded_this_turn():
    state = start()
    end_turn(state)
    end_turn(state)
    me, other = state.turn, 1 - state.turn
    own(state, other, 0)
    to_main(state)
    act(state, A.Propose(other, give_cash=50_000, get_lots=(0,)))
    act(state, A.Accept())
    assert land.parcel(state, me, 0) == LOT_MASKS[0]
    assert refused(state, build_at("R1", 1, 1, "N")) == FRESH


def test_the_first_turn_of_the_game_has_no_construction():
    state = start()
    roll(state, 4)
    act(state, state.legal_actions(state.turn)[0])
    assert not any(type(a) is A.Build for a in state.legal_actions(state.turn))
    assert state.why_none(state.turn, A.Build) == FIRST_TURN
    assert state.why_none(state.turn, A.Demolish) == "you have no building to demolish"


def test_nobody_builds_in_their_first_turn_even_on_land_got_in_an_earlier_one():
    """Issue 43: "not possible on the first turn of the game", for the second player too."""
    state = start()
    first, second = state.turn, 1 - state.turn
    land.move_land(state, LOT_MASKS[0], first)
    to_main(state)
    act(state, A.Propose(second, give_lots=(0,), get_cash=50_000))
    act(state, A.Accept())
    end_turn(state)
    to_main(state)
    assert state.turn == second and land.parcel(state, second, 0) == LOT_MASKS[0]
    assert refused(state, build_at("R1", 1, 1, "N")) == FIRST_TURN
    assert state.why_none(second, A.Build) == FIRST_TURN
    end_turn(state)
    end_turn(state)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))  # the second turn is a builder's


def test_a_player_who_can_build_nothing_is_told_why():
    state = start()
    state.round = 2  # past everyone's first turn
    me = state.turn
    assert state.why_none(me, A.Build) is None  # before the roll the game waits for the die
    to_main(state)
    assert state.why_none(me, A.Build) == "you own no land to build on"
    own(state, me, 0)
    assert state.why_none(me, A.Build) is None
    state._pay(me, state.bank, state.cash(me) - 1_000, "spent")
    assert state.why_none(me, A.Build).startswith("the cheapest building card left costs $")
    assert state.why_none(me, A.Build).endswith("and you have $1,000")


def test_a_building_faces_a_street_with_its_figures_edge_turned_half_way_at_most():
    state = start()
    me = state.turn
    own(state, me, 0, 3)
    to_main(state)
    # as pictured, a card's figures edge is its south side: row 3 is land, not a street
    assert refused(state, build_at("R1", 1, 1, "S")).startswith("its figures edge")
    assert refused(state, build_at("R2h", 1, 1, "S")).startswith("its figures edge")
    # turned half way round it faces the street north of row 1
    legal = state.legal_actions(me)
    assert build_at("R2h", 1, 1, "N") in legal and build_at("R4", 1, 1, "N") in legal
    # a vertical card's figures edge is its short side: (1,1)-(2,1) faces north too
    assert build_at("R2v", 1, 1, "N") in legal
    # a non-square card is never turned a quarter: horizontal and vertical cards are separate
    assert build_at("R2h", 2, 1, "N") not in legal  # (2, 1)-(2, 2): row 1 above is land
    assert refused(state, build_at("R2h", 1, 1, "W")) == "only a square card may face east or west"
    # a square card may: its figures edge to the west, onto the street in column 0
    assert build_at("R4", 1, 1, "W") in legal


def test_a_building_stands_on_the_builder_s_land_inside_one_block():
    state = start()
    me = state.turn
    own(state, me, 0)
    to_main(state)
    assert refused(state, build_at("R2h", 1, 2, "N")) == "you can build only on your own land"
    assert refused(state, build_at("R2h", 1, 4, "N")).startswith("a building stands on land")
    assert refused(state, build_at("R1", 0, 1, "N")).startswith("a building stands on land")


def test_zoning_the_first_building_sets_the_block_s_class_until_the_block_is_empty():
    state = start()
    me = state.turn
    own(state, me, 0, 3, 1)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))  # a Home: the block is residential
    block = LOTS[0].block
    assert state.block_class[block] == "residential"
    end_turn(state)
    end_turn(state)
    to_main(state)
    assert refused(state, build_at("C1", 1, 2, "N")) == "zoning: this block is residential"
    assert build_at("R1", 1, 2, "N") in state.legal_actions(me)
    building = next(iter(state.buildings))
    act(state, A.Demolish(building))  # the block is empty again: either class may start
    assert state.block_class[block] == ""
    assert state.cash(me) == START_CASH - 20_000 + 2_000 - 10_000  # a turn's returns in between


def test_one_construction_and_then_one_demolition_a_turn():
    state = start()
    me = state.turn
    own(state, me, 0, 3, 1)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    assert refused(state, build_at("R1", 1, 2, "N")).startswith("one building a turn")
    assert state.why_none(me, A.Build).startswith("one building a turn")
    end_turn(state)
    end_turn(state)
    to_main(state)
    act(state, A.Demolish(1))
    # demolition comes after construction: the cleared land waits for the next turn
    assert refused(state, build_at("R1", 1, 2, "N")).startswith("demolition comes after")
    assert not any(type(a) in (A.Build, A.Demolish) for a in state.legal_actions(me))
    assert state.why_none(me, A.Build).startswith("demolition comes after")
    assert state.why_none(me, A.Demolish) == "one demolition a turn"


def test_a_building_may_cover_part_of_a_lot_and_the_rest_is_a_parcel_sold_in_one_piece():
    state = start()
    me, other = state.turn, 1 - state.turn
    own(state, me, 0)  # two acres: (1, 1) and (1, 2)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    assert land.parcel(state, me, 0) == bit(1, 2)  # the portion left keeps its owner
    assert A.AuctionLand(0) not in state.legal_actions(me)  # (no debt: nothing to auction)
    act(state, A.Propose(other, give_lots=(0,), get_cash=20_000))
    act(state, A.Accept())
    assert land.parcel(state, other, 0) == bit(1, 2) and state.buildings[1].owner == me


def test_returns_are_collected_at_the_start_of_the_owner_s_next_turn():
    state = start()
    me = state.turn
    own(state, me, 0)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    paid = state.cash(me)
    end_turn(state)
    end_turn(state)
    assert state.turn == me and state.cash(me) == paid + 2_000


@pytest.mark.parametrize("effect, returns", [("double_returns", 4_000), ("no_returns", 0)])
def test_next_turn_venture_cards_change_the_next_returns_and_are_then_used(effect, returns):
    state = start()
    me = state.turn
    own(state, me, 0)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    card = next(v.id for v in VENTURES if v.effect == effect)
    state.held[me].append(card)
    paid = state.cash(me)
    end_turn(state)
    end_turn(state)
    assert state.cash(me) == paid + returns and card not in state.held[me]


def test_a_venture_debt_is_raised_by_auctioning_land_to_the_other_players():
    state = start(3)
    me = state.turn
    own(state, me, 0)
    to_main(state)
    state._pay(me, state.bank, state.cash(me) - 5_000, "test: spend")
    debts.charge(state, me, state.bank, 20_000, "Venture card")
    assert state.legal_actions(me) == [A.AuctionLand(0)]
    act(state, A.AuctionLand(0))
    left = (me + 1) % 3
    assert state.to_act() == (left,) and state.stack[-1].auction.minimum == 10_000
    act(state, A.Bid(30_000))
    act(state, A.Pass())
    # the proceeds go to the debtor, and the debt is paid by itself
    assert land.parcel(state, left, 0) == LOT_MASKS[0]
    assert state.cash(me) == 5_000 + 30_000 - 20_000 and not state.stack


def test_bankruptcy_returns_land_to_the_bank_and_auctions_buildings_for_the_bank():
    state = start(3)
    me = state.turn
    own(state, me, 0, 3)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    state._pay(me, state.bank, state.cash(me), "test: spend")
    debts.charge(state, me, state.bank, 50_000, "Venture card")
    offers = state.legal_actions(me)
    assert offers == [A.AuctionLand(0), A.AuctionLand(3), A.AuctionBuilding(1)]
    for offer in offers:  # nobody bids for any: nothing raised
        act(state, offer)
        act(state, A.Pass())
        act(state, A.Pass())
    assert state.legal_actions(me) == [A.Bankrupt()]
    act(state, A.Bankrupt())
    assert not state.active[me]
    assert land.parcel(state, state.bank, 3) == LOT_MASKS[3]  # undeveloped land: the Bank's again
    sale = state.stack[-1]
    assert sale.piece == "bank-building"
    act(state, A.Bid(10_000))
    act(state, A.Pass())
    buyer = next(b.owner for b in state.buildings.values())
    paid = [e for e in state.ledger.entries if e.reason.startswith("auction")]
    assert buyer != me and paid[-1][1:4] == (buyer, state.bank, 10_000)


def test_a_bankrupts_building_nobody_buys_stays_standing_the_banks_until_sold_with_its_land():
    state = start(3)
    me = state.turn
    own(state, me, 0)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    state._pay(me, state.bank, state.cash(me), "test: spend")
    debts.charge(state, me, state.bank, 50_000, "Venture card")
    for offer in state.legal_actions(me):  # nobody bids for any: nothing raised
        act(state, offer)
        act(state, A.Pass())
        act(state, A.Pass())
    act(state, A.Bankrupt())
    act(state, A.Pass())  # the Bank's auction: nobody bids
    act(state, A.Pass())
    building = state.buildings[1]  # still standing, the Bank's, its land the Bank's too
    assert building.owner == state.bank and state.land[state.bank] & building.cells
    assert state.developed & building.cells and state.block_class[0] == "residential"
    assert any("Home #1: it stays standing, the Bank's" in line for line in state.log())
    # it earns nobody anything, and a throw of its zone (2) or a 4 offers it with its land
    buyer = state.turn
    cash = state.cash(buyer)
    roll(state, 1)
    assert A.BuyBuilding(1) not in state.legal_actions(buyer)
    assert refused(state, A.BuyBuilding(1)) == "your throw lets you buy in zone 1 only"
    act(state, A.NoLand())
    end_turn(state)
    roll(state, 2)
    assert A.BuyBuilding(1) in state.legal_actions(state.turn)
    act(state, A.NoLand())
    end_turn(state)
    assert state.turn == buyer and state.cash(buyer) == cash
    roll(state, 4)
    act(state, A.BuyBuilding(1))
    assert state.buildings[1].owner == buyer and state.land[buyer] & building.cells
    assert state.cash(buyer) == cash - 20_000 * building.cells.bit_count()
    assert (
        state.log()[-1] == f"{NAMES[buyer]} buys the Bank's Home #1 with its land (1 acre) "
        "for $20,000."
    )


def test_building_the_stadium_wins_and_ignores_zoning():
    state = start()
    me = state.turn
    site = placements_of("Y81")[0]
    land.move_land(state, site.cells, me)
    state.fresh, state.round = 0, 2
    state.block_class[site.block] = "commercial"
    state._pay(state.bank, me, 1_000_000, "test: rich")
    to_main(state)
    act(state, build_at("Y81", site.row, site.col, site.facing))
    assert state.is_over() and state.result().winners == (me,)
    assert "Sports Stadium" in state.end_reason


def test_at_the_round_limit_the_greatest_assets_win():
    state = start(round_limit=1)
    me = state.turn
    own(state, me, 0)
    end_turn(state)
    end_turn(state)
    assert state.is_over()
    assert state.result().winners == (me,)  # two acres at $20,000 more than the other
    assert state.result().scores[me] == START_CASH + 40_000


def test_a_trade_of_land_and_a_building_for_cash():
    state = start()
    me, other = state.turn, 1 - state.turn
    own(state, other, 0, 3)
    state.turn = other
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    end_turn(state)
    to_main(state)
    assert state.turn == me
    offer = A.Propose(other, give_cash=90_000, get_lots=(3,), get_buildings=(1,))
    before = land.assets(state, me), land.assets(state, other)
    # the screen says before it is sent: 2 acres ($40,000) and a Home ($20,000) for $90,000
    changes = ((me, 40_000 + 20_000 - 90_000), (other, 90_000 - 60_000))
    assert state.view(me).trade_outcome(me, offer).changes == changes
    act(state, offer)
    assert state.to_act() == (other,)
    act(state, A.Accept())
    assert state.buildings[1].owner == me and land.parcel(state, me, 3) == LOT_MASKS[3]
    assert state.land[me] & bit(1, 1)  # the land under the building came with it
    assert (land.assets(state, me) - before[0], land.assets(state, other) - before[1]) == (
        -30_000,
        30_000,
    )


def test_the_speculator_buys_another_player_s_lot_at_30000_an_acre():
    state = start()
    me, other = state.turn, 1 - state.turn
    own(state, other, 0)
    state.venture_deck.append(next(v.id for v in VENTURES if v.effect == "speculator"))
    state.crown_deck.clear()
    roll(state, 5)
    act(state, A.Speculate(0, other))
    assert land.parcel(state, me, 0) == LOT_MASKS[0]
    assert state.cash(other) == START_CASH + 60_000


def test_a_player_who_can_pay_for_no_lot_is_told_why():
    state = start()
    me = state.turn
    state._pay(me, state.bank, state.cash(me) - 5_000, "spent")
    roll(state, 2)
    assert state.legal_actions(me) == [A.NoLand()]
    assert (
        state.why_none(me, A.BuyLot)
        == "the cheapest lot of Bank land in zone 2 costs $20,000 and you have $5,000"
    )


def test_the_speculator_with_nothing_affordable_says_why():
    state = start()
    me, other = state.turn, 1 - state.turn
    own(state, other, 0)  # 2 acres, at $30,000 an acre to the Speculator
    state._pay(me, state.bank, state.cash(me) - 5_000, "spent")
    draw(state, "speculator")
    assert state.legal_actions(me) == [A.NoLand()]
    assert (
        state.why_none(me, A.Speculate)
        == "the cheapest lot another player holds costs $60,000 and you have $5,000"
    )


def draw(state, effect):
    """The current player rolls a five with no Auction cards left: this Venture card."""
    state.crown_deck.clear()
    state.venture_deck.append(next(v.id for v in VENTURES if v.effect == effect))
    roll(state, 5)


def test_a_zoning_variance_builds_outside_the_block_s_class_without_changing_it():
    state = start()
    me = state.turn
    own(state, me, 0, 1)
    state.block_class[LOTS[0].block] = "commercial"
    draw(state, "zoning_variance")
    assert state.held[me]  # kept face up until the next building
    act(state, build_at("R1", 1, 1, "N"))
    assert state.block_class[LOTS[0].block] == "commercial" and not state.held[me]
    assert state.buildings[1].variance


def test_a_cost_overrun_adds_20_per_cent_to_the_next_building_only():
    state = start()
    me = state.turn
    own(state, me, 0, 1)
    draw(state, "cost_overrun")
    cash = state.cash(me)
    act(state, build_at("R1", 1, 1, "N"))
    assert state.cash(me) == cash - 24_000 and not state.held[me]


def test_a_free_demolition_costs_nothing_this_turn():
    state = start()
    me = state.turn
    own(state, me, 0)
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    end_turn(state)
    end_turn(state)
    draw(state, "free_demolition")
    cash = state.cash(me)
    act(state, A.Demolish(1))
    assert state.cash(me) == cash and not state.buildings


def test_the_fire_removes_the_smallest_building_and_expropriation_the_smallest_parcel():
    state = start()
    me = state.turn
    own(state, me, 0, 3, 11)  # two acres, two acres, four acres
    to_main(state)
    act(state, build_at("R2h", 1, 1, "N"))  # Townhouses on lot 0
    end_turn(state)
    end_turn(state)
    draw(state, "fire")
    assert not state.buildings and land.parcel(state, me, 0) == LOT_MASKS[0]  # the land stays
    end_turn(state)
    end_turn(state)
    cash = state.cash(me)
    draw(state, "expropriation")
    assert land.parcel(state, me, 0) == 0 and land.for_sale(
        state, 0
    )  # lot 0 (lowest id of the smallest)
    assert state.cash(me) == cash + 40_000


def test_the_game_ends_by_assets_when_no_further_building_can_take_place():
    state = start()
    me = state.turn
    land.move_land(state, state.land[state.bank], 1 - me)  # every acre to the other player...
    state.developed = state.land[1 - me]  # ...as if all built on
    state.crown_deck.clear()
    end_turn(state)
    assert state.is_over() and "no further building can take place" in state.end_reason


def test_no_building_on_a_crown_lot_won_this_turn_but_on_the_next():
    state = start()
    me = state.turn
    state.crown_deck.remove(2)
    state.crown_deck.append(2)  # Crown lot 7: (1, 4) and (2, 4), the street north of it
    lot = crown_auction(state).square
    act(state, A.Bid(LOTS[lot].minimum))
    act(state, A.Pass())
    assert land.parcel(state, me, lot) == LOT_MASKS[lot]
    assert all(type(a) is not A.Build for a in state.legal_actions(me))
    end_turn(state)
    end_turn(state)
    to_main(state)
    assert build_at("R1", 1, 4, "N") in state.legal_actions(me)


def test_a_building_bought_this_turn_may_be_demolished_this_turn():
    state = start()
    me, other = state.turn, 1 - state.turn
    own(state, other, 0)
    state.turn = other
    to_main(state)
    act(state, build_at("R1", 1, 1, "N"))
    end_turn(state)
    to_main(state)
    act(state, A.Propose(other, give_cash=30_000, get_buildings=(1,)))
    act(state, A.Accept())
    act(state, A.Demolish(1))
    assert not state.buildings and land.parcel(state, me, 0) == bit(1, 1)


def test_used_venture_cards_are_reshuffled_when_the_deck_runs_out():
    state = start()
    state.crown_deck.clear()
    state.venture_discard += state.venture_deck[:-1]
    state.venture_deck[:-1] = []
    roll(state, 6)  # the last card
    end_turn(state)
    assert not state.venture_deck
    roll(state, 6)  # none left: the used ones, shuffled, make the deck again
    assert "The Venture cards are reshuffled." in state.log()
    held = sum(map(len, state.held))
    assert len(state.venture_deck) + len(state.venture_discard) + held == len(VENTURES)


def test_a_build_reads_with_the_right_article():
    assert (
        str(build_at("C4", 1, 2, "N"))
        == "build an Office Building at row 1, column 2, facing north"
    )
    assert str(build_at("R1", 3, 4, "S")) == "build a Home at row 3, column 4, facing south"


def test_a_trade_carries_land_or_a_building_and_is_not_made_twice_in_a_turn():
    """Issue 43: "$1,000 for nothing" let one player fund another; the rulebook sets no limit of
    three offers a turn, so only the same offer to the same player twice is refused."""
    state = start()
    other = 1 - state.turn
    own(state, other, 0, 3)
    to_main(state)
    assert (
        refused(state, A.Propose(other, give_cash=1_000))
        == "a trade carries land or a building, not cash alone"
    )
    assert (
        refused(state, A.Propose(other, get_cash=1_000))
        == "a trade carries land or a building, not cash alone"
    )
    for price in (10_000, 20_000, 30_000, 40_000):  # more than three offers in a turn
        act(state, A.Propose(other, give_cash=price, get_lots=(0,)))
        act(state, A.Reject())
    assert (
        refused(state, A.Propose(other, give_cash=10_000, get_lots=(0,)))
        == f"you have made this offer to {state.players[other]} this turn"
    )
    end_turn(state)
    end_turn(state)
    to_main(state)
    act(state, A.Propose(other, give_cash=10_000, get_lots=(0,)))  # a new turn, a new offer


@pytest.mark.parametrize(
    "card, said",
    [
        (13, "{} collects $5,000 (Investor)."),  # $1,000 a turn played: round 5
        (4, "{} pays $2,000 (Property tax)."),  # $1,000 an undeveloped acre: lot 0's two
        (15, "{} pays $20,000 (Audit)."),  # 10% of $200,000
    ],
)
def test_a_venture_card_s_money_is_said_with_its_amount(card, said):
    """Issue 43: the log said the card ("Investor: collect...") but never how much."""
    state = start()
    me = state.turn
    own(state, me, 0)
    state.round = 5
    to_main(state)
    state._pay(state.bank, me, START_CASH - state.cash(me), "test: back to the start")
    state.venture_deck.append(card)
    ventures.draw_venture(state, me)
    assert state.log()[-1] == said.format(state.players[me])
