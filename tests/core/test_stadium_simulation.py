"""Seeded Stadium games between bots, checked at every step: money conserved, every acre held by
exactly one holder, buildings that do not overlap, each inside one block facing a street with its
figures edge, one zoning class per block, the card supply respected, at most one construction
and one demolition a turn, a legal action for whoever must act (and the rules agreeing with
themselves); every game ends, and replays the same."""

import pytest

from core.games import get_spec
from core.games.stadium import actions as A
from core.games.stadium import legality
from core.games.stadium.board import BLOCK_MASKS, CARDS, LAND_MASK
from core.games.stadium.frames import LAND_CHOICE, MAIN, SPECULATE
from core.games.stadium.placement import placement_at

SPEC = get_spec("stadium")
NAMES = ["Ann", "Ben", "Cat", "Dan"]
ASKED_IN = {A.Build: MAIN, A.Demolish: MAIN, A.BuyLot: LAND_CHOICE, A.Speculate: SPECULATE}


def check(state, turn_events: list[str]) -> None:
    assert sum(state.ledger.balances) == 0
    assert all(state.cash(s) >= 0 for s in range(state.n))
    held = 0
    for holder in range(state.n + 1):
        assert not held & state.land[holder], "an acre has two holders"
        held |= state.land[holder]
    assert held == LAND_MASK
    covered, in_use = 0, [0] * len(CARDS)
    for b in state.buildings.values():
        card = CARDS[b.card]
        assert not covered & b.cells, "buildings overlap"
        covered |= b.cells
        in_use[b.card] += 1
        spot = placement_at(card.id, b.row, b.col, b.facing)  # one block, facing a street
        assert spot is not None and spot.cells == b.cells and spot.block == b.block
        assert b.cells & ~BLOCK_MASKS[b.block] == 0
        assert b.cells & ~state.land[b.owner] == 0, "a building on someone else's land"
        if card.kind != "stadium" and not b.variance:
            assert state.block_class[b.block] == card.kind, "zoning"
    assert covered == state.developed
    assert in_use == state.in_use and all(n <= c.copies for n, c in zip(in_use, CARDS))
    assert turn_events.count("builds") <= 1 and turn_events.count("demolishes") <= 1


def play(seed: int, kinds: list[str], options: dict, checked: bool = True):
    state = SPEC.start(NAMES[: len(kinds)], seed, options)
    bots = [SPEC.bots[kind](seed * 31 + seat) for seat, kind in enumerate(kinds)]
    actions, turn_events, seen = [], [], len(state.events)
    while not state.is_over():
        assert len(actions) < 20_000, "the game did not end"
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = list(view.legal)
        assert legal, "whoever must act has a legal action"
        if checked and len(actions) % 5 == 0:
            assert all(state.why_illegal(seat, a) is None for a in legal)
            for kind, situation in ASKED_IN.items():  # a key for a kind of move says why
                has_one = any(type(a) is kind for a in legal)  # it has none where it is asked
                assert (state.why_none(seat, kind) is None) == (
                    has_one or legality.situation_of(state) != situation
                )
        action = bots[seat].choose(view, legal)
        turn = state.turn
        state.step(seat, action)
        actions.append((seat, action))
        if state.turn != turn:
            turn_events = []
        turn_events += [kind for _, kind, _ in state.events[seen:]]
        seen = len(state.events)
        if checked:
            check(state, turn_events)
    return state, actions


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant_and_end(chunk):
    for seed in range(chunk * 10, chunk * 10 + 10):
        players = 2 + seed % 3
        state, _ = play(seed, ["random"] * players, {"round_limit": 150})
        assert state.result() is not None and state.result().winners


def test_heuristic_games_keep_every_invariant_and_end_without_a_round_limit():
    reasons = set()
    for seed in range(3):
        state, _ = play(seed, ["heuristic"] * 4, {"round_limit": 0})
        reasons.add(state.end_reason.split(": ")[-1])
    assert reasons <= {"builds the Sports Stadium.", "the greatest assets."}


def test_a_game_replays_the_same_from_its_seed_and_actions():
    state, actions = play(
        7, ["heuristic", "random", "heuristic"], {"round_limit": 60}, checked=False
    )
    again = SPEC.start(NAMES[:3], 7, {"round_limit": 60})
    for seat, action in actions:
        again.step(seat, action)
    assert again.log() == state.log() and again.ledger.balances == state.ledger.balances
    assert again.result() == state.result()
