"""Seeded tables advanced to a given moment: the snapshot tests, pilot tests and README
screenshots all show the same deterministic games."""

from __future__ import annotations

from typing import Callable

from core.games import get_spec
from .app import BoomtownApp
from .table import LocalTable, Seat

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def table_at(seed: int = 7, players: int = 4, humans: int = 1, options: dict | None = None,
             until: Callable[[object], bool] | None = None) -> LocalTable:
    """A table with `humans` people then heuristic bots, every seat played by a heuristic bot
    until `until(state)` holds."""
    seats = [Seat(NAMES[i], "human" if i < humans else "heuristic") for i in range(players)]
    table = LocalTable.new("bigshot", seats, seed, options)
    stand_in = get_spec("bigshot").bots["heuristic"]
    helpers = {i: stand_in(seed + i) for i in range(players)}
    state = table.state
    while until is not None and not until(state) and not state.is_over():
        seat = state.to_act()[0]
        table.act(seat, helpers[seat].choose(state.view(seat), state.legal_actions(seat)))
        state = table.state
    return table


def app_for(table: LocalTable) -> BoomtownApp:
    return BoomtownApp(table, pace=0, save_path=None)


def human_bidding_after_a_bid(state) -> bool:
    return (state.phase == "bid" and state.current == 0 and state.auction.high_bidder is not None
            and state.round >= 3)


def human_placing(state) -> bool:
    return state.phase == "place" and state.winner == 0 and state.round >= 4 \
        and sum(state.to_place) == 4


def game_over(state) -> bool:
    return state.is_over()
