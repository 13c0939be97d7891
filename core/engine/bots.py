"""The bot interface, and the random bot every game gets for free.

A bot sees only what its seat may see: the game's per-player view and the seat's legal actions.
A search bot (information-set MCTS) implements the same `choose`, sampling hidden state that is
consistent with the view.
"""

from collections.abc import Sequence
from typing import Any, Protocol

from .actions import Action
from .rng import Rng


class Bot(Protocol):
    reads_view: bool  # False: `choose` is given None for the view (the simulator skips it)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    reads_view = False

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return legal[self._rng.below(len(legal))]
