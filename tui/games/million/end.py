"""The end of a Million game: the standings, with what each player holds, and cash by round."""

from __future__ import annotations

from typing import Any

from ...screens.end import Column, StandingsEnd
from .look import money


class MillionEnd(StandingsEnd):
    """Cash, worth (businesses at price, leases refunded), what a stunt paid them at the end,
    businesses held."""

    COLUMNS = (
        Column("cash", 12, lambda view, seat: money(view.cash[seat])),
        Column("worth", 12, lambda view, seat: money(view.worth[seat])),
        Column("per stunt", 12, lambda view, seat: money(view.income(seat))),
        Column("businesses", 12, lambda view, seat: len(view.held(seat))),
    )
    CHART_TITLE = "Cash at the end of each round"

    @staticmethod
    def order(view: Any) -> list[int]:
        """The winners, then the others by worth, the valuation a round limit's winner is
        chosen by: a player is never listed below one worth less."""
        return sorted(
            range(len(view.players)),
            key=lambda s: (s not in view.result.winners, -view.worth[s], -view.cash[s]),
        )

    @staticmethod
    def figures(view: Any) -> tuple[Any, Any]:
        return view.cash_history, view.cash
