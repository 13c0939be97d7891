"""The end of an Army game: the standings by net worth, and net worth by round."""

from __future__ import annotations

from typing import Any

from core.games.army.board import DEEDS

from ...screens.end import Column, StandingsEnd
from .look import money


def went_out(view: Any) -> list[int]:
    """The seats that went bankrupt, in the order they went (the last out ranks the highest)."""
    return [
        view.players.index(event.args[0])
        for event in view.events
        if event.kind in ("bankrupt-to-bank", "bankrupt-to-player")
    ]


class ArmyEnd(StandingsEnd):
    """Net worth and what it is made of, and rent paid and received."""

    NAME_WIDTH = 22  # "1 Player (bankrupt)" and more; the whole table fits in 80 columns
    COLUMNS = (
        Column("worth", 9, lambda view, seat: money(view.net_worth[seat])),
        Column("cash", 9, lambda view, seat: money(view.cash[seat])),
        Column("deeds", 6, lambda view, seat: sum(view.owner[s] == seat for s in DEEDS)),
        Column("▪", 3, lambda view, seat: view.buildings(seat)[0]),
        Column("▲", 3, lambda view, seat: view.buildings(seat)[1]),
        Column("rent paid", 11, lambda view, seat: money(view.rent_totals[seat][0])),
        Column("received", 10, lambda view, seat: money(view.rent_totals[seat][1])),
    )
    CHART_TITLE = "Net worth at the end of each round"

    @staticmethod
    def order(view: Any) -> list[int]:
        out = went_out(view)
        return sorted(
            range(len(view.players)),
            key=lambda s: (
                s not in view.result.winners,
                not view.active[s],
                -out.index(s) if s in out else -view.net_worth[s],
            ),
        )

    @staticmethod
    def figures(view: Any) -> tuple[Any, Any]:
        return view.worth_history, view.net_worth
