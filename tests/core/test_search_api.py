"""What a searching bot needs: chance events it can enumerate, and full states consistent with
what its seat sees (`determinize`), for every game."""

import dataclasses
from fractions import Fraction

import pytest

from core.engine.bots import RandomBot, play_out
from core.engine.rng import Rng
from core.games import get_spec
from core.games.army import actions as army_actions
from core.games.bigshot import actions as bigshot_actions
from core.games.bigshot.board import LOAN_DEBT, START_CASH
from core.games.million import actions as million_actions
from core.games.stadium import actions as stadium_actions

NAMES = ["Ann", "Ben", "Cat", "Dan"]
GAMES = [
    ("army", {"round_limit": 30}),
    ("bigshot", {}),
    ("bigshot", {"hidden_money": True}),
    ("stadium", {"round_limit": 40}),
    ("million", {"round_limit": 40}),
]


def positions(slug: str, options: dict, seed: int, every: int, names=NAMES):
    """A copy of every `every`-th state of a game between heuristic bots, and of the last."""
    spec = get_spec(slug)
    state = spec.start(names, seed, options)
    bots = [spec.bots["heuristic"](seed * 31 + s) for s in range(4)]
    steps = 0
    while not state.is_over():
        if steps % every == 0:
            yield state.copy()
        seat = state.to_act()[0]
        view = state.view(seat)
        state.step(seat, bots[seat].choose(view, view.legal))
        steps += 1
    yield state.copy()


@pytest.mark.parametrize("slug, options", GAMES)
def test_a_copy_plays_on_apart_from_the_state_it_was_copied_from(slug, options):
    for state in positions(slug, options, seed=3, every=400):
        seen = [state.view(seat) for seat in range(len(NAMES))]
        copy, bots = state.copy(), [RandomBot(seat) for seat in range(len(NAMES))]
        while not copy.is_over():  # a search playing on from this position
            seat = copy.to_act()[0]
            copy.step(seat, bots[seat].choose(None, copy.legal_actions(seat)))
        assert [state.view(seat) for seat in range(len(NAMES))] == seen


# -- chance ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slug, roll",
    [
        ("army", army_actions.Roll()),
        ("bigshot", bigshot_actions.ROLL),
        ("stadium", stadium_actions.Roll()),
        ("million", million_actions.Roll()),
    ],
)
def test_a_throw_is_a_chance_event_whose_outcomes_a_search_can_play(slug, roll):
    spec = get_spec(slug)
    state = spec.start(NAMES, 4)
    seat = state.to_act()[0]
    while roll not in state.legal_actions(seat):  # Million's free businesses come first
        state.step(seat, state.legal_actions(seat)[0])
        seat = state.to_act()[0]
    event = state.chance_after(seat, roll)
    assert sum(p for _, p in event.outcomes) == 1
    assert len({o for o, _ in event.outcomes}) == len(event.outcomes)
    drawn = event.sample(state.rng.copy())  # what the game's own generator will give
    played = state.apply(seat, roll)
    forced = state.copy()
    forced.step_outcome(seat, roll, drawn)
    assert forced.view(seat) == played.view(seat)  # the same as playing it: same outcome
    landings = set()
    for outcome, _ in event.outcomes:
        child = state.copy()
        child.step_outcome(seat, roll, outcome)
        landings.add(tuple(child.view(seat).log[len(state.view(seat).log) :]))
    assert len(landings) == len(event.outcomes)  # each outcome leads somewhere of its own


def test_an_impossible_outcome_is_refused_and_changes_nothing():
    spec = get_spec("army")
    state = spec.start(NAMES, 4)
    seat = state.to_act()[0]
    before = state.view(seat)
    for outcome in [(0, 7), 12, None]:
        with pytest.raises(ValueError):
            state.step_outcome(seat, army_actions.Roll(), outcome)
    with pytest.raises(ValueError):
        state.step_outcome(seat, army_actions.EndTurn(), (1, 1))  # meets no chance at all
    assert state.view(seat) == before
    assert get_spec("army").start(NAMES, 4).chance_after(seat, army_actions.Roll()).outcomes[0] == (
        (1, 1),
        Fraction(1, 36),
    )


# -- determinize -------------------------------------------------------------------------------


@pytest.mark.parametrize("slug, options", GAMES)
def test_a_determinized_state_shows_its_seat_exactly_what_the_seat_saw(slug, options):
    spec = get_spec(slug)
    checked = 0
    for seed in (1, 2):
        for state in positions(slug, options, seed, every=9):
            for seat in range(4):
                view = state.view(seat)
                world = spec.determinize(view, seat, Rng(seed * 100 + seat))
                assert world.view(seat) == view
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("slug, options", GAMES)
def test_a_determinized_state_plays_on_to_the_end(slug, options):
    spec = get_spec(slug)
    states = list(positions(slug, options, 3, every=40))
    for i, state in enumerate(states[:-1:2]):
        seat = state.to_act()[0]
        world = spec.determinize(state.view(seat), seat, Rng(i))
        bots = [RandomBot(i * 7 + s) for s in range(4)]
        for _ in range(20_000):
            if world.is_over():
                break
            actor = world.to_act()[0]
            legal = world.legal_actions(actor)
            assert legal, "whoever must act can"
            world.step(actor, bots[actor].choose(None, legal))
        assert world.is_over() and world.result() is not None


def test_army_deck_orders_are_drawn_afresh_and_hold_the_same_cards():
    spec = get_spec("army")
    state = spec.start(NAMES, 8)
    view = state.view(0)
    worlds = [spec.determinize(view, 0, Rng(i)) for i in range(5)]
    assert len({tuple(w.decks[0]) for w in worlds}) > 1  # the order is not what the seat knows
    for world in worlds:
        assert [sorted(d) for d in world.decks] == [sorted(d) for d in state.decks]


def test_big_shot_hidden_cash_is_counted_from_the_log_as_a_player_could():
    """Every payment is made in the open, so a seat that keeps count knows each colour's cash:
    the world it searches holds exactly what the true state does."""
    spec = get_spec("bigshot")
    counted = 0
    for state in positions("bigshot", {"hidden_money": True}, 6, every=15):
        view = state.view(0)
        world = spec.determinize(view, 0, Rng(1))
        for colour in range(4):
            if view.cash[colour] is None and colour != view.ghost:
                assert world.cash(colour) == state.cash(colour)
                counted += 1
    assert counted > 20


def test_big_shot_hidden_cash_of_seats_named_alike_is_drawn_within_what_each_could_hold():
    """Two seats the log names alike cannot be told apart in it: their cash is drawn."""
    spec = get_spec("bigshot")
    seen_draws = set()
    for state in positions("bigshot", {"hidden_money": True}, 6, every=15, names=["Ann"] * 4):
        view = state.view(0)
        for i in range(3):
            world = spec.determinize(view, 0, Rng(i))
            for colour in view.seat_colours[0]:
                assert world.cash(colour) == state.cash(colour)  # its own, shown
            for colour in (c for c in range(4) if view.cash[c] is None and c != view.ghost):
                most = START_CASH + sum(LOAN_DEBT - k for k in range(1, view.loans[colour] + 1))
                assert 0 <= world.cash(colour) <= most
                seen_draws.add(world.cash(colour))
    assert len(seen_draws) > 3  # drawn, not copied from the real state


def test_big_shot_hidden_cash_is_never_drawn_below_a_standing_bid():
    """A hidden-money bid is refused unless it can be paid, so the high bidder holds at least
    its bid: a world drawn with less would leave the winner unable to pay, and nobody to act."""
    spec = get_spec("bigshot")
    checked = 0
    for seed in range(4):
        state = spec.start(NAMES, seed, {"hidden_money": True})
        bots = [spec.bots["heuristic"](s) for s in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            auction = state.auction
            if auction is not None and auction.high_bidder not in (None, seat):
                for i in range(3):
                    world = spec.determinize(state.view(seat), seat, Rng(i))
                    assert world.payable(auction.high_bidder) >= auction.high
                    world.step(seat, bigshot_actions.PASS)  # may close the auction: it is paid
                    assert world.is_over() or world.legal_actions(world.to_act()[0])
                    checked += 1
            view = state.view(seat)
            state.step(seat, bots[seat].choose(view, view.legal))
    assert checked > 100


def test_stadium_decks_are_drawn_afresh_and_hold_the_cards_still_to_come():
    spec = get_spec("stadium")
    for state in positions("stadium", {"round_limit": 40}, 5, every=150):
        view = state.view(0)
        worlds = [spec.determinize(view, 0, Rng(i)) for i in range(5)]
        for world in worlds:
            assert sorted(world.crown_deck) == sorted(state.crown_deck)
            assert sorted(world.venture_deck) == sorted(state.venture_deck)
        if len(state.venture_deck) > 3:
            assert len({tuple(w.venture_deck) for w in worlds}) > 1


def test_a_view_is_determinized_only_for_its_own_seat():
    spec = get_spec("army")
    view = spec.start(NAMES, 1).view(0)
    with pytest.raises(ValueError):
        spec.determinize(view, 1, Rng(0))


# -- templates of open-ended moves ---------------------------------------------------------------


def army_decisions(seed: int):
    """Each decision of a seeded Army game between heuristic bots: (state, seat to act)."""
    for state in positions("army", {"round_limit": 30}, seed, every=1):
        if not state.is_over():
            yield state, state.to_act()[0]


def test_every_bid_an_auction_template_allows_is_legal_and_no_other():
    from core.engine.templates import BidRange

    auctions = 0
    for state, seat in army_decisions(1):
        ranges = [t for t in state.view(seat).templates if type(t) is BidRange]
        if not ranges:
            continue
        auctions += 1
        bids = ranges[0]
        for amount in (
            bids.least - 1,
            bids.least,
            (bids.least + bids.most) // 2,
            bids.most,
            bids.most + 1,
        ):
            legal = state.why_illegal(seat, army_actions.Bid(amount)) is None
            assert legal == (amount in bids), amount
    assert auctions > 5


def test_every_offer_composed_from_the_template_is_legal_and_deeds_outside_it_are_not():
    rng = Rng(3)
    offers = refused = 0
    for state, seat in army_decisions(2):
        terms = state.view(seat).offer_terms
        if terms is None:
            continue
        partner = terms.partners[rng.below(len(terms.partners))]
        mine, theirs = terms.of(seat), terms.of(partner)
        pick = lambda items: tuple(x for x in items if rng.below(2))  # noqa: E731
        offer = army_actions.Propose(
            partner,
            give=pick(mine.deeds),
            give_cash=rng.below(mine.cash + 1),
            give_cards=pick(mine.cards),
            get=pick(theirs.deeds),
            get_cash=rng.below(theirs.cash + 1),
            get_cards=pick(theirs.cards),
        )
        if offer == army_actions.Propose(partner):
            continue  # nothing changes hands: not an offer
        assert state.why_illegal(seat, offer) is None
        offers += 1
        outside = [s for s in range(40) if s not in theirs.deeds]
        bad = army_actions.Propose(partner, get=(outside[rng.below(len(outside))],))
        assert state.why_illegal(seat, bad) is not None
        refused += 1
    assert offers > 20 and refused == offers


@pytest.mark.parametrize(
    "slug, options", [game for game in GAMES if get_spec(game[0]).playouts.sight is not None]
)
def test_a_playout_s_bots_play_the_same_game_from_the_state_as_from_their_views(slug, options):
    """A playout's bots read a `Sight` of the state the playout owns in place of a view made at
    every decision: they must play exactly the moves they would play from the view."""
    spec = get_spec(slug)
    by_sight = spec.playouts
    by_view = dataclasses.replace(by_sight, sight=None)
    played = 0
    for i, state in enumerate(positions(slug, options, seed=4, every=60)):
        if state.is_over():
            continue
        seat = state.to_act()[0]
        games = []
        for playouts in (by_sight, by_view):
            world = playouts.world(state.view(seat), seat, Rng(i))
            bots = [playouts.bot(i * 7 + s) for s in range(4)]
            actions = play_out(world, bots, sight=playouts.sight)
            games.append((actions, world.result(), world.view(None)))
            played += actions
        assert games[0] == games[1]
    assert played > 1_000
