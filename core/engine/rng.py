"""A tiny seeded generator (splitmix64) kept inside the game state.

Its whole state is one integer, so copying a game state copies the generator for free and a
saved record replays bit for bit on any machine.
"""

from typing import Any

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone

    def below(self, n: int) -> int:
        """A number in range(n); the modulo bias is below 2**-58 for any n a board game uses."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, each draw as `below(i + 1)` makes it (written out here: a call per
        card was a good part of a shuffle; the manual's "Measured choices")."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state
