"""The bot interface, the random bot every game gets for free, and a game played on by bots.

A bot sees only what its seat may see: the game's per-player view and the seat's legal actions.
The search bot (`search.py`) implements the same `choose`, sampling hidden state that is
consistent with the view.
"""

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .actions import Action
from .game import GameState


class Bot(Protocol):
    reads_view: bool  # False: `choose` is given None for the view (the simulator skips it)
    # True: `choose` returns an item of the legal list it is given, and nothing else (the random
    # bot); the simulator then plays it without looking for it there
    picks_listed: bool

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


MAX_ACTIONS = 100_000  # a game still running after this many actions is taken for a bug


# what a bot reads at `seat`'s decision in place of its view, straight from the state, given
# the seat's legal actions (a playout's: `core.engine.playouts.Sight`)
SightOf = Callable[[Any, int, Sequence[Action]], Any]


def play_out(
    state: GameState,
    players: Sequence[Bot],
    limit: int = MAX_ACTIONS,
    sight: SightOf | None = None,
    until: Callable[[Any], bool] | None = None,
) -> int:
    """Play `state` on in place to its end (or, with `until`, to the first point where
    `until(state)` holds), each seat by its bot; the actions taken.

    A view is made only for a bot that reads one, and none with a `sight`, which the bot reads
    instead; an action taken from the legal list is not checked again, any other is.
    RuntimeError if the game has not ended after `limit` actions.
    """
    reads_view = [getattr(player, "reads_view", True) for player in players]
    picks_listed = [getattr(player, "picks_listed", False) for player in players]
    actions = 0
    while (seat := state.actor()) is not None:
        if until is not None and until(state):
            break
        if actions >= limit:
            raise RuntimeError(f"game did not end within {limit} actions")
        if not reads_view[seat]:  # a view is a copy of everything the seat sees: not made
            view, legal = None, state.legal_actions(seat)  # for a bot that ignores it
        elif sight is None:
            view = state.view(seat)
            legal = view.legal  # worked out once per decision, for the view and the bot alike
        else:
            legal = state.legal_actions(seat)
            view = sight(state, seat, legal)
        action = players[seat].choose(view, legal)
        actions += 1
        if picks_listed[seat]:
            state.step_listed(seat, action)
            continue
        # Looked for by identity first: `in` calls the dataclasses' __eq__ on every action listed
        # before it (the manual's "Measured choices"); then by equality, for a bot that makes
        # the action it chose anew.
        for listed in legal:
            if listed is action:
                state.step_listed(seat, action)
                break
        else:
            if action in legal:
                state.step_listed(seat, action)
            else:  # a bot's own action (a trade offer) is checked like anyone's
                state.step(seat, action)
    return actions


class RandomBot:
    """Picks uniformly among the legal actions.

    It draws from the standard library's generator (Mersenne Twister, in C), whose random()
    gives the same numbers for the same seed on every Python version; a game's own dice come
    from its splitmix Rng, which a record replays; drawing from the Rng slowed the simulator's
    games (the manual's "Measured choices")."""

    reads_view = False
    picks_listed = True

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[int(self._random() * len(legal))]
