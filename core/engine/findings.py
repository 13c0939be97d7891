"""What a post-game analysis found (core.engine.analysis works it out): each player's chance of
winning at each point of the chart, and the moves that moved their player's chance most; kept
with a finished game's record, and read back from it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

Chances = tuple[float, ...]  # a seat's chance of winning, for every seat


@dataclass(frozen=True)
class Swing:
    """A move that moved its player's chance: `before` and `after` it."""

    seat: int
    round: int
    move: str  # in the table's words
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class Analysis:
    rounds: tuple[int, ...]  # the round each point of the chart starts (the last: the end)
    chances: tuple[Chances, ...]  # at each point
    swings: tuple[Swing, ...]  # the moves that moved their player's chance most, by seat
    seats: tuple[int, ...]  # whose moves were weighed

    def swings_of(self, seat: int) -> list[Swing]:
        return [swing for swing in self.swings if swing.seat == seat]

    def chance_at(self, round_: int) -> tuple[int, Chances] | None:
        """The latest round on the chart up to `round_`, and the chances at its start."""
        at = [i for i, start in enumerate(self.rounds[:-1]) if start <= round_]
        return (self.rounds[at[-1]], self.chances[at[-1]]) if at else None

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": list(self.rounds),
            "chances": [list(point) for point in self.chances],
            "swings": [asdict(swing) for swing in self.swings],
            "seats": list(self.seats),
        }

    @classmethod
    def from_json(cls, data: Any, seats: int) -> Analysis:
        """ValueError (or TypeError, KeyError) if `data` is not an analysis of `seats` seats."""
        rounds = tuple(int(r) for r in data["rounds"])
        chances = tuple(tuple(float(c) for c in point) for point in data["chances"])
        swings = tuple(
            Swing(int(s["seat"]), int(s["round"]), str(s["move"]), *_chances(s))
            for s in data["swings"]
        )
        analysed = tuple(int(seat) for seat in data["seats"])
        if len(chances) != len(rounds) or any(len(point) != seats for point in chances):
            raise ValueError("an analysis whose chart does not fit its game")
        if any(not 0 <= c <= 1 for point in chances for c in point):
            raise ValueError("a chance outside 0 to 1")
        if any(not 0 <= seat < seats for seat in (*analysed, *(s.seat for s in swings))):
            raise ValueError("a seat the game does not have")
        return cls(rounds, chances, swings, analysed)


def _chances(swing: dict[str, Any]) -> tuple[float, float]:
    before, after = float(swing["before"]), float(swing["after"])
    if not (0 <= before <= 1 and 0 <= after <= 1):
        raise ValueError("a chance outside 0 to 1")
    return before, after
