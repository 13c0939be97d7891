"""Seeded Army games between bots, checked at every step, and replayed from their records.

The suite plays 240 games checked at every step; a soak runs more with BOOMTOWN_ARMY_GAMES
(say 10000).
"""

import json
import os

import pytest

from core.engine.bots import RandomBot
from core.engine.errors import ActionError
from core.engine.match import Match
from core.engine.record import Record
from core.engine.rng import Rng
from core.games.army import SPEC, estates
from core.games.army import actions as A
from core.games.army.board import BARRACKS, BARRACKS_IN_BANK, GROUP_SQUARES, STORES_IN_BANK
from core.games.army.bots import HeuristicBot
from core.games.army.cards import DECKS, GET_OUT
from core.games.army.estates import work_out_estate

from .money import MoneyCheck

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
GAMES_PER_CHUNK = 80
# a soak run sets more (BOOMTOWN_ARMY_GAMES=10000): the suite keeps to 4 minutes
CHUNKS = int(os.environ.get("BOOMTOWN_ARMY_GAMES", "240")) // GAMES_PER_CHUNK


def check_invariants(state, legal, money: MoneyCheck) -> None:
    """What holds at every step; `legal` is what the seat to act may do (the view's list)."""
    # money: the players hold what the bank paid out, transfer by transfer
    money(state.ledger, range(state.n))
    assert all(state.cash(s) >= 0 for s in range(state.n))
    # buildings: 32 Ammo Stores and 12 Barracks, in the bank or on the board
    level, owner = state.level, state.owner
    barracks = level.count(BARRACKS)
    stores = sum(level) - BARRACKS * barracks  # level BARRACKS is a Barracks, not stores
    assert stores + state.stores_left == STORES_IN_BANK
    assert barracks + state.barracks_left == BARRACKS_IN_BANK
    for group in GROUP_SQUARES:
        levels = [level[g] for g in group]
        if any(levels):  # buildings stand only on complete, unmortgaged, evenly built groups
            assert len({owner[g] for g in group}) == 1
            assert not any(state.mortgaged[g] for g in group)
            assert max(levels) - min(levels) <= 1
    assert all(state.active[seat] for seat in set(owner) - {-1})
    # cards: each deck's 16 are in the deck, or one Get-out card in a player's hand
    for deck in (0, 1):
        held = [GET_OUT[deck]] if state.card_holder[deck] >= 0 else []
        assert sorted(state.decks[deck] + held) == list(range(len(DECKS[deck])))
    # whoever must act can
    assert state.active[state.to_act()[0]] and legal


def play(seed: int, players: int, bots: list[str], options: dict, check=None, match=None):
    """Play a game between bots to its end; through `match` if given, so it keeps a record.
    `check(state, legal)` runs before every action."""
    state = match.state if match else SPEC.start(NAMES[:players], seed, options)
    agents = [SPEC.bots[kind](seed * 31 + seat) for seat, kind in enumerate(bots)]
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        # the legal actions worked out once a step: in the view, for a bot that reads one
        view = state.view(seat) if getattr(agents[seat], "reads_view", True) else None
        legal = view.legal if view else state.legal_actions(seat)
        if check:
            check(state, legal)
        action = agents[seat].choose(view, legal)
        if match:
            match.act(seat, action)
            state = match.state
        else:
            state.step(seat, action)
        steps += 1
        assert steps < 100_000
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_games_keep_every_invariant_at_every_step_and_end(chunk):
    for index in range(GAMES_PER_CHUNK):
        seed = chunk * GAMES_PER_CHUNK + index
        rng = Rng(seed)
        players = 2 + rng.below(5)
        bots = ["heuristic" if rng.below(2) else "random" for _ in range(players)]
        options = {
            "round_limit": 20 + rng.below(40),
            "short_game": rng.below(4) == 0,
            "prison_double_extra_throw": rng.below(3) != 0,
        }
        money = MoneyCheck()
        state = play(
            seed, players, bots, options, lambda s, legal, m=money: check_invariants(s, legal, m)
        )
        result = state.result()
        assert result.winners
        survivors = state.active.count(True)
        assert survivors == 1 or state.round == options["round_limit"]


def test_the_estates_kept_between_changes_are_those_the_board_gives():
    """Each player's estate (deeds, groups open to building, legal sales and mortgages) is kept
    until the board changes in a way that concerns them: at every step of games of buying,
    building, mortgaging, trading and going bankrupt, what is kept is what the board gives."""
    for seed in range(24):
        bots = ["heuristic", "random", "heuristic", "random"][: 2 + seed % 3]

        def check(state, _legal):
            for seat in range(state.n):
                assert estates.estate_of(state, seat) == work_out_estate(
                    seat, state.owner, state.level, state.mortgaged
                ), seat

        play(seed, len(bots), bots, {"round_limit": 80}, check)


def test_a_record_saved_as_json_replays_to_the_identical_game(tmp_path):
    match = Match("army", NAMES[:4], 7, {"round_limit": 60})
    play(7, 4, ["heuristic", "random", "heuristic", "random"], {}, match=match)
    path = tmp_path / "army.json"
    path.write_text(json.dumps(match.record.to_json()))
    replayed = Record.load(path).replay()
    assert replayed.events == match.state.events
    assert replayed.ledger.entries == match.state.ledger.entries
    assert replayed.rng.state == match.state.rng.state
    assert replayed.landings == match.state.landings


def test_every_listed_action_is_legal_and_others_are_refused_without_change():
    state = SPEC.start(NAMES[:4], 3, {"round_limit": 30})
    rng = Rng(5)
    probes = [
        A.Roll(),
        A.EndTurn(),
        A.Buy(),
        A.Decline(),
        A.Pass(),
        A.PayFine(),
        A.Accept(),
        A.Reject(),
        A.PayTen(),
        A.TakeCombat(),
        A.LiftMortgage(),
        A.KeepMortgage(),
        A.Bankrupt(),
        A.Bid(1),
        A.Bid(10_000),
        A.UseCard(0),
        A.UseCard(1),
    ]
    probes += [
        cls(s) for s in range(40) for cls in (A.Build, A.Sell, A.Mortgage, A.Unmortgage, A.Place)
    ]
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in legal:
            assert state.why_illegal(seat, action) is None
        for action in probes:
            if action not in legal and state.why_illegal(seat, action) is None:
                assert isinstance(action, A.Bid)  # bids between the listed ones are fine
            elif action not in legal:
                version = state.version
                with pytest.raises(ActionError):
                    state.step(seat, action)
                assert state.version == version
        state.step(seat, legal[rng.below(len(legal))])


def test_the_heuristic_bot_beats_random_bots():
    wins = 0
    for seed in range(20):
        state = play(seed, 4, ["heuristic", "random", "random", "random"], {"round_limit": 500})
        wins += 0 in state.result().winners
    assert wins >= 16


def test_bots_only_ever_choose_legal_actions_from_their_view():
    bot = HeuristicBot(1)
    random_bot = RandomBot(1)
    state = SPEC.start(NAMES[:3], 11, {"round_limit": 25})
    while not state.is_over():
        seat = state.to_act()[0]
        chooser = bot if seat == 0 else random_bot
        action = chooser.choose(state.view(seat), state.legal_actions(seat))
        assert state.why_illegal(seat, action) is None
        state.step(seat, action)
