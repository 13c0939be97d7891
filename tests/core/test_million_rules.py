"""Million's rules (the Million rulebook, docs/rulings.md), one test per rule, on states built
directly."""

import pytest

from core.engine.errors import IllegalAction
from core.games.million import actions as A
from core.games.million.board import (
    BUSINESSES,
    EXITS,
    FINISH,
    LANDMARKS,
    ONE_WAY,
    REAL_ESTATE,
    SINGLES,
    SPACES,
    START,
    STUNT_DECK,
)
from core.games.million.frames import AFTER, MOVE, sale_price
from core.games.million.moves import walks
from core.games.million.state import FREE, MillionState

NAMES = ["Ann", "Ben", "Cat", "Dan"]
RULES = {
    "cash_target": 1_000_000,
    "exact_finish": True,
    "one_way": True,
    "six_rule": "choose",
    "round_limit": 0,
}


def start(players=2, seed=1, **options):
    state = MillionState(NAMES[:players], seed, {**RULES, **options})
    for _ in range(players):  # everyone takes the first small business left
        seat = state.to_act()[0]
        state.step(seat, state.legal_actions(seat)[0])
    return state


def act(state, action):
    state.step(state.to_act()[0], action)


def roll(state, value):
    state.step_outcome(state.to_act()[0], A.Roll(), value)


def test_setup_10000_each_a_free_small_business_and_the_stunt_cards_by_players():
    for players, face_up in ((2, 2), (3, 2), (4, 3)):
        state = MillionState(NAMES[:players], 3, RULES)
        assert [state.cash(s) for s in range(players)] == [10_000] * players
        assert len(state.face_up) == face_up
        assert {type(a) for a in state.legal_actions(state.turn)} == {A.ChooseFree}
        for _ in range(players):
            seat = state.to_act()[0]
            choice = state.legal_actions(seat)[-1]
            state.step(seat, choice)
            assert state.holder[choice.business] == seat and state.cash(seat) == 10_000
        assert sum(state.holder[b] != FREE for b in SINGLES) == players


def test_the_first_move_counts_start_as_one():
    state = start()
    roll(state, 1)
    assert state.legal_actions(state.turn)[0] == A.Drive(START)


def test_a_stunt_pays_the_first_to_reach_it_and_a_new_card_is_revealed():
    state = start()
    me = state.turn
    card = state.face_up[0]
    where = LANDMARKS[STUNT_DECK[card]]
    state.position[me] = where
    state.stage, state.die, state.landed = MOVE, 3, None
    state._do_Drive(me, A.Drive(where))
    assert card not in state.face_up and card in state.discard and len(state.face_up) == 2
    assert state.cash(me) == 10_000 + 10_000  # one business by itself: $10k


def test_a_card_revealed_where_a_car_stands_sends_it_back_to_start_unpaid():
    state = start()
    other = 1 - state.turn
    nxt = state.deck[-1]
    state.position[other] = LANDMARKS[STUNT_DECK[nxt]]
    state._turn_up_stunt()
    assert state.position[other] is None and state.cash(other) == 10_000


def test_buying_an_opponent_s_lease_refunds_them_and_your_own_costs_the_difference():
    state = start()
    me, other = state.turn, 1 - state.turn
    a1 = BUSINESSES[0]  # $30,000, lease $10,000
    state.holder[a1.id], state.leased[a1.id] = other, True
    state._pay(state.bank, me, 100_000, "test")
    state.stage, state.landed = AFTER, a1.space
    assert A.Lease(a1.id) not in state.legal_actions(me)
    act(state, A.Buy(a1.id))
    assert state.holder[a1.id] == me and not state.leased[a1.id]
    assert state.cash(other) == 10_000 + 10_000 and state.cash(me) == 110_000 - 30_000
    a2 = BUSINESSES[1]
    state.holder[a2.id], state.leased[a2.id] = me, True
    state.acquired = False
    state.landed = a2.space
    act(state, A.Buy(a2.id))
    assert state.cash(me) == 80_000 - (a2.buy - a2.lease)


def test_no_lease_without_a_lease_price_and_seven_signs_at_most():
    state = start()
    me = state.turn
    dear = next(b for b in BUSINESSES if not b.lease)
    state._pay(state.bank, me, 1_000_000, "test")
    state.stage, state.landed = AFTER, dear.space
    with pytest.raises(IllegalAction, match="no lease price"):
        act(state, A.Lease(dear.id))
    for b in [b for b in BUSINESSES if state.holder[b.id] == FREE][:6]:
        state.holder[b.id] = me
    assert len(state.held(me)) == 7
    with pytest.raises(IllegalAction, match="SOLD signs"):
        act(state, A.Buy(dear.id))


def test_leases_end_at_any_time_in_your_turn_for_a_full_refund():
    state = start()
    me = state.turn
    b = BUSINESSES[0]
    state.holder[b.id], state.leased[b.id] = me, True
    act(state, A.EndLease(b.id))
    assert state.holder[b.id] == FREE and state.cash(me) == 10_000 + b.lease


@pytest.mark.parametrize(
    "roll_, price", [(1, 20_000), (2, 20_000), (3, 30_000), (4, 30_000), (5, 60_000), (6, 90_000)]
)
def test_the_sale_roll(roll_, price):
    assert sale_price(30_000, roll_) == price


def test_selling_instead_of_moving_then_no_buying_that_turn():
    state = start()
    me = state.turn
    mine = state.held(me)[0]
    state.step_outcome(me, A.Sell(mine), 5)
    assert state.cash(me) == 10_000 + 40_000 and state.holder[mine] == FREE
    assert state.stage == AFTER and state.legal_actions(me) == [A.EndTurn()]


def test_a_six_gives_ten_thousand_or_an_opponent_s_missed_turn_once():
    state = start(3)
    me = state.turn
    roll(state, 6)
    act(state, state.legal_actions(me)[0])  # drive
    assert set(state.legal_actions(me)) == {
        A.TakeTen(),
        *(A.SkipPlayer(p) for p in range(3) if p != me),
    }
    victim = (me + 1) % 3
    act(state, A.SkipPlayer(victim))
    act(state, A.EndTurn())
    assert state.turn == (me + 2) % 3  # the victim's turn is missed
    assert not state.skip[victim]


def test_landing_exactly_on_finish_with_a_million_wins():
    state = start()
    me = state.turn
    state._pay(state.bank, me, 1_000_000, "test")
    before = next(a for a, b in ONE_WAY if b == FINISH)
    state.position[me] = before
    roll(state, 1)
    act(state, A.Drive(FINISH))
    assert state.is_over() and state.result().winners == (me,)


@pytest.mark.parametrize("choice", ["ten", "skip"])
def test_a_six_that_lands_on_finish_with_a_million_wins_whatever_the_six_s_choice(choice):
    """Issue 43: making an opponent miss a turn did not check the finish, as taking the $10k
    does: the winner had to end the turn, and the game went on."""
    state = start()
    me = state.turn
    state._pay(state.bank, me, 1_000_000 - state.cash(me), "test")
    state.position[me] = 26
    roll(state, 6)
    act(state, A.Drive(FINISH))
    act(state, A.TakeTen() if choice == "ten" else A.SkipPlayer(1 - me))
    assert state.is_over() and state.result().winners == (me,)


def test_real_estate_takes_any_business_or_sells_one_never_both():
    state = start()
    me = state.turn
    state._pay(state.bank, me, 500_000, "test")
    state.stage, state.landed = AFTER, next(iter(REAL_ESTATE))
    legal = state.legal_actions(me)
    far = BUSINESSES[20]  # E1, far from Real Estate, with a lease price
    assert A.Buy(far.id) in legal and A.Lease(far.id) in legal
    assert A.Sell(state.held(me)[0]) in legal
    act(state, A.Lease(far.id))
    assert not any(type(a) in (A.Sell, A.Buy, A.Lease) for a in state.legal_actions(me))


def test_no_u_turn_and_never_against_the_one_way_street():
    state = start()
    me = state.turn
    a, b = next(iter(sorted(ONE_WAY)))
    state.position[me] = b  # just past a one-way stretch: it cannot be driven back
    roll(state, 1)
    assert A.Drive(a) not in state.legal_actions(me)
    assert "only where the roll takes you" in state.why_illegal(me, A.Drive(a))
    state = start()
    me = state.turn
    here = next(
        s.id
        for s in SPACES
        if len(EXITS[s.id]) == 2
        and s.id not in {x for pair in ONE_WAY for x in pair}
        and s.kind == "road"
    )
    state.position[me] = here
    roll(state, 2)  # out and straight back is a U-turn: here is not a destination
    destinations = {a.space for a in state.legal_actions(me) if type(a) is A.Drive}
    assert here not in destinations and A.Drive(EXITS[here][0]) not in state.legal_actions(me)


def test_stopping_short_only_on_a_face_up_stunt():
    state = start()
    me = state.turn
    showing = {LANDMARKS[STUNT_DECK[card]] for card in state.face_up}
    where = next(iter(showing))
    state.position[me] = next(p for p in range(len(SPACES)) if where in EXITS[p])
    roll(state, 4)
    assert A.Drive(where) in state.legal_actions(me)  # one space of four, on the stunt
    # a landmark with no stunt showing, one space on and not four: no stopping there
    before, hidden = next(
        (p, q)
        for q in LANDMARKS.values()
        if q not in showing
        for p in range(len(SPACES))
        if q in EXITS[p] and q not in {w.destination for w in walks(p, 4)}
    )
    state = start()
    me = state.turn
    state.position[me] = before
    roll(state, 4)
    assert "only where the roll takes you" in state.why_illegal(me, A.Drive(hidden))


def test_two_cards_on_one_location_pay_once_and_send_the_car_back_to_start():
    state = start()
    me = state.turn
    twice = next(name for name in LANDMARKS if STUNT_DECK.count(name) == 2)
    cards = [i for i, name in enumerate(STUNT_DECK) if name == twice]
    for card in cards:
        for pile in (state.deck, state.face_up):
            if card in pile:
                pile.remove(card)
    state.face_up[:2] = cards
    where = LANDMARKS[twice]
    state.position[me] = next(p for p in range(len(SPACES)) if where in EXITS[p])
    roll(state, 1)
    act(state, A.Drive(where))
    assert state.cash(me) == 20_000  # paid once: one business alone, $10k
    assert state.position[me] is None and sum(c in state.face_up for c in cards) == 1


def test_a_six_ending_on_a_stunt_reveals_the_next_card_before_the_choice():
    state = start()
    me = state.turn
    card = state.face_up[0]
    where = LANDMARKS[STUNT_DECK[card]]
    state.position[me] = next(p for p in range(len(SPACES)) if where in EXITS[p])
    nxt = state.deck[-1]
    roll(state, 6)
    act(state, A.Drive(where))  # short of the six, on the stunt
    assert state.stack and nxt in state.face_up and card not in state.face_up


def test_a_player_already_waiting_to_miss_a_turn_cannot_be_made_to_miss_another():
    state = start(3)
    me = state.turn
    victim = (me + 1) % 3
    state.skip[victim] = True
    roll(state, 6)
    act(state, state.legal_actions(me)[0])
    assert A.SkipPlayer(victim) not in state.legal_actions(me)
    assert "already waiting" in state.why_illegal(me, A.SkipPlayer(victim))


def test_finish_needs_the_exact_count_unless_the_option_says_otherwise():
    for exact in (True, False):
        state = start(exact_finish=exact)
        me = state.turn
        state._pay(state.bank, me, 1_000_000, "test")
        state.position[me] = next(a for a, b in ONE_WAY if b == FINISH)
        roll(state, 3)  # FINISH is one space on: an overshoot
        assert (A.Drive(FINISH) in state.legal_actions(me)) is not exact
        if not exact:
            act(state, A.Drive(FINISH))
            assert state.is_over() and state.result().winners == (me,)


def test_a_six_s_choice_names_players_from_one_as_their_keys_do():
    assert str(A.SkipPlayer(0)) == "make player 1 miss a turn"
    assert A.SkipPlayer(0).named(("Ann", "Ben")) == "make Ann miss a turn"  # as a hint says


def test_with_six_rule_skip_a_six_gives_nothing_when_everyone_already_misses_a_turn():
    """Issue 43: the engine paid $10,000 where the option says a six only makes an opponent
    miss a turn."""
    state = start(2, six_rule="skip")
    me = state.turn
    state.skip[1 - me] = True
    cash = state.cash(me)
    roll(state, 6)
    act(state, state.legal_actions(me)[0])  # drive
    assert A.TakeTen() not in state.legal_actions(me) and state.cash(me) == cash
    assert (
        state.log()[-1] == f"{state.players[me]}'s six makes nobody miss a turn: every "
        "opponent misses one already."
    )
