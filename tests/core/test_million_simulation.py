"""Seeded Million games between bots, checked at every step: money conserved (what players hold
is what the Bank paid out less what it took back), at most 7 SOLD signs a player, every car on a
road space or off the board by START, each business held by one player at most and leased only
when held, a legal action for whoever must act, and the legal actions and the reasons agreeing
on every action the game knows of; every game ends, and replays the same."""

import pytest

from core.games import get_spec
from core.games.million import actions as A
from core.games.million.board import BUSINESSES, SPACES
from core.games.million.state import FREE
from tests.core.money import MoneyCheck

SPEC = get_spec("million")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def every_action(players: int) -> list:
    """Every action the game knows of, legal or not."""
    found = [
        A.Roll(),
        A.TakeTen(),
        A.EndTurn(),
        *(A.SkipPlayer(s) for s in range(players)),
        *(A.Drive(s.id) for s in SPACES),
    ]
    for kind in (A.ChooseFree, A.Buy, A.Lease, A.Sell, A.EndLease, A.DropSign):
        found += [kind(b.id) for b in BUSINESSES]
    return found


def check(state, money: MoneyCheck, universe: list | None) -> None:
    money(state.ledger, range(state.n))
    assert all(state.cash(s) >= 0 and len(state.held(s)) <= 7 for s in range(state.n))
    assert all(0 <= p < len(SPACES) for p in state.position if p is not None)
    assert all(h == FREE or 0 <= h < state.n for h in state.holder)
    assert all(not leased or h != FREE for h, leased in zip(state.holder, state.leased))
    if universe is not None and not state.is_over():
        seat = state.to_act()[0]
        legal = set(state.legal_actions(seat))
        assert legal, "whoever must act has a legal action"
        for action in universe:
            assert (state.why_illegal(seat, action) is None) == (action in legal), action


def play(seed: int, kinds: list[str], options: dict, agree_every: int = 0):
    state = SPEC.start(NAMES[: len(kinds)], seed, options)
    bots = [SPEC.bots[kind](seed * 31 + seat) for seat, kind in enumerate(kinds)]
    money, universe = MoneyCheck(), every_action(len(kinds))
    actions = []
    while not state.is_over():
        assert len(actions) < 30_000, "the game did not end"
        seat = state.to_act()[0]
        view = state.view(seat)
        action = bots[seat].choose(view, view.legal)
        state.step(seat, action)
        actions.append((seat, action))
        agree = agree_every and len(actions) % agree_every == 0
        check(state, money, universe if agree else None)
    return state, actions


@pytest.mark.parametrize("chunk", range(2))
def test_random_games_keep_every_invariant_and_end(chunk):
    for seed in range(chunk * 6, chunk * 6 + 6):
        players = 2 + seed % 5
        options = {
            "round_limit": 80,
            "six_rule": ("choose", "money", "skip", "off")[seed % 4],
            "one_way": seed % 3 != 0,
            "exact_finish": seed % 2 == 0,
        }
        state, _ = play(seed, ["random"] * players, options, agree_every=7)
        assert state.result() is not None and state.result().winners


def test_heuristic_games_end_on_finish_without_a_round_limit():
    for seed in range(4):
        state, _ = play(seed, ["heuristic"] * 4, {"round_limit": 0}, agree_every=25)
        winner = state.result().winners[0]
        assert "lands on FINISH" in state.end_reason
        assert state.position[winner] == SPACES.index(next(s for s in SPACES if s.kind == "finish"))
        assert state.cash(winner) >= 1_000_000


def test_the_heuristic_bot_beats_three_random_bots_at_least_four_times_in_five():
    wins = 0
    for seed in range(20):
        seat = seed % 4
        kinds = ["random"] * 4
        kinds[seat] = "heuristic"
        state, _ = play(seed, kinds, {"round_limit": 300})
        wins += state.result().winners == (seat,)
    assert wins >= 16


def test_a_game_replays_the_same_from_its_seed_and_actions():
    state, actions = play(7, ["heuristic", "random", "heuristic"], {"round_limit": 60})
    again = SPEC.start(NAMES[:3], 7, {"round_limit": 60})
    for seat, action in actions:
        again.step(seat, action)
    assert again.log() == state.log() and again.ledger.balances == state.ledger.balances
    assert again.result() == state.result()
