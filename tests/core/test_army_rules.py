"""Army rules, one test per rule of the Army rulebook and docs/rulings.md."""

import pytest

from core.engine.decisions import BuyOrDecline, Debt, HowMany, Placement
from core.engine.errors import IllegalAction
from core.engine.frozen import replaced
from core.games.army import actions as A
from core.games.army import trading
from core.games.army.board import BARRACKS, PRISON, SQUARES
from core.games.army.cards import COMBAT, DECKS, GET_OUT, TRAINING
from core.games.army.frames import STORE, FineOrCard, LiftOrKeep

from .army_helpers import game, give, mortgage, set_cash, throw

REAPER, WATCHKEEPER, CATTERICK, WOLF, JACKAL, FOXHOUND = 1, 3, 5, 6, 8, 9
ASSAULT_TROOPER, SNIPER, KITCHEN, BOWSER = 37, 39, 12, 28


def test_everyone_starts_with_1500_and_a_throw_moves_the_token():
    state = game(3)
    assert [state.cash(s) for s in range(3)] == [1500] * 3
    throw(state, (2, 4))
    state.step(0, A.Roll())
    assert state.position[0] == 6 and state.top() == BuyOrDecline(0, WOLF)


def test_salary_on_passing_go():
    state = game()
    state.position[0] = 38
    throw(state, (1, 2))  # to square 1
    state.step(0, A.Roll())
    assert state.cash(0) == 1700 and state.position[0] == 1


def test_buying_at_the_printed_price():
    state = game()
    throw(state, (1, 2))
    state.step(0, A.Roll())
    state.step(0, A.Buy())
    assert state.owner[WATCHKEEPER] == 0 and state.cash(0) == 1500 - 60


def test_declining_starts_an_auction_open_to_everyone_including_the_decliner():
    state = game(3)
    throw(state, (1, 2))
    state.step(0, A.Roll())
    state.step(0, A.Decline())
    auction = state.top().auction
    assert auction.bidders == (1, 2, 0) and auction.minimum == 1
    state.step(1, A.Bid(10))
    state.step(2, A.Pass())
    state.step(0, A.Bid(11))
    state.step(1, A.Pass())
    assert state.owner[WATCHKEEPER] == 0 and state.cash(0) == 1489


def test_an_auction_nobody_bids_in_leaves_the_deed_with_the_bank():
    state = game(2)
    throw(state, (1, 2))
    state.step(0, A.Roll())
    state.step(0, A.Decline())
    state.step(1, A.Pass())
    state.step(0, A.Pass())
    assert state.owner[WATCHKEEPER] == -1 and state.stage == "end"


def test_rent_doubles_on_unimproved_sites_of_a_complete_group_even_with_one_mortgaged():
    state = game()
    give(state, 1, WATCHKEEPER)
    assert state.rent(WATCHKEEPER) == 4
    give(state, 1, REAPER)
    assert state.rent(WATCHKEEPER) == 8
    mortgage(state, REAPER)
    assert state.rent(WATCHKEEPER) == 8
    throw(state, (1, 2))
    state.step(0, A.Roll())
    assert state.cash(0) == 1492 and state.cash(1) == 1508


def test_garrison_and_utility_rents():
    state = game()
    give(state, 1, CATTERICK, 15, 25)
    assert state.rent(CATTERICK) == 100
    give(state, 1, KITCHEN)
    state.dice = (3, 4)
    assert state.rent(KITCHEN) == 28
    give(state, 1, BOWSER)
    assert state.rent(KITCHEN) == 70


def test_building_must_be_even_and_needs_the_whole_group():
    state = game()
    give(state, 0, WOLF, JACKAL)
    assert "whole colour group" in state.why_illegal(0, A.Build(WOLF))
    give(state, 0, FOXHOUND)
    state.step(0, A.Build(WOLF))
    assert state.level[WOLF] == 1 and state.cash(0) == 1450 and state.stores_left == 31
    assert "evenly" in state.why_illegal(0, A.Build(WOLF))
    state.step(0, A.Build(JACKAL))
    state.step(0, A.Build(FOXHOUND))
    assert state.rent(WOLF) == 30
    state.step(0, A.Build(WOLF))
    assert state.level[WOLF] == 2 and state.rent(WOLF) == 90
    with pytest.raises(IllegalAction, match="sell evenly"):
        state.step(0, A.Sell(JACKAL))


def test_no_building_while_a_site_of_the_group_is_mortgaged():
    state = game()
    give(state, 0, REAPER, WATCHKEEPER)
    mortgage(state, REAPER)
    assert "mortgaged" in state.why_illegal(0, A.Build(WATCHKEEPER))


def test_a_barracks_takes_four_stores_on_every_site_and_gives_them_back():
    state = game()
    give(state, 0, ASSAULT_TROOPER, SNIPER, level=4)
    assert state.stores_left == 24
    state.step(0, A.Build(SNIPER))
    assert state.level[SNIPER] == BARRACKS and state.stores_left == 28
    assert state.barracks_left == 11 and state.cash(0) == 1300
    assert state.rent(SNIPER) == 2000
    state.step(0, A.Sell(SNIPER))  # back to four stores, for half the Barracks' price
    assert state.level[SNIPER] == 4 and state.stores_left == 24 and state.cash(0) == 1400


def test_selling_a_barracks_when_the_bank_lacks_four_stores_sells_the_group_bare():
    state = game()
    give(state, 0, ASSAULT_TROOPER, SNIPER, level=BARRACKS)
    state.stores_left = 3
    state.step(0, A.Sell(SNIPER))
    assert state.level[SNIPER] == state.level[ASSAULT_TROOPER] == 0
    assert state.cash(0) == 1500 + 2 * (5 * 200 // 2)


def test_selling_buildings_back_at_half_and_evenly():
    state = game()
    give(state, 0, WOLF, JACKAL, FOXHOUND, level=2)
    state.level = replaced(state.level, (WOLF,), 1)
    state.stores_left += 1
    assert "sell evenly" in state.why_illegal(0, A.Sell(WOLF))
    state.step(0, A.Sell(JACKAL))
    assert state.cash(0) == 1525


def test_building_shortage_auctions_the_last_stores_between_players_who_want_them():
    """the Army rulebook: "two or more players wish to buy more than the Bank has": each says how
    many they want; the pieces go one at a time to the highest bidder, bidding at any price."""
    state = game(3)
    give(state, 0, REAPER, WATCHKEEPER)
    give(state, 1, WOLF, JACKAL, FOXHOUND)
    state.stores_left = 1
    state.step(0, A.Build(REAPER))
    assert state.top() == HowMany(0, STORE, 1, 8)  # the builder first, wanting one at least
    assert "from 1 to 8" in state.why_illegal(0, A.Want(0))
    state.step(0, A.Want(1))
    assert (state.top().kind, state.actor()) == ("want", 1)  # Cat owns no complete group: not asked
    state.step(1, A.Want(2))
    frame = state.top()
    assert frame.kind == "auction" and frame.auction.bidders == (0, 1)
    assert frame.auction.minimum == 1
    state.step(0, A.Bid(50))
    state.step(1, A.Bid(60))
    state.step(0, A.Pass())
    assert state.top() == Placement(1, STORE)
    assert state.why_illegal(1, A.Place(REAPER)) is not None
    state.step(1, A.Place(JACKAL))
    assert state.level[JACKAL] == 1 and state.stores_left == 0 and state.cash(1) == 1440
    assert state.level[REAPER] == 0 and not state.stack  # Ann's request ends with the stock
    assert "no Ammo Stores left" in state.why_illegal(0, A.Build(REAPER))


def shortage_announced(stores: int, ann_wants: int, ben_wants: int):
    """Ann (brown group) builds on Reaper with `stores` left; Ben (light blue) could build too;
    each says how many they want."""
    state = game(2)
    give(state, 0, REAPER, WATCHKEEPER)
    give(state, 1, WOLF, JACKAL, FOXHOUND)
    state.stores_left = stores
    state.step(0, A.Build(REAPER))
    state.step(0, A.Want(ann_wants))
    state.step(1, A.Want(ben_wants))
    return state


def test_no_auction_when_the_others_want_none_of_the_last_stores():
    state = shortage_announced(stores=2, ann_wants=2, ben_wants=0)
    assert not state.stack and state.level[REAPER] == 1 and state.cash(0) == 1450
    assert state.stores_left == 1


def test_two_stores_left_and_two_players_wanting_two_each_is_a_shortage():
    """The case the old rule missed: as many players able to build as Stores left."""
    state = shortage_announced(stores=2, ann_wants=2, ben_wants=2)
    assert state.top().kind == "auction"
    assert (
        "Building shortage: 4 wanted and the bank has 2 Ammo Stores: auction." in state.view(0).log
    )


def test_nobody_bidding_for_a_short_store_ends_the_shortage():
    state = shortage_announced(stores=1, ann_wants=1, ben_wants=1)
    state.step(0, A.Pass())
    state.step(1, A.Pass())
    assert not state.stack and state.stores_left == 1 and state.level[REAPER] == 0


def test_mortgage_at_half_value_and_lifting_at_ten_percent_rounded_up():
    state = game()
    give(state, 0, ASSAULT_TROOPER)
    state.step(0, A.Mortgage(ASSAULT_TROOPER))
    assert state.cash(0) == 1500 + 175
    state.step(0, A.Unmortgage(ASSAULT_TROOPER))  # 175 + 17.5 rounded up
    assert state.cash(0) == 1500 + 175 - 193 and not state.mortgaged[ASSAULT_TROOPER]


def test_no_rent_on_a_mortgaged_deed():
    state = game()
    give(state, 1, WATCHKEEPER)
    mortgage(state, WATCHKEEPER)
    throw(state, (1, 2))
    state.step(0, A.Roll())
    assert state.cash(0) == 1500


def test_third_double_in_a_row():
    state = game()
    state.position[0] = 11  # 11 + 10 -> 21, + 10 -> 31 (both Ann's), then a third double
    throw(state, (5, 5), (5, 5), (4, 4))
    give(state, 0, 21, 31)
    state.step(0, A.Roll())
    state.step(0, A.Roll())
    before = state.position[0]
    state.step(0, A.Roll())
    assert before == 31 and state.position[0] == PRISON and state.prison_turn[0] == 0
    assert state.stage == "end" and state.landings[-1] == 1


def test_sent_to_prison_the_turn_ends_there():
    # the Army rulebook: a player sent to Prison... "their turn ends there"
    state = game()
    state.position[0] = 20  # 20 + 10: Go To Prison
    give(state, 0, 1, 3)  # a whole group Ann could build on in her turn
    throw(state, (4, 6))
    state.step(0, A.Roll())
    assert state.position[0] == PRISON and state.legal_actions(0) == (A.EndTurn(),)
    with pytest.raises(IllegalAction, match="your turn ends there"):
        state.step(0, A.Build(1))
    state.step(0, A.EndTurn())
    assert state.turn == 1


def test_leaving_prison_with_a_double_moves_and_throws_again():
    state = game()
    state.position[0], state.prison_turn[0] = PRISON, 0
    throw(state, (2, 2), (1, 2))
    state.step(0, A.Roll())
    assert state.prison_turn[0] == -1 and state.position[0] == 14 and state.stage == "roll"


def test_option_no_extra_throw_after_leaving_prison_with_a_double():
    state = game(prison_double_extra_throw=False)
    state.position[0], state.prison_turn[0] = PRISON, 0
    throw(state, (2, 2))
    state.step(0, A.Roll())
    state.step(0, A.Buy())
    assert state.position[0] == 14 and state.stage == "end"


def test_prison_fine_before_throwing_on_the_first_two_turns_only():
    state = game()
    state.position[0], state.prison_turn[0] = PRISON, 0
    state.step(0, A.PayFine())
    assert state.prison_turn[0] == -1 and state.cash(0) == 1450
    state.prison_turn[0] = 2
    assert "third turn" in state.why_illegal(0, A.PayFine())


def test_third_prison_turn_without_a_double_pays_the_fine_and_moves():
    state = game()
    state.position[0], state.prison_turn[0] = PRISON, 2
    throw(state, (1, 3))
    state.step(0, A.Roll())
    assert state.cash(0) == 1450 and state.position[0] == 14 and state.prison_turn[0] == -1


def test_staying_in_prison_without_a_double():
    state = game()
    state.position[0], state.prison_turn[0] = PRISON, 0
    throw(state, (1, 3))
    state.step(0, A.Roll())
    assert state.position[0] == PRISON and state.prison_turn[0] == 1 and state.stage == "end"


def test_get_out_card_is_kept_used_and_returned_to_the_bottom():
    state = game()
    state.decks[TRAINING].remove(GET_OUT[TRAINING])
    state.decks[TRAINING].insert(0, GET_OUT[TRAINING])
    state.position[0] = 0
    throw(state, (1, 1))  # square 2: Training
    state.step(0, A.Roll())
    assert state.card_holder[TRAINING] == 0 and len(state.decks[TRAINING]) == 15
    state.prison_turn[0] = 0
    state.stack.clear()
    state.stage = "roll"
    state.step(0, A.UseCard(TRAINING))
    assert state.card_holder[TRAINING] == -1 and state.decks[TRAINING][-1] == GET_OUT[TRAINING]
    assert state.prison_turn[0] == -1


def draw_combat_card(state, text: str) -> int:
    """Ann throws to a Combat square and draws the card whose text holds `text`; its index."""
    card = next(i for i, c in enumerate(DECKS[COMBAT]) if text in c[0])
    state.decks[COMBAT].remove(card)
    state.decks[COMBAT].insert(0, card)
    state.position[0] = 4
    throw(state, (1, 2))  # square 7: Combat
    state.step(0, A.Roll())
    return card


def test_cards_are_drawn_from_the_top_and_go_back_underneath():
    state = game()
    dividend = draw_combat_card(state, "dividend")
    assert state.decks[COMBAT][-1] == dividend and state.cash(0) == 1550


@pytest.mark.parametrize(
    ("level", "paid", "said"),
    [
        (0, 0, "Ann has no buildings to pay repairs on."),
        (1, 80, "Ann pays £80 for repairs on 2 Ammo Stores."),
        (BARRACKS, 230, "Ann pays £230 for repairs on 2 Barracks."),
    ],
)
def test_depot_repairs_are_paid_on_each_building_held(level, paid, said):
    """Depot repairs: £40 an Ammo Store, £115 a Barracks."""
    state = game()
    give(state, 0, 1, 3, level=level)  # the browns
    draw_combat_card(state, "Depot repairs")
    assert state.cash(0) == 1500 - paid
    assert said in state.view(0).log


def test_pay_ten_or_take_a_combat_card():
    state = game()
    fine = next(i for i, card in enumerate(DECKS[TRAINING]) if card[1] == "fine_or_combat")
    state.decks[TRAINING].remove(fine)
    state.decks[TRAINING].insert(0, fine)
    throw(state, (1, 1))
    state.step(0, A.Roll())
    assert state.top() == FineOrCard(0)
    state.step(0, A.PayTen())
    assert state.cash(0) == 1490


def test_birthday_collects_from_every_other_player():
    state = game(3)
    card = next(i for i, c in enumerate(DECKS[TRAINING]) if c[1] == "birthday")
    state.decks[TRAINING].remove(card)
    state.decks[TRAINING].insert(0, card)
    throw(state, (1, 1))
    state.step(0, A.Roll())
    assert [state.cash(s) for s in range(3)] == [1520, 1490, 1490]


def test_go_back_three_from_the_last_combat_square_draws_a_training_card():
    state = game()
    back = next(i for i, c in enumerate(DECKS[COMBAT]) if c[1] == "back")
    state.decks[COMBAT].remove(back)
    state.decks[COMBAT].insert(0, back)
    state.position[0] = 33
    throw(state, (1, 2))  # 36: Combat
    training_top = state.decks[TRAINING][0]
    state.step(0, A.Roll())
    assert state.last_card == (TRAINING, training_top)


def test_a_debt_must_be_raised_before_bankruptcy_is_allowed():
    state = game()
    give(state, 1, SNIPER, ASSAULT_TROOPER, level=BARRACKS)
    give(state, 0, REAPER)
    set_cash(state, 0, 1000)
    state.position[0] = 35
    throw(state, (1, 3))
    state.step(0, A.Roll())  # owes 2000 with 1000 + 30 mortgage
    assert state.top().kind == "debt"
    assert A.Bankrupt() in state.legal_actions(0)
    set_cash(state, 0, 1990)
    assert A.Bankrupt() not in state.legal_actions(0)
    assert A.Mortgage(REAPER) in state.legal_actions(0)
    state.step(0, A.Mortgage(REAPER))  # now 2020: the debt pays itself
    assert state.cash(1) == 3500 and state.stack == []


def test_bankruptcy_to_a_creditor_hands_over_everything_and_mortgages_cost_interest():
    state = game(3)
    give(state, 1, SNIPER, ASSAULT_TROOPER, level=BARRACKS)
    give(state, 0, REAPER, WATCHKEEPER, level=1)
    give(state, 0, CATTERICK)
    mortgage(state, CATTERICK)
    state.card_holder[COMBAT] = 0
    state.decks[COMBAT].remove(GET_OUT[COMBAT])
    set_cash(state, 0, 100)
    state.position[0] = 35
    throw(state, (1, 3))
    state.step(0, A.Roll())
    state.step(0, A.Bankrupt())
    # cash 100 + buildings at half (2 x 25) go to Ben; deeds and the card too
    assert not state.active[0]
    assert state.owner[REAPER] == state.owner[CATTERICK] == 1 and state.level[REAPER] == 0
    assert state.card_holder[COMBAT] == 1
    assert state.cash(1) == 1500 + 150 - 10  # minus 10% of Catterick's 100 mortgage
    assert state.top() == LiftOrKeep(1, CATTERICK)
    state.step(1, A.LiftMortgage())
    assert state.cash(1) == 1540 and not state.mortgaged[CATTERICK]


def test_bankruptcy_to_the_bank_auctions_the_deeds():
    state = game(3)
    give(state, 0, REAPER, WATCHKEEPER)
    mortgage(state, REAPER)
    set_cash(state, 0, 10)
    state.position[0] = 2
    throw(state, (1, 1))  # 4: Voluntary Donation, £200
    state.step(0, A.Roll())
    state.step(0, A.Mortgage(WATCHKEEPER))
    state.step(0, A.Bankrupt())
    frame = state.top()
    assert frame.kind == "auction" and frame.square in (REAPER, WATCHKEEPER)
    assert state.owner[REAPER] == -1 and not state.mortgaged[REAPER]
    state.step(1, A.Bid(5))
    state.step(2, A.Pass())
    assert state.owner[frame.square] == 1


def test_trades_of_mortgaged_deeds_charge_interest_now_and_again_if_lifted_later():
    state = game()
    give(state, 0, CATTERICK)
    mortgage(state, CATTERICK)
    state.step(0, A.Propose(1, give=(CATTERICK,), get_cash=50))
    state.step(1, A.Accept())
    assert state.owner[CATTERICK] == 1 and state.cash(1) == 1500 - 50 - 10
    assert "Ben pays £10: 10% interest on the mortgaged deeds received." in state.log()
    state.step(1, A.KeepMortgage())
    state.turn, state.stage = 1, "roll"
    state.step(1, A.Unmortgage(CATTERICK))
    assert state.cash(1) == 1440 - 110


def test_interest_on_a_mortgaged_deed_received_is_owed_from_what_the_trade_leaves():
    """Found in a search bot's playout: Ben paid the cash he offered after the interest on the
    deed he took, and was left with less than nothing, owing no one."""
    state = game()
    give(state, 0, CATTERICK)
    mortgage(state, CATTERICK)  # its mortgage is £100: £10 interest to whoever receives it
    set_cash(state, 1, 55)
    state.step(0, A.Propose(1, give=(CATTERICK,), get_cash=50))
    state.step(1, A.Accept())
    assert state.cash(1) == 5  # the £50 paid; the £10 not, and owed to the bank
    assert state.top() == Debt(1, state.bank, 10, "10% interest on mortgaged deeds received")
    assert state.log()[-1] == (
        "Ben owes £10 (10% interest on mortgaged deeds received) and has £5: must raise money."
    )
    assert not any("pays £10" in line for line in state.log())  # not paid, so not said


def test_an_offer_says_each_sides_change_in_worth_and_the_group_it_completes():
    state = game()
    give(state, 0, WATCHKEEPER)
    give(state, 1, REAPER)
    mortgage(state, WATCHKEEPER)
    offer = A.Propose(1, give=(WATCHKEEPER,), get_cash=40)
    outcome = state.view(0).trade_outcome(0, offer)
    # Ann gives a deed worth £30 mortgaged for £40; Ben pays £40 and £3 interest for it
    assert outcome.changes == ((0, 10), (1, -13))
    assert outcome.completes == ((1, "brown"),)
    state.step(0, offer)
    state.step(1, A.Accept())
    assert (state.net_worth(0), state.net_worth(1)) == (1500 + 30 + 10, 1500 + 60 - 13)


def test_no_trade_of_a_site_whose_group_has_buildings():
    state = game()
    give(state, 0, REAPER, WATCHKEEPER, level=1)
    assert "buildings" in state.why_illegal(0, A.Propose(1, give=(REAPER,), get_cash=10))


def test_a_counter_offer_replaces_the_offer():
    state = game()
    give(state, 0, REAPER)
    state.step(0, A.Propose(1, give=(REAPER,), get_cash=100))
    state.step(1, A.Propose(0, give_cash=60, get=(REAPER,)))
    assert state.top().proposer == 1 and state.actor() == 0
    state.step(0, A.Accept())
    assert state.owner[REAPER] == 1 and state.cash(0) == 1560


def test_the_short_game_deals_two_deeds_and_values_by_the_rulebook():
    state = game(3, short_game=True)
    assert all(len(state.deeds_of(s)) == 2 for s in range(3))
    assert state.round_limit == 30
    for seat in range(3):
        paid = sum(SQUARES[s].price for s in state.deeds_of(seat))
        assert state.cash(seat) == 1500 - paid
        assert state.net_worth(seat) == 1500
    state.owner = (-1,) * 40
    give(state, 0, REAPER, WATCHKEEPER, level=BARRACKS)
    give(state, 0, CATTERICK)
    mortgage(state, CATTERICK)
    cash = state.cash(0)
    assert state.net_worth(0) == cash + 60 + 60 + 100 + 2 * 5 * 50


def test_the_round_limit_ends_the_game_and_the_richest_wins():
    state = game(2, round_limit=1)
    set_cash(state, 1, 2000)
    state.stage = "end"
    state.step(0, A.EndTurn())
    state.stage = "end"
    state.step(1, A.EndTurn())
    assert state.is_over() and state.result().winners == (1,)


def test_illegal_actions_get_a_reason_and_change_nothing():
    state = game()
    before = state.copy()
    with pytest.raises(IllegalAction, match="throw the dice first"):
        state.step(0, A.EndTurn())
    assert state.version == before.version and state.cash(0) == 1500


def test_the_heuristic_bot_accepts_a_fair_trade_and_refuses_a_lopsided_one():
    from core.games.army.bots import HeuristicBot

    state = game()
    give(state, 0, REAPER)
    give(state, 1, WATCHKEEPER)  # Ben's Watchkeeper completes Ann's brown group
    fair = 60 + (60 + 60) // 2
    for cash, answer in ((fair, A.Accept()), (60, A.Reject())):
        trial = state.copy()
        trial.step(0, A.Propose(1, give_cash=cash, get=(WATCHKEEPER,)))
        assert HeuristicBot(0).choose(trial.view(1), trial.legal_actions(1)) == answer


def test_the_heuristic_bot_offers_the_fair_price_for_the_deed_completing_its_group():
    from core.games.army.bots import HeuristicBot

    state = game()
    give(state, 0, REAPER)
    give(state, 1, WATCHKEEPER)
    choice = HeuristicBot(0).choose(state.view(0), state.legal_actions(0))
    assert choice == A.Propose(1, give_cash=120, get=(WATCHKEEPER,))


def test_landing_statistics_count_every_throw_once():
    from core.games.army import SPEC
    from core.sim import simulate

    summary = simulate(SPEC, 3, seed=2, players=3, bots=["heuristic"], stats=["landing"])
    landing = summary["landing"]
    assert summary["completed"] == 3 and landing["throws"] > 100
    assert landing["squares"][30] == 0
    assert abs(sum(landing["squares"]) + landing["in_prison"] - 1) < 1e-9
    assert landing["in_prison"] > 0


def test_amounts_over_a_thousand_are_written_with_a_comma():
    state = game()
    give(state, 1, ASSAULT_TROOPER, SNIPER, level=BARRACKS)
    state.position[0] = SNIPER - 7
    throw(state, (3, 4))
    state.step(0, A.Roll())
    log = state.view(0).log
    assert "Ann lands on Sniper and owes Ben £2,000 rent." in log
    assert "Ann owes £2,000 (rent for Sniper) and has £1,500: must raise money." in log


def test_a_bidder_may_mortgage_in_the_middle_of_an_auction_to_raise_a_bid():
    """the Army rulebook: the Bank buys back buildings and lends on deeds "at any time"."""
    state = game(2)
    give(state, 1, CATTERICK)
    set_cash(state, 1, 5)
    throw(state, (1, 2))
    state.step(0, A.Roll())
    state.step(0, A.Decline())
    assert state.actor() == 1 and A.Mortgage(CATTERICK) in state.legal_actions(1)
    assert "you have only £5" in state.why_illegal(1, A.Bid(50))
    state.step(1, A.Mortgage(CATTERICK))
    assert state.top().kind == "auction" and state.actor() == 1  # still Ben's bid
    state.step(1, A.Bid(50))
    state.step(0, A.Pass())
    assert state.owner[WATCHKEEPER] == 1 and state.cash(1) == 5 + 100 - 50


def test_an_offer_reaching_you_leaves_you_free_to_sell_and_mortgage_before_answering():
    state = game(2)
    give(state, 0, CATTERICK)
    give(state, 1, REAPER, WATCHKEEPER, level=1)
    state.step(0, A.Propose(1, give=(CATTERICK,), get_cash=200))
    assert {A.Sell(REAPER), A.Sell(WATCHKEEPER)} <= set(state.legal_actions(1))
    state.step(1, A.Sell(REAPER))
    assert state.top().kind == "trade" and state.actor() == 1  # the offer still waits for Ben
    state.step(1, A.Accept())
    assert state.owner[CATTERICK] == 1 and state.cash(1) == 1500 + 25 - 200


def test_no_selling_while_a_building_bought_at_auction_waits_for_its_site():
    state = game(2)
    state.stack.append(Placement(0, STORE))
    assert "put your building" in state.why_illegal(0, A.Mortgage(CATTERICK))


def test_whom_an_offer_may_go_to_is_stated_once_and_why_illegal_agrees():
    state = game(3)
    give(state, 0, REAPER)
    assert trading.offer_partners(state, 0) == (1, 2) and trading.offer_partners(state, 1) == ()
    offer = A.Propose(1, give=(REAPER,), get_cash=10)
    assert state.why_illegal(0, offer) is None
    state.step(0, offer)
    assert trading.offer_partners(state, 1) == (0,)  # a counter-offer goes back to Ann only
    assert "goes back" in state.why_illegal(1, A.Propose(2, give_cash=10))
    state.step(1, A.Reject())
    state.proposals[0] = 3
    assert trading.offer_partners(state, 0) == () and "at most 3" in state.why_illegal(0, offer)
    assert state.view(0).offer_partners == ()


def test_a_card_drawn_by_raising_the_prison_fine_cannot_be_taken_back():
    """Issue 43: the third turn in Prison with £10 in hand; mortgaging to pay the fine moves
    the token to Training and draws a card, so that mortgage is past taking back."""
    from core.engine.match import Match

    match = Match("army", ["Ann", "Ben"], 1)
    state = match.state
    state.turn = state.starter = 0
    state.position[0], state.prison_turn[0] = PRISON, 2
    give(state, 0, REAPER, WATCHKEEPER)
    set_cash(state, 0, 10)
    throw(state, (2, 5))
    match._settle()
    match.act(0, A.Roll())  # no double on the third turn: a £50 fine Ann cannot pay yet
    assert state.position[0] == PRISON and match.take_back_point(0, {1}) is None
    drawn = match.state.decks[TRAINING][0]
    match.act(0, A.Mortgage(REAPER))  # £40: still short, and that may be taken back
    assert match.state.position[0] == PRISON and match.take_back_point(0, {1}) is not None
    match.act(0, A.Mortgage(WATCHKEEPER))  # £70: the fine is paid, Ann moves and draws
    assert match.state.last_card == (TRAINING, drawn)  # from Training (17): Go to Prison
    assert match.take_back_point(0, {1}) is None
