"""The bots: always legal, and the heuristic clearly beats random play."""

from core.games import get_spec
from core.sim import simulate


def test_heuristic_bot_wins_at_least_60_percent_against_three_random_bots():
    summary = simulate(get_spec("bigshot"), 200, seed=0,
                       bots=("heuristic", "random", "random", "random"))
    assert summary["errors"] == 0
    assert summary["wins"]["0"] >= 120, summary["wins"]


def test_heuristic_bots_finish_every_variant_without_a_rule_error():
    spec = get_spec("bigshot")
    for players in (2, 3, 4):
        for options in ({}, {"hidden_money": True}, {"loan_timing": "when_short"}):
            summary = simulate(spec, 4, seed=players, players=players, bots=("heuristic",),
                               options=options)
            assert summary["errors"] == 0 and summary["completed"] == 4, (players, options)
