"""Statistics the simulator gathers from Million games (`boomtown sim million --stats game`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from core.engine.stats import endings_summary

if TYPE_CHECKING:
    from .state import MillionState


class GameStats:
    """How games ended and lasted, how often a six made the leader miss a turn, and what
    publicity stunts paid by the size of the largest group paid for."""

    def __init__(self) -> None:
        self.rounds: list[int] = []
        self.endings: Counter[str] = Counter()
        self.skips = self.leader_skips = 0
        self.income_by_group: Counter[int] = Counter()  # largest group -> money paid
        self.stunts_by_group: Counter[int] = Counter()

    def add(self, state: MillionState) -> None:
        self.rounds.append(state.round)
        self.endings["finish" if "FINISH" in state.end_reason else "round_limit"] += 1
        for _, kind, args in state.events:
            if kind == "skips":
                self.skips += 1
                self.leader_skips += bool(args[2])
            elif kind == "stunt":
                largest = max(args[3], default=0)
                self.income_by_group[largest] += args[2]
                self.stunts_by_group[largest] += 1

    def merge(self, other: GameStats) -> None:
        self.rounds += other.rounds
        self.endings += other.endings
        self.skips += other.skips
        self.leader_skips += other.leader_skips
        self.income_by_group += other.income_by_group
        self.stunts_by_group += other.stunts_by_group

    def summary(self) -> dict[str, Any]:
        return {
            **endings_summary(self.endings, self.rounds),
            "six_skips": self.skips,
            "six_skips_of_the_leader": self.leader_skips,
            "stunts_by_largest_group": {str(k): v for k, v in sorted(self.stunts_by_group.items())},
            "mean_stunt_income_by_largest_group": {
                str(k): round(self.income_by_group[k] / n)
                for k, n in sorted(self.stunts_by_group.items())
            },
        }
