"""Army's heuristic bot in its two styles: the sensible one people play against, and the sharp
one the search bot plays its unweighed moves by."""

from core.engine.search import SearchBot
from core.games.army import actions as A
from core.games.army.bots import SHARP, HeuristicBot
from core.games.army.search import PLAN

from .army_helpers import game, give, set_cash

REAPER, WATCHKEEPER = 1, 3  # the browns: £60 each, £50 a building


def browns_held_with(cash: int):
    """Ann holds the browns, bare, with `cash`, before her throw."""
    state = game()
    give(state, 0, REAPER, WATCHKEEPER)
    set_cash(state, 0, cash)
    return state


def test_the_sharp_bot_builds_down_to_its_last_pound_where_the_sensible_one_keeps_a_reserve():
    state = browns_held_with(100)
    view, legal = state.view(0), state.legal_actions(0)
    assert HeuristicBot(0).choose(view, legal) == A.Roll()
    assert type(HeuristicBot(0, SHARP).choose(view, legal)) is A.Build


def test_the_sharp_bot_will_not_complete_someone_s_group_at_the_sensible_price():
    state = game()
    give(state, 0, REAPER)
    give(state, 1, WATCHKEEPER)  # Ben's Watchkeeper completes Ann's browns
    state.step(0, A.Propose(1, give_cash=60 + (60 + 60) // 2, get=(WATCHKEEPER,)))
    view, legal = state.view(1), state.legal_actions(1)
    assert HeuristicBot(0).choose(view, legal) == A.Accept()
    assert HeuristicBot(0, SHARP).choose(view, legal) == A.Reject()


def test_the_search_bot_plays_the_moves_it_does_not_weigh_sharp():
    state = browns_held_with(100)
    assert type(SearchBot(PLAN, 0).choose(state.view(0), state.legal_actions(0))) is A.Build
