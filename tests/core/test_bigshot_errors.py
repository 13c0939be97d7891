"""Refused actions raise typed errors with a reason and leave the game exactly as it was."""

import pytest

from core.engine.errors import GameOver, IllegalAction, NotYourTurn, StaleAction
from core.engine.match import Match
from core.games.bigshot import actions as A

from .test_bigshot_simulation import fingerprint, random_match


def refused(match, seat, action, error, version=None):
    before = fingerprint(match.state), len(match.record.actions)
    with pytest.raises(error) as info:
        match.act(seat, action, version)
    assert (fingerprint(match.state), len(match.record.actions)) == before
    return str(info.value)


def test_acting_out_of_turn_is_refused():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    other = (match.state.current + 1) % 4
    assert "not your turn" in refused(match, other, A.ROLL, NotYourTurn)


def test_a_bid_not_above_the_last_is_refused():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    match.act(match.state.current, A.ROLL)
    match.act(match.state.current, A.bid(4))
    assert "at least 5" in refused(match, match.state.current, A.bid(4), IllegalAction)


def test_an_unpayable_bid_is_refused_in_the_hidden_money_game():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1, {"hidden_money": True})
    match.act(match.state.current, A.ROLL)
    while match.state.phase == "loans":
        match.act(match.state.current, A.NO_MORE_LOANS)
    assert "cannot pay 12" in refused(match, match.state.current, A.bid(12), IllegalAction)


def test_a_second_loan_in_a_round_is_refused():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    seat = match.state.current
    colour = match.state.seat_colours[seat][0]
    match.act(seat, A.take_loan(colour))
    assert "one loan" in refused(match, seat, A.take_loan(colour), IllegalAction)


def test_a_loan_for_someone_elses_colour_is_refused():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    seat = match.state.current
    theirs = match.state.seat_colours[(seat + 1) % 4][0]
    assert "your own colour" in refused(match, seat, A.take_loan(theirs), IllegalAction)


def test_a_stale_action_is_refused():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    old = match.state.version
    match.act(match.state.current, A.ROLL)
    refused(match, match.state.current, A.PASS, StaleAction, version=old)


def test_actions_of_the_wrong_phase_or_game_are_refused_with_a_reason():
    match = Match("bigshot", ["Ann", "Ben", "Cat", "Dan"], 1)
    seat = match.state.current
    assert "no bidding" in refused(match, seat, A.bid(1), IllegalAction)
    assert "no cubes to place" in refused(match, seat, A.place(0, 0), IllegalAction)
    assert "not a Big Shot action" in refused(match, seat, object(), IllegalAction)


def test_nothing_is_accepted_after_the_game_is_over():
    match = random_match(4, {}, seed=2)
    assert match.state.is_over()
    refused(match, 0, A.ROLL, GameOver)
    refused(match, 0, A.take_loan(0), GameOver)
