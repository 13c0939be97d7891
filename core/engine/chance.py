"""Chance made explicit: the random events of a game, their outcomes and probabilities.

A state draws every random event of play through `GameState._chance(event)`: in a game, the
event samples the state's seeded RNG (so a game replays exactly from its seed and actions); in a
search, `GameState.step_outcome` plays an action with the outcome chosen in advance, so a bot can
enumerate the outcomes (`Chance.outcomes`, with their probabilities) or sample them itself.
`GameState.chance_after(seat, action)` says which event an action meets. Shuffles happen at
setup; what they hide (deck orders) a bot resamples with the game's `determinize`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

from .rng import Rng


@dataclass(frozen=True)
class Chance:
    name: str
    outcomes: tuple[tuple[Hashable, Fraction], ...]  # each outcome once, with its probability
    sample: Callable[[Rng], Hashable]  # one outcome from the RNG, drawing as games always have

    def __contains__(self, outcome: object) -> bool:
        return any(outcome == known for known, _ in self.outcomes)


DIE = Chance("a die", tuple((n, Fraction(1, 6)) for n in range(1, 7)), lambda rng: rng.die())
TWO_DICE = Chance(
    "two dice",
    tuple(((a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7)),
    lambda rng: (rng.die(), rng.die()),
)
