"""Statistics the simulator gathers from Stadium games (`boomtown sim stadium --stats endings`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from core.engine.stats import endings_summary

from .board import STADIUM_INDEX

if TYPE_CHECKING:
    from .state import StadiumState

ENDINGS = {
    "builds the Sports Stadium.": "stadium",
    "the greatest assets.": "assets",
    "the last player left in the game.": "last_player",
}


class Endings:
    """How games ended (`stadium`; by assets at the `round_limit` or when `no_more_building`
    could take place; `last_player` left), how many rounds they lasted, and which seat built
    the Stadium."""

    def __init__(self) -> None:
        self.endings: Counter[str] = Counter()
        self.rounds: list[int] = []
        self.stadium_seats: Counter[int] = Counter()

    def add(self, state: StadiumState) -> None:
        reason = state.end_reason
        kind = next((k for text, k in ENDINGS.items() if reason.endswith(text)), "other")
        if kind == "assets":
            kind = "round_limit" if "round limit" in reason else "no_more_building"
        self.endings[kind] += 1
        self.rounds.append(state.round)
        for building in state.buildings.values():
            if building.card == STADIUM_INDEX:
                self.stadium_seats[building.owner] += 1

    def merge(self, other: Endings) -> None:
        self.endings += other.endings
        self.rounds += other.rounds
        self.stadium_seats += other.stadium_seats

    def summary(self) -> dict[str, Any]:
        return {
            **endings_summary(self.endings, self.rounds),
            "stadium_builder_seats": {str(s): n for s, n in sorted(self.stadium_seats.items())},
        }
