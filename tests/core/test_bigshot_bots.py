"""The bots: always legal, and the heuristic clearly beats random play."""

from hypothesis import given, settings
from hypothesis import strategies as st

from core.games import get_spec
from core.games.bigshot.appraisal import TWO_LOT_BONUS, Appraisal
from core.games.bigshot.board import ROUNDS
from core.sim import simulate

from .bigshot_helpers import SPEC, R, W, Y, lot, new_game, put_cubes, seat_of


def test_heuristic_bot_wins_at_least_60_percent_against_three_random_bots():
    summary = simulate(
        get_spec("bigshot"), 200, seed=0, bots=("heuristic", "random", "random", "random")
    )
    assert summary["errors"] == 0
    assert summary["wins"]["0"] >= 120, summary["wins"]


def test_heuristic_bots_finish_every_variant_without_a_rule_error():
    spec = get_spec("bigshot")
    for players in (2, 3, 4):
        for options in ({}, {"hidden_money": True}, {"loan_timing": "when_short"}):
            summary = simulate(
                spec, 4, seed=players, players=players, bots=("heuristic",), options=options
            )
            assert summary["errors"] == 0 and summary["completed"] == 4, (players, options)


# -- the heuristic's appraisal of a board -------------------------------------------------------


def test_appraisal_of_a_park_and_its_neighbours_in_the_last_round():
    """Red leads 9 West and 10 West, both full, and Park West: each lot is doubled by the park,
    the park is worth half its neighbours' values, and red's first two lots earn the bonus."""
    state = new_game(players=4, seed=3)
    state.round = ROUNDS  # the last round: an open lead counts fully
    put_cubes(state, lot("9 West"), {R: 4, Y: 3})
    put_cubes(state, lot("10 West"), {R: 7})
    put_cubes(state, lot("Park West"), {R: 1})
    board = Appraisal(state.view(seat_of(state, R)), (R,))
    assert board.value() == 2 * 9 + 2 * 10 + (9 + 10) / 2 + 2 * TWO_LOT_BONUS
    yellow = Appraisal(state.view(seat_of(state, Y)), (Y,))  # the same board counts half against
    assert yellow.value() == -(2 * 9 + 2 * 10 + (9 + 10) / 2) / 2


def test_a_take_over_is_worth_what_it_turns_around():
    """In the last round, a yellow cube turning 3/2/1 on 16 into 3/3/1 hands the lot from red to
    the single white cube: red loses 16 and its bonus and has white's 16 count half against it;
    white gains the mirror image; yellow, an onlooker, sees one rival's lot become another's."""
    state = new_game(players=4, seed=3)
    state.round = ROUNDS
    put_cubes(state, lot("16"), {R: 3, Y: 2, W: 1})
    swing = 16 + 16 / 2 + TWO_LOT_BONUS
    for colour, change in ((R, -swing), (W, swing), (Y, 0)):
        board = Appraisal(state.view(seat_of(state, colour)), (colour,))
        assert board.value_with(lot("16"), Y) - board.value() == change


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 240),
    placements=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 12)), max_size=12),
)
def test_an_appraisal_patched_cube_by_cube_equals_one_made_from_the_board(seed, steps, placements):
    """The bot weighs thousands of placements by patching only the lots a cube touches: after any
    placements the patched value is the value of the board worked out afresh."""
    state = new_game(players=2 + seed % 3, seed=seed)
    bots = [SPEC.bots["random"](seed + s) for s in range(4)]
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.step(seat, bots[seat].choose(None, state.legal_actions(seat)))
    me = state.seat_colours[0]
    board = Appraisal(state.view(0), me)
    for colour, lot_index in placements:
        if lot_index not in board.open_lots():
            continue
        predicted = board.value_with(lot_index, colour)
        board.place(colour, lot_index)
        put_cubes(state, lot_index, {colour: 1})
        assert board.value() == predicted == Appraisal(state.view(0), me).value()
