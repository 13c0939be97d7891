"""Million's heuristic bot in its two styles (the sensible one people play against, the sharp one
the search bot plays every move by), and the turns to FINISH the sharp one drives by."""

import pytest

from core.engine.search import SearchBot
from core.games.million import actions as A
from core.games.million.board import BUSINESSES, FINISH, SPACES
from core.games.million.bots import SHARP, HeuristicBot, distance
from core.games.million.finishing import ROLLS, turns_to_finish
from core.games.million.frames import AFTER
from core.games.million.moves import walks
from core.games.million.search import PLAN

from .test_million_rules import RULES, roll, start

TARGET = RULES["cash_target"]
CAR_PLACES = [*range(len(SPACES)), None]  # every space, and off the board


def rich(state, seat, cash):
    state._pay(state.bank, seat, cash - state.cash(seat), "test")


@pytest.mark.parametrize("one_way, exact", [(True, True), (False, True), (True, False)])
def test_turns_to_finish_are_the_best_driving_s_average_from_every_space(one_way, exact):
    """Each space's turns are one turn more than the average, over the die's six numbers,
    of the best place that number reaches (FINISH counting nothing)."""
    stops = frozenset() if exact else frozenset({FINISH})
    for space in CAR_PLACES:
        if space == FINISH:
            continue  # landed: 0
        after = [
            min(
                turns_to_finish(w.destination, one_way, exact)
                for w in walks(space, n, stops, one_way)
            )
            for n in ROLLS
        ]
        assert turns_to_finish(space, one_way, exact) == pytest.approx(1 + sum(after) / 6)


def test_finish_is_nearer_in_the_variants_and_never_nearer_than_a_turn():
    assert turns_to_finish(FINISH) == 0
    for space in CAR_PLACES:
        if space != FINISH:
            exact = turns_to_finish(space)
            assert 1 <= turns_to_finish(space, exact=False) <= exact
            assert 1 <= turns_to_finish(space, one_way=False) <= exact


def car_that_can_finish_rolls(space: int, number: int):
    """Ben, holding the target, on `space`, has rolled `number` and chooses where to drive."""
    state = start()
    me = state.turn
    rich(state, me, TARGET)
    state.position[me] = space
    roll(state, number)
    return state, me


def test_the_sharp_bot_drives_where_finish_is_fewest_turns_away_not_nearest():
    state, me = car_that_can_finish_rolls(3, 2)  # to 30, one space short of FINISH, or to 96
    view, legal = state.view(me), state.legal_actions(me)
    assert {a.space for a in legal if isinstance(a, A.Drive)} == {30, 96}
    assert distance(30, FINISH) < distance(96, FINISH)
    assert turns_to_finish(96) < turns_to_finish(30) - 1  # only a 1 lands from 30
    assert HeuristicBot(0).choose(view, legal) == A.Drive(30)
    assert HeuristicBot(0, SHARP).choose(view, legal) == A.Drive(96)
    assert SearchBot(PLAN, 0).choose(view, legal) == A.Drive(96)  # played sharp


def six_to_use(cash: list[int], leased: int = 0):
    """Ann, Ben and Cat with `cash` each; Ben has thrown a six and is to use it; Cat holds the
    business `leased` on a lease."""
    state = start(3)
    me = state.turn
    for seat, amount in enumerate(cash):
        rich(state, seat, amount)
    state.holder[leased], state.leased[leased] = 2, True
    state.position[me] = 40
    roll(state, 6)
    plain = next(a for a in state.legal_actions(me) if a.space not in state.stunt_spaces())
    state.step(me, plain)
    assert state.stack, "the six's choice is pending"
    return state, me


def test_the_sharp_bot_takes_the_ten_thousand_unless_someone_is_near_finishing():
    state, me = six_to_use([200_000, 50_000, 100_000])
    view, legal = state.view(me), state.legal_actions(me)
    assert HeuristicBot(0).choose(view, legal) == A.SkipPlayer(0)  # the richest in cash
    assert HeuristicBot(0, SHARP).choose(view, legal) == A.TakeTen()


def test_the_sharp_bot_stops_the_player_whose_cash_and_leases_near_the_target():
    lease = max(BUSINESSES, key=lambda b: b.lease)
    cat = int(0.8 * TARGET) - lease.lease  # with the lease's refund, 80% of the target
    state, me = six_to_use([cat + 10_000, 50_000, cat], leased=lease.id)
    view, legal = state.view(me), state.legal_actions(me)
    assert HeuristicBot(0).choose(view, legal) == A.SkipPlayer(0)
    assert HeuristicBot(0, SHARP).choose(view, legal) == A.SkipPlayer(2)


def test_the_sharp_bot_keeps_its_cash_in_its_own_lease():
    state = start()
    me = state.turn
    business = BUSINESSES[0]
    state.holder[business.id], state.leased[business.id] = me, True
    rich(state, me, TARGET // 2)
    state.stage, state.landed = AFTER, business.space
    view, legal = state.view(me), state.legal_actions(me)
    assert HeuristicBot(0).choose(view, legal) == A.Buy(business.id)
    assert HeuristicBot(0, SHARP).choose(view, legal) == A.EndTurn()
