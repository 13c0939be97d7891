"""The end of a Stadium game: the standings by assets and what they are made of, and assets by
round."""

from __future__ import annotations

from typing import Any

from core.games.stadium.frames import ACRE_PRICE

from ...screens.end import Column, StandingsEnd
from .look import money


def land(view: Any, seat: int) -> int:
    return ACRE_PRICE * view.undeveloped_acres(seat)


class StadiumEnd(StandingsEnd):
    """Assets = cash + undeveloped land + buildings, and income."""

    COLUMNS = (
        Column("assets", 12, lambda view, seat: money(view.assets[seat])),
        Column("cash", 12, lambda view, seat: money(view.cash[seat])),
        Column("land", 12, lambda view, seat: money(land(view, seat))),
        Column(
            "buildings",
            12,
            lambda view, seat: money(view.assets[seat] - view.cash[seat] - land(view, seat)),
        ),
        Column("income", 10, lambda view, seat: money(view.income(seat))),
    )
    CHART_TITLE = "Assets at the end of each round"

    @staticmethod
    def order(view: Any) -> list[int]:
        return sorted(
            range(len(view.players)),
            key=lambda s: (s not in view.result.winners, not view.active[s], -view.assets[s]),
        )

    @staticmethod
    def figures(view: Any) -> tuple[Any, Any]:
        return view.assets_history, view.assets
