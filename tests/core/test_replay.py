"""A finished game looked at move by move: every position is the one the game passed through."""

import pytest

from core.engine.match import Match
from core.engine.record import RecordError
from core.engine.replay import CHECKPOINT_EVERY, Replay
from core.games import get_spec

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def played(slug: str, seed: int):
    """A whole game between heuristic bots, and the spectator's view after every action."""
    match = Match(slug, NAMES, seed, {"round_limit": 40} if slug != "bigshot" else None)
    bots = [match.spec.bots["heuristic"](seed + seat) for seat in range(4)]
    views = [match.state.view(None)]
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        view = match.state.view(seat)
        match.act(seat, bots[seat].choose(view, view.legal))
        views.append(match.state.view(None))
    return match, views


@pytest.mark.parametrize("slug", ["bigshot", "army", "stadium", "million"])
def test_every_position_of_a_replay_is_the_one_the_game_passed_through(slug):
    match, views = played(slug, 5)
    replay = Replay(match.record)
    assert replay.length == len(views) - 1 > CHECKPOINT_EVERY
    for moves in [
        *range(0, replay.length + 1, 7),
        replay.length,
        CHECKPOINT_EVERY,
        CHECKPOINT_EVERY - 1,
    ]:
        assert replay.state_at(moves).view(None) == views[moves]
    assert replay.state_at(replay.length + 5).view(None) == views[-1]  # clamped
    assert replay.state_at(-3).view(None) == views[0]


def test_rounds_are_jumped_from_their_first_move():
    match, views = played("bigshot", 5)
    replay = Replay(match.record)
    starts = [n for n in range(1, len(views)) if views[n].round > views[n - 1].round]
    assert len(starts) == 17  # 18 rounds
    middle = starts[4] + 3  # three moves into round 6
    assert replay.round_start(middle, 1) == starts[5]
    assert replay.round_start(middle, -1) == starts[4]  # the start of its own round first
    assert replay.round_start(starts[4], -1) == starts[3]
    assert replay.round_start(middle, -2) == starts[3]
    assert replay.round_start(3, -1) == 0 and replay.round_start(middle, 99) == replay.length


def test_a_record_that_does_not_replay_is_refused_with_a_reason():
    match, _ = played("bigshot", 5)
    record = match.record
    record.actions[5] = (
        record.actions[5][0],
        get_spec("bigshot").codec.decode({"kind": "bid", "amount": 10_000}),
    )
    with pytest.raises(RecordError, match="action 6"):
        Replay(record)
