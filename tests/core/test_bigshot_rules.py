"""Big Shot's rules, one test per rule, from the rulebook's own examples where it gives them."""

import itertools

import pytest

from core.engine.errors import GameOver, IllegalAction
from core.games.bigshot import actions as A
from core.games.bigshot import lots
from core.games.bigshot.board import LOTS, lot_winner
from core.games.bigshot.scoring import decide, score

from .bigshot_helpers import (
    B,
    R,
    W,
    Y,
    cubes_in_play,
    lot,
    new_game,
    put_cubes,
    seat_of,
    to_placement,
)

# -- setting up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_72_cubes_four_a_space_of_two_colours_and_ten_million(players):
    for seed in range(20):
        state = new_game(players, seed)
        spaces = [state.space_counts(s) for s in range(18)]
        assert all(sum(s) == 4 and sum(1 for n in s if n) >= 2 for s in spaces)
        assert cubes_in_play(state) == [18, 18, 18, 18]
        money = [state.cash(c) for colours in state.seat_colours for c in colours]
        assert money == [10] * len(money)


def test_players_get_one_colour_each_three_players_leave_a_ghost_two_players_get_two():
    assert [len(c) for c in new_game(4).seat_colours] == [1, 1, 1, 1]
    three = new_game(3)
    assert three.ghost not in {c for cs in three.seat_colours for c in cs}
    assert three.cash(three.ghost) == 0
    assert [len(c) for c in new_game(2).seat_colours] == [2, 2]


# -- lots: majority, the single-cube rule, settlement ----------------------------------------------


def test_rulebook_takeover_example_red_yellow_and_white_can_each_win_the_lot():
    # A lot holds 2 yellow, 1 red, 1 white; the broker's space has 2 red, 1 yellow, 1 black.
    for placed, winner in (
        ({R: 2, B: 1}, R),  # 3/2/1/1 for red
        ({Y: 1, R: 1, B: 1}, Y),  # 3/2/1/1 for yellow
        ({R: 2, Y: 1}, W),
    ):  # 3/3/1: the single white cube wins
        state = new_game(4, seed=3)
        target = lot("18")
        put_cubes(state, target, {Y: 2, R: 1, W: 1})
        placer = to_placement(state, placed)
        for colour, n in placed.items():
            for _ in range(n):
                state.step(placer, A.place(colour, target))
        assert state.settled[target] and state.owners[target] == winner
        assert cubes_in_play(state) == [18, 18, 18, 18]


def test_equal_majorities_cancel_and_the_single_cube_wins():
    assert lot_winner([3, 3, 1, 0]) == 2
    assert lot_winner([2, 2, 2, 1]) == 3
    assert lot_winner([2, 2, 1, 0]) == 2  # the rulebook's final-settlement example


def test_ties_with_no_single_count_go_to_nobody():
    for counts in ([2, 2, 0, 0], [1, 1, 1, 0], [2, 2, 1, 1], [1, 1, 1, 1], [3, 3, 0, 0]):
        assert lot_winner(counts) == -1


def test_every_full_lot_of_seven_has_an_owner():
    for counts in itertools.product(range(8), repeat=4):
        if sum(counts) == 7:
            assert lot_winner(list(counts)) >= 0, counts


def test_a_lot_settles_on_its_seventh_cube_and_then_takes_no_more():
    state = new_game(4, seed=5)
    target = lot("20")
    put_cubes(state, target, {R: 3, Y: 3})
    placer = to_placement(state, {W: 2})
    state.step(placer, A.place(W, target))
    assert state.settled[target] and state.owners[target] == W
    before = state.version
    with pytest.raises(IllegalAction, match="settled"):
        state.step(placer, A.place(W, target))
    assert state.version == before and state.to_place[W] == 1


def test_unsettled_lots_settle_at_the_end_and_a_tie_goes_to_nobody():
    state = new_game(4, seed=2)
    state.round = 18
    a, b = lot("16"), lot("17")
    put_cubes(state, a, {R: 2, Y: 1})
    put_cubes(state, b, {R: 2, Y: 2})
    placer = to_placement(state, {B: 1})
    state.step(placer, A.place(B, lot("21")))
    assert state.is_over()
    assert state.owners[a] == R and state.owners[b] == -1 and state.owners[lot("21")] == B


# -- the broker and the auction --------------------------------------------------------------------


def test_the_broker_counts_only_spaces_that_still_hold_cubes():
    state = new_game(4, seed=7)
    start = state.broker
    for step in (1, 2, 3):  # empty the three spaces after the broker
        space = (start + step) % 18
        state.retired = [r + n for r, n in zip(state.retired, state.space_counts(space))]
        state.spaces[space] = (0, 0, 0, 0)
        state.space_cubes[space] = 0
    state.rng.state = 0  # find a seed-independent roll: whatever it is, count from the broker
    pips = state.rng.copy().below(6) + 1
    state.step(state.current, A.ROLL)
    assert state.broker == (start + 3 + pips) % 18


def test_bidding_starts_left_of_the_roller_and_each_bid_must_be_higher():
    state = new_game(4, seed=11)
    roller = state.current
    state.step(roller, A.ROLL)
    first = (roller + 1) % 4
    assert state.to_act() == (first,)
    state.step(first, A.bid(3))
    second = (roller + 2) % 4
    for low in (2, 3):
        with pytest.raises(IllegalAction, match="at least 4"):
            state.step(second, A.bid(low))
    state.step(second, A.bid(4))
    assert state.auction.high == 4 and state.auction.high_bidder == second


def test_a_pass_is_final_and_the_last_bidder_pays_the_bank_and_places():
    state = new_game(4, seed=12)
    roller = state.current
    state.step(roller, A.ROLL)
    bidder = (roller + 1) % 4
    state.step(bidder, A.bid(5))
    for seat in ((roller + 2) % 4, (roller + 3) % 4, roller):
        state.step(seat, A.PASS)
    assert state.phase == "place" and state.winner == bidder
    colour = state.seat_colours[bidder][0]
    assert state.cash(colour) == 5 and state.ledger.balance(4) == -40 + 5
    assert sum(state.to_place) == 4


def test_a_passed_player_cannot_bid_again():
    state = new_game(4, seed=12)
    roller = state.current
    state.step(roller, A.ROLL)
    a, b = (roller + 1) % 4, (roller + 2) % 4
    state.step(a, A.PASS)
    state.step(b, A.bid(1))
    state.step((roller + 3) % 4, A.bid(2))
    state.step(roller, A.PASS)
    state.step(b, A.bid(3))  # a is skipped: a pass is final
    assert state.to_act() == ((roller + 3) % 4,)


def test_when_all_others_pass_the_roller_takes_the_cubes_free_without_being_asked():
    # DE: "Der Startspieler erhält die vier Steine kostenlos, wenn alle anderen Spieler passen";
    # EN: "If nobody makes a bid, the player who rolled the die picks up and distributes the
    # cubes at no cost."
    state = new_game(4, seed=13)
    roller = state.current
    state.step(roller, A.ROLL)
    for seat in ((roller + 1) % 4, (roller + 2) % 4, (roller + 3) % 4):
        state.step(seat, A.PASS)
    assert state.phase == "place" and state.winner == roller and state.price == 0
    assert state.cash(state.seat_colours[roller][0]) == 10
    assert state.to_act() == (roller,)  # to place the cubes, never asked to bid


def test_the_roller_may_still_outbid_when_someone_else_bid():
    state = new_game(4, seed=13)
    roller = state.current
    state.step(roller, A.ROLL)
    state.step((roller + 1) % 4, A.bid(2))
    state.step((roller + 2) % 4, A.PASS)
    state.step((roller + 3) % 4, A.PASS)
    assert state.to_act() == (roller,) and A.bid(3) in state.legal_actions(roller)


def test_a_bid_above_your_cash_is_refused():
    state = new_game(4, seed=14)
    state.step(state.current, A.ROLL)
    with pytest.raises(IllegalAction, match="cannot pay 11"):
        state.step(state.current, A.bid(11))


def test_eighteen_rounds_then_the_game_is_over():
    state = new_game(4, seed=15)
    rounds = set()
    while not state.is_over():
        rounds.add(state.round)
        seat = state.current
        state.step(seat, state.legal_actions(seat)[-1] if state.phase != "bid" else A.PASS)
    assert rounds == set(range(1, 19))
    assert not any(state.space_cubes)
    with pytest.raises(GameOver):
        state.step(0, A.ROLL)


# -- loans -----------------------------------------------------------------------------------------


def test_loans_pay_nine_then_eight_then_seven_and_cost_ten_each():
    state = new_game(4, seed=16)
    seat = (state.current + 2) % 4  # not the roller: borrowing is open to anyone, any time
    colour = state.seat_colours[seat][0]
    payouts = []
    for _ in range(3):
        before = state.cash(colour)
        state.step(seat, A.take_loan(colour))
        payouts.append(state.cash(colour) - before)
        to_placement(state, {})  # nobody bids; the roller places no cubes; next round
        state.to_place = [0, 0, 0, 0]
        state.stack.clear()  # (no cubes left to place)
        lots.end_round(state)
        state.current = state._find_actor()
    assert payouts == [9, 8, 7]
    assert state.loans[colour] == 3
    scores = score(state.seat_colours, state.owners, state.ledger.balances, state.loans)
    assert scores[seat].debt == 30


def test_only_one_loan_a_round_and_the_refusal_changes_nothing():
    state = new_game(4, seed=17)
    seat = state.current
    colour = state.seat_colours[seat][0]
    state.step(seat, A.take_loan(colour))
    version, cash = state.version, state.cash(colour)
    with pytest.raises(IllegalAction, match="one loan per colour each round"):
        state.step(seat, A.take_loan(colour))
    assert (state.version, state.cash(colour), state.loans[colour]) == (version, cash, 1)


def test_loan_option_when_short_allows_a_loan_only_when_you_cannot_raise():
    state = new_game(4, seed=18, loan_timing="when_short")
    roller = state.current
    colour = state.seat_colours[roller][0]
    with pytest.raises(IllegalAction, match="cannot raise"):
        state.step(roller, A.take_loan(colour))
    state.step(roller, A.ROLL)
    first = state.current
    state.step(first, A.bid(10))
    short = state.current
    short_colour = state.seat_colours[short][0]
    assert A.take_loan(short_colour) in state.legal_actions(short)
    state.step(short, A.take_loan(short_colour))
    state.step(short, A.bid(11))
    assert state.auction.high_bidder == short


def test_nine_loans_at_most():
    state = new_game(4, seed=19)
    colour = state.seat_colours[state.current][0]
    state.loans[colour] = 9
    with pytest.raises(IllegalAction, match="no more than 9"):
        state.step(state.current, A.take_loan(colour))


# -- scoring ---------------------------------------------------------------------------------------


def test_rulebook_park_example_red_scores_38_and_white_11():
    state = new_game(4, seed=20)
    owners = [-1] * len(LOTS)
    owners[lot("Park West")] = R
    owners[lot("9 West")] = R
    owners[lot("10 West")] = R
    owners[lot("11 West")] = W
    scores = score(state.seat_colours, owners, [0] * 5, [0] * 4)
    assert scores[seat_of(state, R)].lot_value == 9 * 2 + 10 * 2 == 38
    assert scores[seat_of(state, W)].lot_value == 11


def finish(state, owners, cash=None, loans=None):
    """End `state` with this ownership (colour per lot name) and cash per colour."""
    state.owners = [-1] * len(LOTS)
    for name, colour in owners.items():
        state.owners[lot(name)] = colour
    for colour, amount in (cash or {}).items():
        state.ledger.transfer(18, colour, 4, state.cash(colour) - amount, "test")
    for colour, n in (loans or {}).items():
        state.loans[colour] = n
    state.stage = "over"
    return decide(state)


def test_score_is_lots_plus_cash_minus_ten_per_debit_card():
    state = new_game(4, seed=21)
    result = finish(state, {"16": R, "17": R}, cash={R: 12}, loans={R: 2})
    assert result.scores[seat_of(state, R)] == 16 + 17 + 12 - 20
    assert result.winners == (seat_of(state, R),)


def test_fewer_than_two_lots_cannot_win_even_with_the_best_balance():
    state = new_game(4, seed=22)
    result = finish(state, {"21": R, "9 West": Y, "9 East": Y}, cash={R: 40, Y: 0})
    assert result.winners == (seat_of(state, Y),)


def test_nobody_with_two_lots_means_nobody_wins_and_it_says_so():
    state = new_game(4, seed=23)
    result = finish(state, {"21": R, "20": Y})
    assert result.winners == () and "nobody wins" in result.reason


def test_tie_on_balance_goes_to_more_lots_then_to_the_most_valuable_lot():
    state = new_game(4, seed=24)
    result = finish(
        state,
        {"9 West": R, "10 East": R, "9 East": R, "18": Y, "10 West": Y},
        cash={R: 0, Y: 0, W: 0, B: 0},
    )  # 28 each; red has three lots
    assert result.winners == (seat_of(state, R),) and "more lots" in result.reason
    state = new_game(4, seed=24)
    result = finish(
        state, {"9 West": R, "20": R, "18": Y, "11 East": Y}, cash={R: 0, Y: 0, W: 0, B: 0}
    )  # 29 each, two lots each; 20 beats 18
    assert result.winners == (seat_of(state, R),) and "most valuable lot" in result.reason


def test_ghost_lots_score_for_nobody_and_the_ghost_never_bids():
    state = new_game(3, seed=25)
    ghost = state.ghost
    assert all(ghost not in colours for colours in state.seat_colours)
    result = finish(
        state,
        {"21": ghost, "20": ghost, "16": state.seat_colours[0][0], "17": state.seat_colours[0][0]},
    )
    assert len(result.scores) == 3 and result.winners == (0,)
    state = new_game(3, seed=25)
    state.step(state.current, A.ROLL)
    assert len(state.auction.bidders) == 3


def test_ghost_cubes_are_placed_by_the_auction_winner_and_can_win_lots():
    state = new_game(3, seed=26)
    ghost = state.ghost
    placer = to_placement(state, {ghost: 1})
    state.step(placer, A.place(ghost, lot("21")))
    state.round = 18
    assert state.lot_counts(lot("21"))[ghost] == 1


# -- the variants ----------------------------------------------------------------------------------


def test_hidden_money_shows_each_player_only_their_own_cash():
    state = new_game(4, seed=27, hidden_money=True)
    for seat in range(4):
        view = state.view(seat)
        mine = state.seat_colours[seat][0]
        assert view.cash[mine] == 10
        assert [c for c in range(4) if view.cash[c] is not None] == [mine]
        assert all(t.source == mine or t.target == mine for t in view.ledger)
    assert all(c is None for c in state.view(None).cash)


def test_hidden_money_asks_for_loans_in_turn_before_the_bidding():
    state = new_game(4, seed=28, hidden_money=True)
    roller = state.current
    colour = state.seat_colours[roller][0]
    with pytest.raises(IllegalAction, match="before the bidding"):
        state.step(roller, A.take_loan(colour))
    state.step(roller, A.ROLL)
    assert state.phase == "loans" and state.current == (roller + 1) % 4
    state.step(state.current, A.take_loan(state.seat_colours[state.current][0]))
    for _ in range(3):
        state.step(state.current, A.NO_MORE_LOANS)
    assert state.phase == "bid" and state.current == (roller + 1) % 4
    state.step(state.current, A.PASS)
    late = state.current  # declined in the loan round: too late now
    with pytest.raises(IllegalAction, match="before the bidding"):
        state.step(late, A.take_loan(state.seat_colours[late][0]))


def test_two_players_borrow_per_colour_only_before_their_first_bid():
    state = new_game(2, seed=29)
    roller = state.current
    state.step(roller, A.ROLL)
    bidder = state.current
    first, second = state.seat_colours[bidder]
    state.step(bidder, A.take_loan(first))
    state.step(bidder, A.take_loan(second))
    assert state.loans[first] == state.loans[second] == 1
    state.step(bidder, A.bid(1))
    state.step(roller, A.bid(2))
    third = state.seat_colours[bidder][0]
    assert not any(isinstance(a, A.TakeLoan) for a in state.legal_actions(bidder))
    with pytest.raises(IllegalAction):
        state.step(bidder, A.take_loan(third))


def test_two_players_bid_what_one_colour_can_pay_and_the_winner_chooses_which():
    state = new_game(2, seed=30)
    roller = state.current
    state.step(roller, A.ROLL)
    bidder = state.current
    with pytest.raises(IllegalAction, match="cannot pay 11"):
        state.step(bidder, A.bid(11))  # 10 + 10 across two colours is not 11 from one
    state.step(bidder, A.bid(6))
    state.step(roller, A.PASS)
    assert state.phase == "pay"
    first, second = state.seat_colours[bidder]
    state.step(bidder, A.pay_with(second))
    assert (state.cash(first), state.cash(second)) == (10, 4)


def test_two_players_parks_double_only_the_same_colour_and_each_colour_needs_two_lots():
    state = new_game(2, seed=31)
    a, b = state.seat_colours[0]
    c, d = state.seat_colours[1]
    result = finish(
        state,
        {"Park West": a, "9 West": b, "10 West": a, "16": b, "17": c, "18": c, "20": d, "21": d},
        cash={a: 0, b: 0, c: 0, d: 0},
    )
    seat0 = result.details[0]
    assert seat0.lot_value == 20 + 9 + 16  # 10 West doubled (same colour), 9 West not
    assert seat0.eligible and result.details[1].eligible
    state = new_game(2, seed=31)
    result = finish(
        state,
        {"Park West": a, "10 West": a, "16": b, "17": c, "18": c, "20": d, "21": d, "9 East": d},
        cash={a: 0, b: 0, c: 0, d: 0},
    )
    assert not result.details[0].eligible  # four lots, but only one with colour b
    assert result.winners == (1,)


def test_colours_are_dealt_at_random_unless_chosen_in_seat_order():
    assert new_game(4, colours="black,red,white,yellow").seat_colours == ((B,), (R,), (W,), (Y,))
    three = new_game(3, colours="white,red,black")
    assert three.seat_colours == ((W,), (R,), (B,)) and three.ghost == Y
    assert new_game(2, colours="red,black,white,yellow").seat_colours == ((R, B), (W, Y))
    dealt = {new_game(4, seed=s).seat_colours for s in range(10)}
    assert len(dealt) > 1
    for bad in ("red,red,white,black", "red,white", "pink,red,white,black"):
        with pytest.raises(ValueError, match="colours must be"):
            new_game(4, colours=bad)
