"""Million's city as data, checked against the properties docs/rulings.md names for the design, and
the move generator against the rulebook's driving rules, by brute force over the whole city."""

from collections import Counter

import pytest

from core.games.million.board import (
    BUSINESSES,
    EXITS,
    FINISH,
    LANDMARKS,
    ONE_WAY,
    REAL_ESTATE,
    SINGLES,
    SPACES,
    START,
    STUNT_DECK,
    groups,
    stunt_income,
)
from core.games.million.moves import walks

STUNTS = frozenset(LANDMARKS.values())


def test_the_city_is_as_designed():
    assert len(SPACES) == 113 and len(BUSINESSES) == 42 and len(REAL_ESTATE) == 4
    sets = Counter(b.set for b in BUSINESSES)
    assert sets == {"A": 4, "B": 5, "C": 5, "D": 6, "E": 8, "F": 8, "single": 6}
    assert len(SINGLES) == 6 and all(b.buy == 20_000 for b in BUSINESSES if b.set == "single")
    assert len(LANDMARKS) == 16 and len(STUNT_DECK) == 24 and set(STUNT_DECK) <= set(LANDMARKS)
    assert all(b.lease == 0 for b in BUSINESSES if b.buy >= 250_000)  # no lease price printed
    assert all(
        SPACES[b.space].businesses and b.id in SPACES[b.space].businesses for b in BUSINESSES
    )


def test_every_space_can_be_reached_and_left_and_finish_is_on_the_one_way_street():
    seen, todo = {START}, [START]
    while todo:
        for nxt in EXITS[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert len(seen) == len(SPACES)
    assert all(EXITS[s.id] for s in SPACES)
    assert any(b == FINISH for _, b in ONE_WAY) and any(a == FINISH for a, _ in ONE_WAY)
    for a, b in ONE_WAY:  # never driven against
        assert b in EXITS[a] and a not in EXITS[b]


def brute_force(position, steps):
    """Every (destination, stopped short) by trying every turn at every space."""
    found = set()

    def drive(space, came_from, left, path):
        if left == 0:
            found.add((space, False))
            return
        for nxt in EXITS[space]:
            if nxt == came_from:
                continue
            if left > 1 and nxt in STUNTS:
                found.add((nxt, True))
            drive(nxt, space, left - 1, path + (nxt,))

    if position is None:
        if steps > 1 and START in STUNTS:
            found.add((START, True))
        drive(START, -1, steps - 1, (START,))
    else:
        drive(position, -1, steps, ())
    return found


@pytest.mark.parametrize("steps", range(1, 7))
def test_the_destinations_are_those_of_every_legal_drive(steps):
    for position in (None, *range(len(SPACES))):
        listed = walks(position, steps, STUNTS)
        exact = {w.destination for w in listed if not w.short}
        expected = brute_force(position, steps)
        assert exact == {d for d, short in expected if not short}
        assert {w.destination for w in listed} == {d for d, _ in expected}
        assert len({w.destination for w in listed}) == len(listed)  # each once
        for walk in listed:
            path = walk.path
            first = START if position is None else position
            hops = list(zip((first, *path), path))[1 if position is None else 0 :]
            assert all(b in EXITS[a] for a, b in hops)  # along roads, with the one-way street
            spaces = (first, *path) if position is not None else path
            assert all(spaces[i] != spaces[i + 2] for i in range(len(spaces) - 2))  # no U-turn
            assert len(path) == steps or (walk.short and walk.destination in STUNTS)


def test_a_car_off_the_board_counts_start_as_one():
    assert [w.destination for w in walks(None, 1)] == [START]
    assert {w.destination for w in walks(None, 2)} == set(EXITS[START])


def test_a_stunt_pays_ten_thousand_times_the_square_of_each_group():
    a1, a2, a3 = (b.id for b in BUSINESSES[:3])  # a chain in set A
    assert groups([a1, a3]) == [[a1], [a3]]
    assert stunt_income([a1]) == 10_000 and stunt_income([a1, a2]) == 40_000
    assert stunt_income([a1, a2, a3]) == 90_000
    assert stunt_income([a1, a3, SINGLES[0]]) == 30_000
