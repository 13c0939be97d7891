"""Stadium's heuristic bot: the choices that make it a fair opponent (its strength is measured by
benchmarks/stadium_simple_player.py and benchmarks/bot_strength.py)."""

import pytest

from core.games import get_spec
from core.games.stadium import actions as A
from core.games.stadium.board import CARDS, STADIUM
from core.games.stadium.bots import HeuristicBot, SimpleBot, best_income_with

SPEC = get_spec("stadium")


def start():
    return SPEC.start(["Ann", "Ben", "Cat", "Dan"], 3, {})


def test_three_bots_beat_a_player_who_buys_the_first_lot_and_builds_at_once():
    """The player a person pressing the suggested keys is: three bots must win more than
    their even share (9 of 12); they win 11. Bots that chose land by nearness and stadium
    blocks, and turned up Auction cards from $90,000, won 5."""
    bots_won = 0
    for game in range(12):
        seed, simple = 5000 + game, game % 4
        state = SPEC.start(["Ann", "Ben", "Cat", "Dan"], seed, {"round_limit": 150})
        players = [HeuristicBot(seed) for _ in range(4)]
        players[simple] = SimpleBot()
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            state.step(seat, players[seat].choose(view, view.legal))
        bots_won += simple not in state.result().winners
    assert bots_won >= 10


def test_the_income_a_lot_makes_room_for_is_the_biggest_earner_that_fits():
    state = start()
    me = state.turn
    view = state.view(me)
    income = max(best_income_with(view, me, lot) for lot in range(181))
    assert income == max(
        card.income for card in CARDS if card is not STADIUM and card.width * card.height <= 4
    )  # a lot is 1-4 acres


@pytest.mark.parametrize("cash, card", [(200_000, A.DrawVenture), (1_000_000, A.DrawCrown)])
def test_a_venture_card_is_picked_until_the_stadium_could_be_paid_for(cash, card):
    state = start()
    me = state.turn
    if cash > state.cash(me):
        state._pay(state.bank, me, cash - state.cash(me), "inheritance")
    state.step_outcome(me, A.Roll(), 5)
    view = state.view(me)
    assert type(HeuristicBot(0).choose(view, view.legal)) is card
