"""Seeded random Big Shot games, checked at every step, and replayed from their records."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.match import Match
from core.engine.record import Record
from core.engine.rng import Rng
from core.games.bigshot import actions as A
from core.games.bigshot.board import COLOURS, LOTS

from .bigshot_helpers import cubes_in_play
from .money import MoneyCheck

VARIANTS = [
    (4, {}),
    (4, {"loan_timing": "when_short"}),
    (4, {"hidden_money": True}),
    (3, {}),
    (3, {"hidden_money": True}),
    (2, {}),
    (2, {"hidden_money": True}),
]
NAMES = ["Ann", "Ben", "Cat", "Dan"]


def random_match(players, options, seed, steps=None):
    match = Match("bigshot", NAMES[:players], seed, options)
    rng = Rng(seed + 99)
    n = 0
    while not match.state.is_over() and (steps is None or n < steps):
        seat = match.state.to_act()[0]
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.below(len(legal))])
        n += 1
    return match


def fingerprint(state):
    """Everything a state holds, in comparable form."""
    auction = state.auction
    return (
        state.version,
        state.rng.state,
        state.spaces,
        state.broker,
        state.lots,
        state.owners,
        state.settled,
        state.retired,
        state.ledger.balances,
        state.ledger.entries,
        state.loans,
        state.loan_round,
        state.round,
        state.roller,
        state.phase,
        state.to_place,
        state.events,
        state.round_ends,
        state.current,
        auction and (auction.turn, auction.high, auction.high_bidder, auction.active),
    )


@pytest.mark.parametrize("players,options", VARIANTS)
def test_random_games_keep_every_invariant_at_every_step(players, options):
    for seed in range(12):
        match = Match("bigshot", NAMES[:players], seed, options)
        state = match.state
        rng = Rng(seed)
        rounds_seen = set()
        money = MoneyCheck()
        while not state.is_over():
            # cubes: 18 of each colour, wherever they are
            assert cubes_in_play(state) == [18] * 4
            # money: the colours hold what the bank paid out, transfer by transfer
            money(state.ledger, range(len(COLOURS)))
            assert all(state.cash(c) >= 0 for c in range(len(COLOURS)))
            assert all(0 <= n <= 9 for n in state.loans)
            # no lot ever holds more than 7; settled lots hold none
            assert all(0 <= state.lot_cubes[i] < 7 for i in range(len(LOTS)))
            # whoever must act has a legal action
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            assert legal
            rounds_seen.add(state.round)
            match.act(seat, legal[rng.below(len(legal))])
            state = match.state
        assert rounds_seen == set(range(1, 19))
        assert len(state.round_ends) == 18 and not any(state.space_cubes)
        assert cubes_in_play(state) == [18] * 4
        money(state.ledger, range(len(COLOURS)))
        result = state.result()
        assert len(result.scores) == players
        assert all(state.seat_colours[w] for w in result.winners)


@pytest.mark.parametrize("players,options", VARIANTS)
def test_a_record_saved_as_json_replays_to_the_identical_state(players, options, tmp_path):
    match = random_match(players, options, seed=5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.record.to_json()))
    replayed = Record.load(path).replay()
    assert fingerprint(replayed) == fingerprint(match.state)
    assert replayed.result() == match.state.result()


def test_same_seed_and_actions_give_the_same_game_and_another_seed_does_not():
    a = random_match(4, {}, seed=8)
    b = random_match(4, {}, seed=8)
    c = random_match(4, {}, seed=9)
    assert fingerprint(a.state) == fingerprint(b.state)
    assert fingerprint(a.state) != fingerprint(c.state)


def test_apply_leaves_the_original_state_untouched():
    match = random_match(4, {}, seed=10, steps=40)
    state = match.state
    before = fingerprint(state)
    seat = state.to_act()[0]
    after = state.apply(seat, state.legal_actions(seat)[-1])
    assert fingerprint(state) == before and after.version == state.version + 1


def every_action():
    yield A.ROLL
    yield A.PASS
    yield A.NO_MORE_LOANS
    for n in range(0, 60):
        yield A.bid(n)
    for c in range(4):
        yield A.take_loan(c)
        yield A.pay_with(c)
        for lot in range(len(LOTS)):
            yield A.place(c, lot)


@settings(max_examples=150, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 260))
def test_legal_actions_and_why_illegal_agree_on_every_action(variant, seed, steps):
    players, options = variant
    state = random_match(players, options, seed, steps).state
    for seat in range(players):
        legal = set(state.legal_actions(seat))
        for action in every_action():
            assert (state.why_illegal(seat, action) is None) == (action in legal), (seat, action)


def test_record_json_is_plain_and_readable():
    match = random_match(4, {}, seed=3, steps=30)
    data = json.loads(json.dumps(match.record.to_json()))
    assert data["game"] == "bigshot" and data["players"] == NAMES
    seat, action = match.record.actions[0]
    assert data["actions"][0] == [seat, action.to_json()]
    assert {"kind": "roll"} in [a for _, a in data["actions"]]
    assert {"kind": "bid", "amount": 3} == A.bid(3).to_json()
