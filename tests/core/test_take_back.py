"""Taking a move back in a game on one computer: as far as the last die or card and no further,
never past another person's move, and to exactly the state before it."""

import pytest

from core.engine.match import Match
from core.engine.rng import Rng
from core.engine.views import view_to_json
from core.games import get_spec
from core.games.army import actions as army_actions
from core.games.bigshot import actions as A

NAMES = ["Ann", "Ben", "Cat", "Dan"]
BOTS = {1, 2, 3}
GAMES = [
    ("army", {"round_limit": 25}),
    ("bigshot", {}),
    ("bigshot", {"hidden_money": True}),
    ("stadium", {"round_limit": 30}),
    ("million", {"round_limit": 30}),
]


def play_until(match: Match, done, seed: int = 0) -> None:
    """Heuristic bots play every seat (through the match, as a screen would) until `done`."""
    bots = [match.spec.bots["heuristic"](seed + seat) for seat in range(len(NAMES))]
    while not done(match.state):
        seat = match.state.to_act()[0]
        view = match.state.view(seat)
        match.act(seat, bots[seat].choose(view, view.legal))


def seen(state) -> dict:
    return view_to_json(state.view(0))


@pytest.mark.parametrize("slug, options", GAMES)
def test_what_is_not_declared_revealing_plays_the_same_in_every_world_the_player_imagines(
    slug, options
):
    """An action `reveals` nothing if, in every full state consistent with its player's view,
    it leads to the same view: only then may taking it back show the player nothing new."""
    spec = get_spec(slug)
    revealing_kinds, checked = set(), 0
    for seed in (1, 2):
        state = spec.start(NAMES, seed, options)
        bots = [
            spec.bots[kind](seed + seat)
            for seat, kind in enumerate(("heuristic", "random", "heuristic", "random"))
        ]
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            action = bots[seat].choose(view, view.legal)
            after = state.apply(seat, action)
            if after.revealed != state.revealed:
                revealing_kinds.add(type(action).__name__)
            else:
                for i in range(2):
                    world = spec.determinize(view, seat, Rng(seed * 1000 + checked * 2 + i))
                    world.step(seat, action)
                    assert world.view(seat) == after.view(seat), action
                checked += 1
            state = after
    assert checked > 200
    expected = {
        "army": {"Roll", "TakeCombat"},
        "bigshot": {"Roll"},
        "stadium": {"Roll", "DrawCrown", "DrawVenture"},
        "million": {"Roll", "Drive"},
    }[slug]
    assert revealing_kinds >= expected  # the games met each kind of revealing action


def bidding_after_the_roll(state) -> bool:
    return state.phase == "bid" and state.current == 0 and state.auction.high_bidder is None


def test_a_bid_and_the_bots_replies_are_taken_back_to_the_state_before_it():
    match = Match("bigshot", NAMES, 7)
    play_until(match, lambda s: bidding_after_the_roll(s) and s.round >= 2)
    before, actions = seen(match.state), len(match.record.actions)
    match.act(0, A.bid(1))
    play_until(match, lambda s: s.current == 0 or s.phase != "bid", seed=50)
    replies = len(match.record.actions) - actions - 1
    assert replies >= 1
    taken = match.take_back(0, BOTS)
    assert taken[0] == (0, A.bid(1)) and len(taken) == replies + 1
    assert seen(match.state) == before and len(match.record.actions) == actions
    assert match.record.replay().view(0) == match.state.view(0)  # the record is the game's
    match.act(0, A.PASS)  # and it plays on from there
    assert match.state.auction.passed() == (0,)


def test_nothing_is_taken_back_past_a_die():
    match = Match("bigshot", NAMES, 7)
    play_until(match, lambda s: s.phase == "roll" and s.roller == 0)
    match.act(0, A.ROLL)
    assert match.take_back_point(0, BOTS) is None
    with pytest.raises(ValueError):
        match.take_back(0, BOTS)


def test_nothing_is_taken_back_past_another_person_s_move():
    match = Match("bigshot", NAMES, 7)
    play_until(match, lambda s: bidding_after_the_roll(s) and s.round >= 2)
    match.act(0, A.bid(1))
    assert match.take_back_point(0, BOTS) == len(match.record.actions) - 1
    assert match.take_back_point(0, {2, 3}) == len(match.record.actions) - 1  # nobody else yet
    match.act(1, A.PASS)
    assert match.take_back_point(0, BOTS) is not None
    assert match.take_back_point(0, {2, 3}) is None  # seat 1 is a person too
    assert match.take_back_point(1, {0, 2, 3}) == len(match.record.actions) - 1


def test_each_take_back_goes_one_move_further_back_until_the_last_die():
    match = Match("bigshot", NAMES, 3)
    play_until(match, lambda s: s.phase == "place" and s.winner == 0 and sum(s.to_place) >= 3)
    start = seen(match.state)
    placed = 0
    while match.state.phase == "place" and match.state.winner == 0:
        match.act(0, match.state.legal_actions(0)[0])
        placed += 1
    for _ in range(placed):
        match.take_back(0, BOTS)
    assert seen(match.state) == start
    assert (
        match.take_back_point(0, BOTS) is None
        or match.record.actions[match.take_back_point(0, BOTS)][1] != A.ROLL
    )


def test_a_combat_card_once_drawn_stays_drawn():
    match = Match("army", NAMES, 0)
    play_until(match, lambda s: army_actions.TakeCombat() in s.legal_actions(s.to_act()[0]))
    seat = match.state.to_act()[0]
    match.act(seat, army_actions.TakeCombat())
    assert match.take_back_point(seat, set(range(4)) - {seat}) is None


def test_a_continued_game_takes_back_nothing_played_before_it_was_saved():
    match = Match("bigshot", NAMES, 7)
    play_until(match, lambda s: bidding_after_the_roll(s) and s.round >= 2)
    match.act(0, A.bid(1))
    assert Match.from_record(match.record).take_back_point(0, BOTS) is None


def test_a_game_with_a_move_taken_back_is_assisted_and_stays_so_once_saved():
    """Issue 43: undo probes the bots (pass, watch them bid, take back, bid knowing), so such
    a game is marked and kept out of any record of wins."""
    from core.engine.record import Record

    match = Match("bigshot", NAMES, 7)
    play_until(match, lambda s: bidding_after_the_roll(s) and s.round >= 2)
    assert not match.record.assisted and "assisted" not in match.record.to_json()
    match.act(0, A.bid(1))
    match.take_back(0, BOTS)
    assert match.record.assisted
    assert Record.from_json(match.record.to_json()).assisted
    assert Match.from_record(Record.from_json(match.record.to_json())).record.assisted
