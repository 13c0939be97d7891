"""The search bot: it plays out the moves its game names and takes the one that comes out best."""

from dataclasses import dataclass, replace
from functools import partial

import pytest

from core.engine.game import Result
from core.engine.playouts import Playouts
from core.engine.rng import Rng
from core.engine.search import (
    THINKING_SECONDS,
    SearchBot,
    SearchPlan,
    playout_value,
    within_thinking_time,
)
from core.games import get_spec
from core.games.army import actions as AA
from core.games.army.search import PLAN as ARMY
from core.games.army.search import PLAYOUT_ROUNDS, swaps
from core.games.bigshot import actions as A
from core.games.bigshot.search import PLAN as BIG_SHOT
from core.games.million.bots import SHARP
from core.games.million.bots import HeuristicBot as MillionBot
from core.games.million.search import PLAN as MILLION
from core.games.million.search import PLAYOUT_ROUNDS as MILLION_ROUNDS
from core.games.stadium import actions as SA
from core.games.stadium.search import MOST_MOVES as STADIUM_MOST
from core.games.stadium.search import PLAN as STADIUM
from core.games.stadium.search import SEARCH_ROUNDS
from core.sim import play_one

from .army_helpers import game as army_game
from .army_helpers import give

REAPER, WATCHKEEPER, WOLF, JACKAL, FOXHOUND = 1, 3, 6, 8, 9  # the browns, the light blues

# -- the kit, on a game of one move: "a" wins by 1, "b" by 5, "c" loses -----------------------


@dataclass
class OneMove:
    """Seat 0 moves once; the move decides the scores (seat 1 never acts)."""

    scores: tuple[int, int] | None = None
    players: tuple[str, str] = ("me", "you")
    viewer: int = 0

    def is_over(self) -> bool:
        return self.scores is not None

    def actor(self) -> int | None:
        return None if self.is_over() else 0

    def step(self, seat: int, move: str) -> None:
        self.scores = {"a": (6, 5), "b": (10, 5), "c": (0, 5)}[move]

    def result(self) -> Result:
        winners = (0,) if self.scores[0] > self.scores[1] else (1,)
        return Result(winners, self.scores, "")


class Suggests:
    """A playout bot that always suggests `move`."""

    def __init__(self, move: str) -> None:
        self.move = move

    def choose(self, view, legal):
        return self.move


def one_move_plan(suggested: str, weighed: list[str]) -> SearchPlan:
    return SearchPlan(
        Playouts(lambda view, seat, rng: OneMove(), lambda seed: Suggests(suggested)),
        candidates=lambda view, legal, suggestion: weighed,
        count=2,
    )


def with_worlds(plan: SearchPlan, determinize, count: int) -> SearchPlan:
    """`plan` drawing its worlds by `determinize`, `count` playouts a move."""
    return replace(plan, playouts=replace(plan.playouts, determinize=determinize), count=count)


def test_the_search_takes_the_move_whose_playouts_win_over_the_one_suggested():
    bot = SearchBot(one_move_plan("c", ["c", "a"]), seed=1)
    assert bot.choose(OneMove(), ["a", "b", "c"]) == "a"


def test_among_moves_that_win_as_often_the_search_takes_the_wider_margin():
    assert playout_value(OneMove((10, 5)).result(), 0) > playout_value(OneMove((6, 5)).result(), 0)
    bot = SearchBot(one_move_plan("a", ["a", "b"]), seed=1)
    assert bot.choose(OneMove(), ["a", "b", "c"]) == "b"


@dataclass
class TwoMoves(OneMove):
    """Seat 0 moves twice; the second move decides the scores."""

    moved: int = 0

    def legal_actions(self, seat: int) -> list[str]:
        return ["a", "b", "c"]

    def step(self, seat: int, move: str) -> None:
        self.moved += 1
        if self.moved == 2:
            super().step(seat, move)

    step_listed = step


class SuggestsBlind(Suggests):
    reads_view = False  # in a playout, it is given the legal moves alone


def test_the_bot_a_plan_names_as_its_own_plays_its_unweighed_moves_and_its_seat_in_playouts():
    plan = SearchPlan(
        Playouts(lambda view, seat, rng: TwoMoves(), lambda seed: SuggestsBlind("c")),
        candidates=lambda view, legal, suggestion: ["a", "b"] if suggestion == "b" else [],
        count=2,
        own=lambda seed: SuggestsBlind("b"),
    )
    bot = SearchBot(plan, seed=1)
    weighing = bot.weigh(TwoMoves(), ["a", "b", "c"])
    assert weighing.wins == (1.0, 1.0)  # its second move, in every playout, its own bot's "b"
    assert SearchBot(replace(plan, own=None), seed=1).choose(TwoMoves(), ["a", "b"]) == "c"


def test_where_the_game_names_nothing_to_weigh_the_suggestion_is_played():
    bot = SearchBot(one_move_plan("c", []), seed=1)
    assert bot.choose(OneMove(), ["a", "b", "c"]) == "c"


def test_every_move_weighed_is_played_out_from_the_same_worlds():
    drawn = []

    def determinize(view, seat, rng):
        drawn.append(rng.below(1 << 30))  # what a world's hidden cards or dice would be
        return OneMove()

    plan = with_worlds(one_move_plan("a", ["a", "b"]), determinize, 3)
    SearchBot(plan, seed=1).choose(OneMove(), ["a", "b", "c"])
    assert drawn[0::2] == drawn[1::2] and len(set(drawn)) == 3  # a then b, in each world


class Clock:
    """A clock that each world drawn for a playout moves on by `step` seconds."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        return self.now


def counted_plan(clock: Clock, playouts: int):
    """A plan weighing "a" against "b" whose playouts the clock counts."""

    def determinize(view, seat, rng):
        clock.now += clock.step
        return OneMove()

    return with_worlds(one_move_plan("a", ["a", "b"]), determinize, playouts)


def test_a_budget_stops_the_playouts_between_rounds_once_it_is_spent():
    clock = Clock(0.1)  # a playout takes 0.1 s
    bot = SearchBot(counted_plan(clock, playouts=8), seed=1, budget=0.75, clock=clock)
    assert bot.choose(OneMove(), ["a", "b"]) == "b"  # b wins by more, as with every playout
    assert clock.now == pytest.approx(0.8)  # four rounds of both moves: 0.8 s >= 0.75 s


def test_a_budget_spent_before_half_the_playouts_leaves_the_suggestion_as_it_is():
    clock = Clock(0.1)
    bot = SearchBot(counted_plan(clock, playouts=8), seed=1, budget=0.45, clock=clock)
    assert bot.weigh(OneMove(), ["a", "b"]) == "a"  # three rounds of eight: not weighed
    assert clock.now == pytest.approx(0.6)


def test_without_a_budget_the_count_of_playouts_bounds_the_thinking_whatever_the_clock():
    clock = Clock(10.0)  # a slow machine
    SearchBot(counted_plan(clock, playouts=8), seed=1, clock=clock).choose(OneMove(), ["a", "b"])
    assert clock.now == pytest.approx(160.0)  # every one of the 8 playouts of both moves


def test_where_people_wait_a_search_bot_thinks_within_the_thinking_time():
    bot = within_thinking_time(get_spec("million").bots["search"](1))
    assert bot.budget == THINKING_SECONDS
    heuristic = get_spec("million").bots["heuristic"](1)
    assert within_thinking_time(heuristic) is heuristic


def test_a_tie_shares_the_win_and_a_playout_counts_no_more_than_a_win_and_its_margin():
    tied = Result((0, 1), (7, 7), "")
    assert playout_value(tied, 0) == 0.5
    crushing = Result((0,), (100, 0), "")
    assert playout_value(crushing, 0) <= 1.1 and playout_value(crushing, 1) >= -0.1


def weighings(game: str, plan: SearchPlan, seed: int, rounds: int):
    """Each decision of the first `rounds` rounds of a four-player game between the game's
    heuristic bots: (view, seat, the heuristic bot's suggestion, the moves `plan` weighs there);
    the suggestion is then played."""
    spec = get_spec(game)
    state = spec.start(["S", "H1", "H2", "H3"], seed, {})
    heuristic = spec.bots["heuristic"](seed)
    while not state.is_over() and state.round < rounds:
        seat = state.to_act()[0]
        view = state.view(seat)
        suggestion = heuristic.choose(view, view.legal)
        yield view, seat, suggestion, plan.candidates(view, view.legal, suggestion)
        state.step(seat, suggestion)


# -- Big Shot's search bot ------------------------------------------------------------------------

QUICK_PLAN = replace(BIG_SHOT, count=1)  # the bot itself plays out 8 a move


@pytest.mark.parametrize("options", [{}, {"hidden_money": True}], ids=["open", "hidden"])
def test_big_shot_games_with_a_search_bot_end_and_replay_the_same(options):
    spec = get_spec("bigshot")
    spec = replace(spec, bots={**spec.bots, "search": partial(SearchBot, QUICK_PLAN)})
    seats = ["search", "heuristic", "heuristic"]
    first, _ = play_one(spec, ["S", "H1", "H2"], seats, 11, spec.resolve_options(options))
    again, _ = play_one(spec, ["S", "H1", "H2"], seats, 11, spec.resolve_options(options))
    assert first.is_over() and first.result() is not None
    assert first.log() == again.log()


def test_big_shot_s_search_weighs_passing_against_bidding_and_leaves_placing_to_the_heuristic():
    phases = set()
    for view, _seat, suggestion, weighed in weighings("bigshot", QUICK_PLAN, 4, rounds=6):
        if view.phase == "bid":
            assert weighed[0] == suggestion and A.PASS in weighed and len(weighed) >= 2
            assert set(weighed) <= set(view.legal)
        elif view.phase == "place":
            assert weighed == []  # played as the heuristic bot suggests
        phases.add(view.phase)
    assert {"bid", "place"} <= phases


# -- Army's search bot ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, plan, round_limit, seed",
    [("army", ARMY, 40, 5), ("stadium", STADIUM, 12, 2)],
)
def test_games_with_a_search_bot_end_and_replay_the_same(game, plan, round_limit, seed):
    spec = get_spec(game)
    quick = replace(plan, count=1)
    spec = replace(spec, bots={**spec.bots, "search": partial(SearchBot, quick)})
    seats, names = ["search", "heuristic", "heuristic"], ["S", "H1", "H2"]
    options = spec.resolve_options({"round_limit": round_limit})
    first, _ = play_one(spec, names, seats, seed, options)
    again, _ = play_one(spec, names, seats, seed, options)
    assert first.is_over() and first.result() is not None
    assert first.log() == again.log()


def test_army_s_search_weighs_buying_bidding_and_trades_in_playouts_that_end_soon():
    weighed_phases = set()  # no round limit: the game's own
    for view, seat, suggestion, weighed in weighings("army", ARMY, 3, rounds=25):
        if weighed:
            assert weighed[0] == suggestion and len(weighed) == len(set(weighed)) >= 2
            assert all(a in view.legal or isinstance(a, AA.Propose) for a in weighed)
            weighed_phases.add(view.phase)
            world = ARMY.playouts.world(view, seat, Rng(1))
            assert all(world.why_illegal(seat, a) is None for a in weighed)  # swaps too
            assert world.round_limit == view.round + PLAYOUT_ROUNDS  # a playout ends in time
        elif view.phase in ("buy", "trade"):  # only one side of the choice may be taken
            assert (
                sum(type(a) in (AA.Buy, AA.Decline, AA.Accept, AA.Reject) for a in view.legal) < 2
            )
    assert {"buy", "auction"} <= weighed_phases


def test_army_s_search_weighs_a_swap_that_completes_its_group_and_the_partner_s():
    state = army_game()
    give(state, 0, REAPER, FOXHOUND)  # Ann lacks Watchkeeper for the browns
    give(state, 1, WATCHKEEPER, WOLF, JACKAL)  # Ben lacks Foxhound for the light blues
    view = state.view(0)
    swap = AA.Propose(1, give=(FOXHOUND,), get=(WATCHKEEPER,), get_cash=60)  # £120 for £60
    assert swaps(view) == [swap] and state.why_illegal(0, swap) is None
    assert ARMY.candidates(view, view.legal, AA.Roll()) == [AA.Roll(), swap]
    give(state, 2, REAPER)  # now Cat's: no swap completes a group of Ann's
    assert swaps(state.view(0)) == []


# -- Million's search bot -------------------------------------------------------------------------


def test_million_s_search_bot_plays_every_move_as_the_sharp_bot_does():
    """Playouts were found to beat the sharp style nowhere (search.py): it weighs nothing. Its
    playouts, which the post-game analysis plays, still end in time."""
    sharp, searching, decisions = MillionBot(5, style=SHARP), SearchBot(MILLION, seed=5), 0
    for view, seat, _suggestion, weighed in weighings("million", MILLION, 2, rounds=20):
        assert weighed == []
        assert searching.choose(view, view.legal) == sharp.choose(view, view.legal)
        world = MILLION.playouts.world(view, seat, Rng(1))
        assert world.round_limit == view.round + MILLION_ROUNDS  # a playout ends in time
        decisions += 1
    assert decisions > 100


# -- Stadium's search bot ------------------------------------------------------------------------


def test_stadium_s_search_weighs_land_cards_bids_and_buildings_in_playouts_that_end_in_time():
    weighed_phases = set()
    for view, seat, suggestion, weighed in weighings("stadium", STADIUM, 1, rounds=12):
        if not weighed:
            continue
        assert weighed[0] == suggestion and len(weighed) == len(set(weighed))
        assert 2 <= len(weighed) <= STADIUM_MOST and set(weighed) <= set(view.legal)
        weighed_phases.add(view.phase)
        if view.phase == "land":  # buying none is always weighed, and lots with room to build
            assert SA.NoLand() in weighed and any(type(a) is SA.BuyLot for a in weighed)
        if view.phase == "main":  # building nothing is always weighed against building
            assert SA.EndTurn() in weighed
            cards = [a.card for a in weighed if type(a) is SA.Build]
            assert len(cards) == len(set(cards))  # another card, not another spot
        world = STADIUM.playouts.world(view, seat, Rng(1))
        assert world.round_limit == view.round + SEARCH_ROUNDS  # a playout ends in time
    assert {"land", "draw", "main"} <= weighed_phases


# -- what a search bot may know -------------------------------------------------------------------


def hidden_changed(slug: str, state):
    """A copy of `state` with only what its seats cannot see changed: the other colours' cash
    (Big Shot with hidden money, moved to and from the bank), the decks' order (Army), the
    Auction and Venture decks' order (Stadium)."""
    other = state.copy()
    if slug == "bigshot":
        mine = set(state.seat_colours[state.current])
        for colour in (c for c in range(4) if c not in mine and c != state.ghost):
            other.ledger.balances[colour] += 7
            other.ledger.balances[4] -= 7
    elif slug == "army":
        other.decks = [deck[::-1] for deck in state.decks]
    else:
        other.crown_deck, other.venture_deck = state.crown_deck[::-1], state.venture_deck[::-1]
    return other


@pytest.mark.parametrize(
    ("slug", "options"),
    [("bigshot", {"hidden_money": True}), ("army", {}), ("stadium", {})],
    ids=["bigshot-hidden", "army", "stadium"],
)
def test_a_search_bot_chooses_the_same_whatever_it_cannot_see(slug, options):
    """Where the search bot weighs moves, a state that differs only in what its seat cannot see
    shows that seat the same view, and the bot (which is given the view alone) the same move."""
    spec = get_spec(slug)
    plans = {"bigshot": BIG_SHOT, "army": ARMY, "stadium": STADIUM}
    plan = replace(plans[slug], count=2)
    state = spec.start(["S", "H1", "H2", "H3"], 4, spec.resolve_options(options))
    heuristic, weighed = spec.bots["heuristic"](4), 0
    while not state.is_over() and weighed < 3:
        seat = state.to_act()[0]
        view = state.view(seat)
        suggestion = heuristic.choose(view, view.legal)
        if plan.candidates(view, view.legal, suggestion):
            weighed += 1
            other = hidden_changed(slug, state)
            assert other.view(seat) == view  # nothing hidden shows
            choices = [SearchBot(plan, seed=9).choose(v, v.legal) for v in (view, other.view(seat))]
            assert choices[0] == choices[1]
        state.step(seat, suggestion)
    assert weighed == 3
