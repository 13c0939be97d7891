"""Seeded tables advanced to a given moment: the snapshot tests, pilot tests and README
screenshots all show the same deterministic games."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from core.engine.bots import Bot
from core.games import get_spec
from core.games.army.board import GROUPS, SITE_GROUPS
from core.games.million.board import REAL_ESTATE
from core.games.stadium import land
from play.table import LocalTable, Seat

from .app import BoomtownApp
from .screens.end import EndPage

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]


def table_at(
    seed: int = 7,
    players: int = 4,
    humans: int = 1,
    options: dict | None = None,
    until: Callable[[object], bool] | None = None,
    game: str = "bigshot",
    stand_in: str = "heuristic",
) -> LocalTable:
    """A table with `humans` people then heuristic bots, every seat played by a `stand_in`
    bot until `until(state)` holds."""
    seats = [Seat(NAMES[i], "human" if i < humans else "heuristic") for i in range(players)]
    table = LocalTable.new(game, seats, seed, options)
    helpers = stand_ins(game, players, seed, stand_in)
    state = table.state
    while until is not None and not until(state) and not state.is_over():
        play_a_move(table, helpers)
        state = table.state
    if until is not None and not until(state):  # a picture of the end, taken for another
        raise ValueError(f"the {game} game of seed {seed} ended before {until.__name__} held")
    return table


def stand_ins(game: str, players: int, seed: int = 0, kind: str = "heuristic") -> list[Bot]:
    """A `kind` bot of `game` for each seat, seeded with `seed` and the seat's number."""
    bot = get_spec(game).bots[kind]
    return [bot(seed + seat) for seat in range(players)]


def play_a_move(table: LocalTable, bots: list[Bot]) -> None:
    """The seat to act plays what its bot chooses."""
    state = table.state
    seat = state.to_act()[0]
    table.act(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def app_for(table: LocalTable) -> BoomtownApp:
    return BoomtownApp(table, pace=0, save_path=None)


async def analysed(pilot, timeout: float = 60.0) -> None:
    """Wait until the screen is a game's end with its analysis worked out (and its rating
    changes, where games are rated), so that a picture of it is the same every time;
    TimeoutError if it is not within `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        screen = pilot.app.screen
        analysing = screen.analysing if isinstance(screen, EndPage) else None
        ratings = screen.ratings if isinstance(screen, EndPage) else None
        if (
            analysing is not None
            and not analysing.running
            and (ratings is None or ratings.unrated or ratings.changes is not None)
        ):
            break
        if loop.time() > deadline:
            raise TimeoutError("no end screen with its analysis worked out")
        await asyncio.sleep(0.01)
    await pilot.pause()


def human_bidding_after_a_bid(state) -> bool:
    return (
        state.phase == "bid"
        and state.current == 0
        and state.auction.high_bidder is not None
        and state.round >= 3
    )


def human_placing(state) -> bool:
    return (
        state.phase == "place"
        and state.winner == 0
        and state.round >= 4
        and sum(state.to_place) == 4
    )


def game_over(state) -> bool:
    return state.is_over()


def _decision(state):
    return state.stack[-1] if state.stack else None


def _asks_the_person(state, kind: str) -> bool:
    """A decision of `kind` waits on the person (seat 0)."""
    frame = _decision(state)
    return frame is not None and frame.kind == kind and frame.seat == 0


def _person_outbid(state):
    """The auction waiting on the person's bid, which already has a bid (else None)."""
    frame = _decision(state)
    if frame is None or frame.kind != "auction":
        return None
    auction = frame.auction
    return frame if auction.bidder == 0 and auction.high_bidder is not None else None


def offered_a_trade(state) -> bool:
    """An offer waits for the person's answer (Army, Stadium)."""
    return _asks_the_person(state, "trade")


def person_in_debt(state) -> bool:
    """The person owes more than their cash and must raise it (Army, Stadium)."""
    return _asks_the_person(state, "debt")


# -- moments of Army games (seat 0 is the person) ---------------------------------------------


def army_table(
    seed: int, until: Callable[[object], bool], options: dict | None = None, players: int = 4
) -> LocalTable:
    return table_at(seed=seed, players=players, options=options, until=until, game="army")


def army_bidding(state) -> bool:
    """The person is to bid in a deed's auction that already has a bid."""
    frame = _person_outbid(state)
    return frame is not None and frame.square >= 0


def army_built_sites(game, seat: int) -> list[int]:
    """`seat`'s sites in whole colour groups with buildings on every site (a state or a view)."""
    return [
        s
        for g in SITE_GROUPS
        for s in GROUPS[g]
        if all(game.owner[x] == seat and game.level[x] for x in GROUPS[g])
    ]


def army_managing(state) -> bool:
    """The person's turn, round 8 or later, with buildings on a whole colour group."""
    return (
        not state.stack
        and state.stage == "roll"
        and state.turn == 0
        and state.round >= 8
        and bool(army_built_sites(state, 0))
    )


def army_person_bankrupt(state) -> bool:
    """The person is out of the game (or it is over)."""
    return not state.active[0] or state.is_over()


def army_in_prison(state) -> bool:
    """The person's turn, in Prison, with the fine still allowed."""
    return (
        not state.stack
        and state.stage == "roll"
        and state.turn == 0
        and 0 <= state.prison_turn[0] < 2
        and state.round >= 5
    )


# -- moments of Stadium games (seat 0 is the person) ------------------------------------------


def stadium_table(
    seed: int,
    until: Callable[[object], bool],
    options: dict | None = None,
    players: int = 4,
    stand_in: str = "heuristic",
) -> LocalTable:
    return table_at(
        seed=seed, players=players, options=options, until=until, game="stadium", stand_in=stand_in
    )


def stadium_building(state) -> bool:
    """The person may build, round 12 or later, with buildings of their own already up."""
    return (
        not state.stack
        and state.stage == "main"
        and state.turn == 0
        and state.round >= 12
        and any(b.owner == 0 for b in state.buildings.values())
        and bool(land.legal_builds(state, 0))
    )


def stadium_bidding(state) -> bool:
    """The person is to bid at a Crown auction that already has a bid."""
    return _person_outbid(state) is not None


def stadium_buying_land(state) -> bool:
    return _asks_the_person(state, "land") and state.round >= 3


def stadium_bank_building_offered(state) -> bool:
    """The person may buy a building of the Bank's (a bankrupt's nobody bought) with its land
    (found in games of random moves, where bankruptcies are many)."""
    frame = _decision(state)
    return (
        frame is not None
        and frame.kind == "land"
        and frame.seat == 0
        and any(b.owner == state.bank for b in state.buildings.values())
        and any(type(a).__name__ == "BuyBuilding" for a in state.legal_actions(0))
    )


def stadium_city_grown(state) -> bool:
    """The person's turn to build, round 70 or later: most of the city is built on."""
    return (
        not state.stack
        and state.stage == "main"
        and state.turn == 0
        and state.round >= 70
        and any(b.owner == 0 for b in state.buildings.values())
    )


# -- moments of Million games (seat 0 is the person) ------------------------------------------


def million_table(
    seed: int, until: Callable[[object], bool], options: dict | None = None, players: int = 4
) -> LocalTable:
    return table_at(seed=seed, players=players, options=options, until=until, game="million")


def million_choosing_a_drive(state) -> bool:
    """The person has rolled and chooses where to drive, round 8 or later, holding a group."""
    return (
        not state.stack
        and state.stage == "move"
        and state.turn == 0
        and state.round >= 8
        and len(state.held(0)) >= 3
    )


def million_on_real_estate(state) -> bool:
    """The person stopped on Real Estate and may take any business."""
    return (
        not state.stack
        and state.stage == "after"
        and state.turn == 0
        and state.landed in REAL_ESTATE
        and not state.acquired
        and state.round >= 3
    )


def million_rolled_a_six(state) -> bool:
    return bool(state.stack) and state.stack[-1].seat == 0


def million_setup(state) -> bool:
    return state.stage == "setup" and state.turn == 0
