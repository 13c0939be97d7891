"""Stadium's land and buildings: who owns which acre, Bank land for sale, construction (land,
frontage, zoning, the card supply, land acquired this turn), demolition, and what a player's
holdings are worth (the Stadium rulebook).

Ownership is kept per acre as bit masks (`land[seat]`, the Bank's last), so that a lot may be
split when a building covers part of it: a player's undeveloped part of a lot is their parcel of
it, bought, sold and auctioned in one piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import actions as A
from .board import (
    BLOCK_MASKS,
    BLOCKS,
    CARDS,
    LOT_MASKS,
    LOTS,
    STADIUM_INDEX,
    ZONE_MASKS,
    venture_of,
)
from .frames import ACRE_PRICE, DEMOLITION
from .placement import FACINGS, Placement, fitting, placement_at, placements_of, shape_fault
from .rules import rules

if TYPE_CHECKING:
    from .state import StadiumState

BUILT = "one building a turn: you have built this turn"
DEMOLISHED = "demolition comes after construction: build again next turn"
FRESH = "you cannot build on land acquired this turn"
FIRST_TURN = "nobody builds in their first turn of the game"
ONE_DEMOLITION = "one demolition a turn"


@dataclass(frozen=True, slots=True)
class Building:
    id: int
    card: int  # index in CARDS
    row: int  # the footprint's top-left acre
    col: int
    facing: str  # the figures edge's side: one of placement.FACINGS
    block: int
    cells: int  # the footprint, a bit mask
    owner: int
    variance: bool = False  # built under a Zoning variance: outside the block's class


def acres(cells: int) -> int:
    return cells.bit_count()


def price_with_overruns(card: int, held: Iterable[int]) -> int:
    """A card's price, 20% more for each Cost overrun card among the builder's `held`."""
    overruns = sum(venture_of(v).effect == "cost_overrun" for v in held)
    return CARDS[card].price * (100 + 20 * overruns) // 100


def beyond_cash(what: str, prices: Iterable[int], cash: int) -> str | None:
    """Why nothing of `prices` can be paid for with `cash`, naming the cheapest `what`; None
    if the cheapest can be."""
    cheapest = min(prices)
    if cheapest <= cash:
        return None
    return f"the cheapest {what} costs ${cheapest:,} and you have ${cash:,}"


def building_value(building: Building) -> int:
    """A building's construction value: its card's price."""
    return CARDS[building.card].price


def land_price(building: Building) -> int:
    """What the Bank asks for one of its buildings: the land under it at $20,000 an acre."""
    return ACRE_PRICE * acres(building.cells)


def parcel(state: StadiumState, holder: int, lot: int) -> int:
    """The acres of `lot` that `holder` owns and has not built on (0 if none)."""
    return LOT_MASKS[lot] & state.land[holder] & ~state.developed


def parcels(state: StadiumState, holder: int) -> list[int]:
    """The lots in which `holder` has undeveloped land."""
    free = state.land[holder] & ~state.developed
    return [lot for lot, cells in enumerate(LOT_MASKS) if cells & free]


def bank_land(state: StadiumState) -> int:
    """The acres the Bank sells: its undeveloped land but for Crown lots not yet
    auctioned and frozen ones."""
    withheld = 0
    for lot in (*state.crown_deck, *state.frozen):
        withheld |= LOT_MASKS[lot]
    return state.land[state.bank] & ~state.developed & ~withheld


def for_sale(state: StadiumState, lot: int) -> bool:
    """Whether the Bank sells (part of) `lot`."""
    return bool(LOT_MASKS[lot] & bank_land(state))


def sells_land(state: StadiumState, zone: int) -> bool:
    """Whether the Bank has land for sale in `zone` (0: any zone), bare or under a building
    of its own."""
    return bool(ZONE_MASKS[zone] & bank_land(state)) or bool(bank_buildings(state, zone))


def bank_buildings(state: StadiumState, zone: int) -> list[Building]:
    """The buildings the Bank holds in `zone` (0: any zone): a bankrupt's that nobody bought
    at auction, standing and earning nothing until sold with the land under them."""
    return [
        b
        for b in state.buildings.values()
        if b.owner == state.bank and (not zone or BLOCKS[b.block].zone == zone)
    ]


def bank_parcels(state: StadiumState, zone: int) -> list[tuple[int, int]]:
    """(lot, acres for sale as a bit mask) of each lot of Bank land for sale in `zone`."""
    free = bank_land(state)
    return [
        (lot.id, LOT_MASKS[lot.id] & free)
        for lot in LOTS
        if (not zone or lot.zone == zone) and LOT_MASKS[lot.id] & free
    ]


def move_land(state: StadiumState, cells: int, taker: int) -> None:
    """Acres change hands; a player cannot build on what they acquired this turn."""
    for holder in range(state.n + 1):
        state.land[holder] &= ~cells
    state.land[taker] |= cells
    if taker != state.bank:
        state.fresh |= cells


def undeveloped_acres(state: StadiumState, seat: int) -> int:
    return acres(state.land[seat] & ~state.developed)


def buildings_of(state: StadiumState, seat: int) -> list[Building]:
    return [b for b in state.buildings.values() if b.owner == seat]


def income(state: StadiumState, seat: int) -> int:
    return sum(CARDS[b.card].income for b in state.buildings.values() if b.owner == seat)


def assets(state: StadiumState, seat: int) -> int:
    """Cash, undeveloped land at $20,000 an acre and buildings at their construction value
    (the rulebook's final valuation)."""
    return (
        state.cash(seat)
        + ACRE_PRICE * undeveloped_acres(state, seat)
        + sum(building_value(b) for b in state.buildings.values() if b.owner == seat)
    )


def building_price(state: StadiumState, seat: int, card: int) -> int:
    return price_with_overruns(card, state.held[seat])


def has_variance(state: StadiumState, seat: int) -> bool:
    return any(venture_of(v).effect == "zoning_variance" for v in state.held[seat])


def zoned_out(state: StadiumState, seat: int, card: int, block: int) -> bool:
    """Whether the zoning bylaw forbids the card in the block (the stadium is exempt)."""
    zone = state.block_class[block]
    return (
        card != STADIUM_INDEX
        and zone not in ("", CARDS[card].kind)
        and not has_variance(state, seat)
    )


def buildable(state: StadiumState, seat: int) -> int:
    """The acres `seat` may build on now: their undeveloped land not acquired this turn."""
    return state.land[seat] & ~state.developed & ~state.fresh


def legal_builds(state: StadiumState, seat: int) -> list[A.Build]:
    """Every Build `seat` may make now (one per placement that fits)."""
    if state.built or state.demolished or state.round == 1:
        return []
    free, cash, found = buildable(state, seat), state.cash(seat), list[A.Build]()
    if not free:
        return found
    for index, card in enumerate(CARDS):
        if state.in_use[index] >= card.copies or building_price(state, seat, index) > cash:
            continue
        for p in fitting(card.id, free):
            if not zoned_out(state, seat, index, p.block):
                found.append(A.Build(index, p.row, p.col, FACINGS.index(p.facing)))
    return found


def placement_of(build: A.Build) -> Placement:
    """Where a legal Build puts its card (ValueError if the card fits nowhere there)."""
    spot = placement_at(CARDS[build.card].id, build.row, build.col, FACINGS[build.facing])
    if spot is None:
        raise ValueError(f"{build} is not a placement on the city's land")
    return spot


def why_no_build(state: StadiumState, seat: int, action: A.Build) -> str | None:
    """Why `seat` may not make this Build now, for a player to read; None if they may."""
    if not 0 <= action.card < len(CARDS) or not 0 <= action.facing < len(FACINGS):
        return "there is no such building card"
    turn = why_no_building_this_turn(state)
    if turn:
        return turn
    card = CARDS[action.card]
    facing = FACINGS[action.facing]
    spot = placement_at(card.id, action.row, action.col, facing)
    if spot is None:
        return shape_fault(card, action.row, action.col, facing)
    mine = spot.cells & state.land[seat]
    if mine != spot.cells:
        return "you can build only on your own land"
    if spot.cells & state.developed:
        return "there is a building there: demolish it first (it is cleared next turn)"
    if spot.cells & state.fresh:
        return FRESH
    if zoned_out(state, seat, action.card, spot.block):
        return f"zoning: this block is {state.block_class[spot.block]}"
    if state.in_use[action.card] >= card.copies:
        return f"every {card.name} card of that size is on the board"
    price = building_price(state, seat, action.card)
    if price > state.cash(seat):
        return f"it costs ${price:,} and you have ${state.cash(seat):,}"
    return None


def why_no_building_this_turn(state: StadiumState) -> str | None:
    """Why nothing may be built in this turn at all (the first turn, or a building built or
    demolished already); None if something may."""
    if state.round == 1:
        return FIRST_TURN
    if state.built:
        return BUILT
    if state.demolished:
        return DEMOLISHED
    return None


def why_no_builds(state: StadiumState, seat: int) -> str | None:
    """Why `seat` can make no Build at all now, for a player to read; None if it can."""
    turn = why_no_building_this_turn(state)
    if turn:
        return turn
    if not state.land[seat]:
        return "you own no land to build on"
    undeveloped = state.land[seat] & ~state.developed
    if not undeveloped:
        return "all your land is built on: demolish a building or acquire land first"
    if not undeveloped & ~state.fresh:
        return f"{FRESH}: build on it from your next turn"
    prices = [
        building_price(state, seat, index)
        for index, card in enumerate(CARDS)
        if state.in_use[index] < card.copies
    ]
    if not prices:
        return "every building card is on the board"
    too_dear = beyond_cash("building card left", prices, state.cash(seat))
    if too_dear:
        return too_dear
    if legal_builds(state, seat):
        return None
    return (
        "no building you can pay for fits on your land: a building lies inside one "
        "block, faces a street and keeps to the block's zoning"
    )


@rules.plays(A.Build)
def do_Build(state: StadiumState, seat: int, action: A.Build) -> None:
    card = CARDS[action.card]
    spot = placement_of(action)
    price = building_price(state, seat, action.card)
    # built only thanks to a Zoning variance: it stands outside the block's class
    variance = action.card != STADIUM_INDEX and state.block_class[spot.block] not in (
        "",
        card.kind,
    )
    for venture in [
        v for v in state.held[seat] if venture_of(v).effect in ("cost_overrun", "zoning_variance")
    ]:
        state.held[seat].remove(venture)
        state.venture_discard.append(venture)
    building = Building(
        state.next_building,
        action.card,
        spot.row,
        spot.col,
        spot.facing,
        spot.block,
        spot.cells,
        seat,
        variance,
    )
    state.next_building += 1
    state.buildings[building.id] = building
    state.developed |= spot.cells
    state.in_use[action.card] += 1
    state.built = True
    if card.kind != "stadium" and not state.block_class[spot.block]:
        state.block_class[spot.block] = card.kind
    state._pay(seat, state.bank, price, f"built a {card.name}")
    state._say("builds", state.players[seat], card.name, building.id, price)
    if action.card == STADIUM_INDEX:
        state._finish((seat,), "builds the Sports Stadium")


def demolition_fee(state: StadiumState) -> int:
    return 0 if state.free_demolition else DEMOLITION


def why_no_demolition(state: StadiumState, seat: int, building: int) -> str | None:
    if state.demolished:
        return ONE_DEMOLITION
    if building not in state.buildings or state.buildings[building].owner != seat:
        return "you can demolish only your own buildings"
    if state.cash(seat) < demolition_fee(state):
        return f"demolition costs ${DEMOLITION:,}"
    return None


def why_no_demolitions(state: StadiumState, seat: int) -> str | None:
    """Why `seat` can demolish nothing now, for a player to read; None if it can."""
    if state.demolished:
        return ONE_DEMOLITION
    if not buildings_of(state, seat):
        return "you have no building to demolish"
    if state.cash(seat) < demolition_fee(state):
        return f"demolition costs ${demolition_fee(state):,} and you have ${state.cash(seat):,}"
    return None


@rules.plays(A.Demolish)
def do_Demolish(state: StadiumState, seat: int, action: A.Demolish) -> None:
    state.demolished = True
    state._pay(seat, state.bank, demolition_fee(state), "demolition")
    name = CARDS[state.buildings[action.building].card].name
    state._say("demolishes", state.players[seat], name, action.building, demolition_fee(state))
    remove_building(state, action.building)


def remove_building(state: StadiumState, building: int) -> None:
    """The building is gone; its land stays its owner's (undeveloped); a block left empty
    may take either class again."""
    gone = state.buildings.pop(building)
    state.developed &= ~gone.cells
    state.in_use[gone.card] -= 1
    if not state.developed & BLOCK_MASKS[gone.block]:
        state.block_class[gone.block] = ""


def could_build_anywhere(state: StadiumState) -> bool:
    """Whether any player could still put up a building on undeveloped land they hold, cash
    aside (the end when no further building can take place)."""
    for seat in range(state.n):
        free = state.land[seat] & ~state.developed if state.active[seat] else 0
        if not free:
            continue
        elsewhere = ~free
        for index, card in enumerate(CARDS):
            if state.in_use[index] < card.copies and any(
                not p.cells & elsewhere and not zoned_out(state, seat, index, p.block)
                for p in placements_of(card.id)
            ):
                return True
    return False
