"""Army's lean playouts play the same games as the full engine, move for move, and leave to it
what they do not model."""

from dataclasses import replace

import pytest

from core.engine.bots import play_out
from core.engine.decisions import Debt
from core.engine.rng import Rng
from core.engine.search import SearchBot
from core.games.army import SPEC
from core.games.army import actions as A
from core.games.army.board import PRISON
from core.games.army.bots import SENSIBLE, SHARP, HeuristicBot
from core.games.army.cards import DECKS, GET_OUT, TRAINING
from core.games.army.lean import play_on
from core.games.army.search import PLAN, PLAYOUTS
from core.games.army.sight import ArmySight

from .army_helpers import game, give, set_cash

# everything a playout's end holds but the log and the ledger's entries (the lean game keeps
# neither), and the game's version and count of things revealed (it counts no actions)
FIELDS = (
    "position prison_turn card_holder decks owner level mortgaged stores_left barracks_left "
    "active turn stage round doubles dice jailed proposals round_ends landings last_card "
    "winners end_reason"
).split()
REAPER, WATCHKEEPER, CATTERICK, WOLF, JACKAL, FOXHOUND = 1, 3, 5, 6, 8, 9
TRAINING_NEAR_GO = 2  # a Training square: a double one from GO


def positions(games: int, every: int, options: dict, players: int = 4):
    """(view, seat) at every `every`-th decision of `games` games between heuristic bots."""
    for seed in range(games):
        state = SPEC.start(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][:players], seed, options)
        bots = [HeuristicBot(seed) for _ in range(players)]
        decisions = 0
        while (seat := state.actor()) is not None and state.round < 80:
            view = state.view(seat)
            if decisions % every == 0:
                yield view, seat
            state.step(seat, bots[seat].choose(view, view.legal))
            decisions += 1


def bots_for(searcher: int, players: int):
    """The playout bots of a search bot at `searcher`: its seat sharp, the others sensible."""
    return [HeuristicBot(0, SHARP if seat == searcher else SENSIBLE) for seat in range(players)]


def end(state) -> dict:
    fields = {name: getattr(state, name) for name in FIELDS}
    return fields | {"cash": list(state.ledger.balances), "result": state.result()}


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"round_limit": 500}, 4),
        ({"round_limit": 500, "prison_double_extra_throw": False}, 4),
        ({"short_game": True}, 4),
        ({"round_limit": 500}, 2),
        ({"round_limit": 500}, 6),
    ],
    ids=["as simulated", "no throw after a prison double", "short game", "two", "six"],
)
def test_lean_playouts_end_exactly_as_the_engine_s(options, players):
    played = lean = 0
    found = positions(6, 41, SPEC.resolve_options(options), players)
    for i, (view, seat) in enumerate(found):
        world = PLAYOUTS.world(view, seat, Rng(i))
        twin = world.copy()
        play_out(world, bots_for(seat, players), sight=ArmySight)
        bots = bots_for(seat, players)
        if play_on(twin, bots, ArmySight):
            lean += 1
        else:
            play_out(twin, bots, sight=ArmySight)
        assert end(twin) == end(world), f"position {i}"
        played += 1
    assert played > 40
    # the lean game reaches the end of nearly every playout (six players run short of
    # buildings more often)
    assert lean >= 0.8 * played


def test_a_shortage_of_buildings_is_left_to_the_engine_where_it_arises():
    """Ann builds on the browns with one Store left and Ben could build too: the shortage and
    its auction are the full engine's, so the lean game leaves the state as it found it."""
    state = game(2, round_limit=20)
    give(state, 0, REAPER, WATCHKEEPER)
    give(state, 1, WOLF, JACKAL, FOXHOUND)
    state.stores_left = 1
    set_cash(state, 0, 500)
    before = end(state)
    bots = [HeuristicBot(0, SHARP), HeuristicBot(1)]
    assert not play_on(state, bots, ArmySight)
    assert end(state) == before
    play_out(state, bots, sight=ArmySight)  # the engine plays it on from there
    assert state.result() is not None


def test_a_bot_that_is_not_the_heuristic_one_is_left_to_the_engine():
    state = game(2)
    before = end(state)
    assert not play_on(state, [HeuristicBot(0), SearchBot(PLAN, 1)], ArmySight)
    assert end(state) == before


def test_the_search_bot_weighs_its_moves_as_it_did_with_the_engine_s_playouts():
    """The same playouts, lean or not: the same shares of wins for each move weighed."""
    engine_plan = replace(PLAN, playouts=replace(PLAYOUTS, lean=None))
    weighed = 0
    for view, _ in positions(3, 17, SPEC.resolve_options({"round_limit": 500})):
        if not PLAN.candidates(view, view.legal, view.legal[0]):
            continue
        lean = SearchBot(PLAN, 7).weigh(view, view.legal)
        engine = SearchBot(engine_plan, 7).weigh(view, view.legal)
        assert lean == engine
        weighed += 1
        if weighed == 4:
            break
    assert weighed == 4


def test_a_lean_playout_counts_the_throw_that_ends_the_game():
    """Ben, with nothing, stops on one of Ann's deeds at his first throw: he is out and the
    game is over, and that throw still counts where his token rests."""
    state = game(2)
    give(state, 0, REAPER, WATCHKEEPER, CATTERICK, WOLF, JACKAL, FOXHOUND)
    state.turn = 1
    set_cash(state, 1, 0)
    # (Reaper, one step on, is out of reach of a throw)
    owned = (WATCHKEEPER, CATTERICK, WOLF, JACKAL, FOXHOUND)
    seed = next(k for k in range(100) if sum(first_throw(k)) in owned)
    state.rng = Rng(seed)
    world, twin = state.copy(), state.copy()
    play_out(world, [HeuristicBot(0), HeuristicBot(1)], sight=ArmySight)
    assert play_on(twin, [HeuristicBot(0), HeuristicBot(1)], ArmySight)
    assert "the last player left" in world.end_reason and world.round == 1
    assert sum(world.landings) == 1
    assert end(twin) == end(world)


def first_throw(seed: int) -> tuple[int, int]:
    rng = Rng(seed)
    return rng.die(), rng.die()


def test_an_early_prisoner_without_the_fine_leaves_by_the_get_out_card_as_in_the_engine():
    """Ann, in Prison early in the game with £40 and a Get-out card, uses it at once."""
    state = game(2, round_limit=6)
    state.position[0], state.prison_turn[0] = PRISON, 0
    state.card_holder[0] = 0
    state.decks[0].remove(GET_OUT[0])
    set_cash(state, 0, 40)
    world, twin = state.copy(), state.copy()
    play_out(world, [HeuristicBot(0), HeuristicBot(1)], sight=ArmySight)
    assert play_on(twin, [HeuristicBot(0), HeuristicBot(1)], ArmySight)
    assert end(twin) == end(world)
    assert "uses-get-out-card" in [kind for _, kind, _ in world.events]


def test_two_players_unable_to_pay_one_birthday_are_left_to_the_engine():
    """Ann's throw takes her to Training, where the birthday card asks £10 of each of the
    others; two of them have £5 and nothing to sell: their debts are the engine's."""
    state = game(4)
    for seat in (1, 2):
        set_cash(state, seat, 5)
    birthday = next(i for i, card in enumerate(DECKS[TRAINING]) if card[1] == "birthday")
    state.decks[TRAINING].remove(birthday)
    state.decks[TRAINING].insert(0, birthday)
    state.rng = Rng(next(k for k in range(200) if sum(first_throw(k)) == TRAINING_NEAR_GO))
    before, engine = end(state), state.copy()
    assert not play_on(state, [HeuristicBot(seat) for seat in range(4)], ArmySight)
    assert end(state) == before
    engine.step(0, A.Roll())
    assert [(f.debtor, f.amount) for f in engine.stack if type(f) is Debt] == [(1, 10), (2, 10)]
