"""Statistics the simulator gathers from Army games (`boomtown sim army --stats landing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import SQUARES_COUNT

if TYPE_CHECKING:
    from .state import ArmyState


class Landing:
    """Where tokens rest after each throw, over every throw of every game.

    A throw that sends its thrower to Prison, or a throw in Prison that does not free them,
    counts as `in_prison`; so square 30 is always 0 and square 10 is Just Visiting only.
    """

    def __init__(self) -> None:
        self.counts = [0] * (SQUARES_COUNT + 1)

    def add(self, state: ArmyState) -> None:
        for i, count in enumerate(state.landings):
            self.counts[i] += count

    def merge(self, other: Landing) -> None:
        """Add the counts of games gathered elsewhere (another process of the same run)."""
        self.counts = [a + b for a, b in zip(self.counts, other.counts)]

    def summary(self) -> dict[str, Any]:
        throws = sum(self.counts)
        share = [count / throws if throws else 0.0 for count in self.counts]
        return {
            "throws": throws,
            "squares": share[:SQUARES_COUNT],
            "in_prison": share[SQUARES_COUNT],
        }
