"""Stadium's land and buildings: who owns which acre, Bank land for sale, construction (land,
frontage, zoning, the card supply, land acquired this turn), demolition, and what a player's
holdings are worth (stadium_003.txt).

Ownership is kept per acre as bit masks (`land[seat]`, the Bank's last), so that a lot may be
split when a building covers part of it: a player's undeveloped part of a lot is their parcel of
it, bought, sold and auctioned in one piece.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from .placement import FACINGS, placement_at, placements_of, shape_fault

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


def price_with_overruns(card: int, held) -> int:
    """A card's price, 20% more for each Cost overrun card among the builder's `held`."""
    overruns = sum(venture_of(v).effect == "cost_overrun" for v in held)
    return CARDS[card].price * (100 + 20 * overruns) // 100


def beyond_cash(what: str, prices, cash: int) -> str | None:
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


class LandRules:
    """Land, construction and demolition, for StadiumState (whose fields they read)."""

    __slots__ = ()

    # -- land ----------------------------------------------------------------------------------

    def parcel(self, holder: int, lot: int) -> int:
        """The acres of `lot` that `holder` owns and has not built on (0 if none)."""
        return LOT_MASKS[lot] & self.land[holder] & ~self.developed

    def parcels(self, holder: int) -> list[int]:
        """The lots in which `holder` has undeveloped land."""
        free = self.land[holder] & ~self.developed
        return [lot for lot, cells in enumerate(LOT_MASKS) if cells & free]

    def bank_land(self) -> int:
        """The acres the Bank sells: its undeveloped land but for Crown lots not yet
        auctioned and frozen ones."""
        withheld = 0
        for lot in (*self.crown_deck, *self.frozen):
            withheld |= LOT_MASKS[lot]
        return self.land[self.bank] & ~self.developed & ~withheld

    def for_sale(self, lot: int) -> bool:
        """Whether the Bank sells (part of) `lot`."""
        return bool(LOT_MASKS[lot] & self.bank_land())

    def sells_land(self, zone: int) -> bool:
        """Whether the Bank has land for sale in `zone` (0: any zone), bare or under a building
        of its own."""
        return bool(ZONE_MASKS[zone] & self.bank_land()) or bool(self.bank_buildings(zone))

    def bank_buildings(self, zone: int) -> list[Building]:
        """The buildings the Bank holds in `zone` (0: any zone): a bankrupt's that nobody bought
        at auction, standing and earning nothing until sold with the land under them."""
        return [
            b
            for b in self.buildings.values()
            if b.owner == self.bank and (not zone or BLOCKS[b.block].zone == zone)
        ]

    def bank_parcels(self, zone: int) -> list[tuple[int, int]]:
        """(lot, acres for sale as a bit mask) of each lot of Bank land for sale in `zone`."""
        free = self.bank_land()
        return [
            (lot.id, LOT_MASKS[lot.id] & free)
            for lot in LOTS
            if (not zone or lot.zone == zone) and LOT_MASKS[lot.id] & free
        ]

    def _move_land(self, cells: int, taker: int) -> None:
        """Acres change hands; a player cannot build on what they acquired this turn."""
        for holder in range(self.n + 1):
            self.land[holder] &= ~cells
        self.land[taker] |= cells
        if taker != self.bank:
            self.fresh |= cells

    def undeveloped_acres(self, seat: int) -> int:
        return acres(self.land[seat] & ~self.developed)

    def buildings_of(self, seat: int) -> list[Building]:
        return [b for b in self.buildings.values() if b.owner == seat]

    def income(self, seat: int) -> int:
        return sum(CARDS[b.card].income for b in self.buildings.values() if b.owner == seat)

    def assets(self, seat: int) -> int:
        """Cash, undeveloped land at $20,000 an acre and buildings at their construction value
        (the rulebook's final valuation)."""
        return (
            self.cash(seat)
            + ACRE_PRICE * self.undeveloped_acres(seat)
            + sum(building_value(b) for b in self.buildings.values() if b.owner == seat)
        )

    # -- construction --------------------------------------------------------------------------

    def building_price(self, seat: int, card: int) -> int:
        return price_with_overruns(card, self.held[seat])

    def has_variance(self, seat: int) -> bool:
        return any(venture_of(v).effect == "zoning_variance" for v in self.held[seat])

    def zoned_out(self, seat: int, card: int, block: int) -> bool:
        """Whether the zoning bylaw forbids the card in the block (the stadium is exempt)."""
        zone = self.block_class[block]
        return (
            card != STADIUM_INDEX
            and zone not in ("", CARDS[card].kind)
            and not self.has_variance(seat)
        )

    def buildable(self, seat: int) -> int:
        """The acres `seat` may build on now: their undeveloped land not acquired this turn."""
        return self.land[seat] & ~self.developed & ~self.fresh

    def legal_builds(self, seat: int) -> list:
        """Every Build `seat` may make now (one per placement that fits)."""
        if self.built or self.demolished or self.round == 1:
            return []
        free, cash, found = self.buildable(seat), self.cash(seat), []
        if not free:
            return found
        elsewhere = ~free
        for index, card in enumerate(CARDS):
            if self.in_use[index] >= card.copies or self.building_price(seat, index) > cash:
                continue
            for p in placements_of(card.id):
                if not p.cells & elsewhere and not self.zoned_out(seat, index, p.block):
                    found.append(A.Build(index, p.row, p.col, FACINGS.index(p.facing)))
        return found

    def why_no_build(self, seat: int, action) -> str | None:
        """Why `seat` may not make this Build now, for a player to read; None if they may."""
        if not 0 <= action.card < len(CARDS) or not 0 <= action.facing < len(FACINGS):
            return "there is no such building card"
        if self.round == 1:
            return FIRST_TURN
        if self.built:
            return BUILT
        if self.demolished:
            return DEMOLISHED
        card = CARDS[action.card]
        facing = FACINGS[action.facing]
        spot = placement_at(card.id, action.row, action.col, facing)
        if spot is None:
            return shape_fault(card, action.row, action.col, facing)
        mine = spot.cells & self.land[seat]
        if mine != spot.cells:
            return "you can build only on your own land"
        if spot.cells & self.developed:
            return "there is a building there: demolish it first (it is cleared next turn)"
        if spot.cells & self.fresh:
            return FRESH
        if self.zoned_out(seat, action.card, spot.block):
            return f"zoning: this block is {self.block_class[spot.block]}"
        if self.in_use[action.card] >= card.copies:
            return f"every {card.name} card of that size is on the board"
        price = self.building_price(seat, action.card)
        if price > self.cash(seat):
            return f"it costs ${price:,} and you have ${self.cash(seat):,}"
        return None

    def why_no_builds(self, seat: int) -> str | None:
        """Why `seat` can make no Build at all now, for a player to read; None if it can."""
        if self.round == 1:
            return FIRST_TURN
        if self.built:
            return BUILT
        if self.demolished:
            return DEMOLISHED
        if not self.land[seat]:
            return "you own no land to build on"
        undeveloped = self.land[seat] & ~self.developed
        if not undeveloped:
            return "all your land is built on: demolish a building or acquire land first"
        if not undeveloped & ~self.fresh:
            return f"{FRESH}: build on it from your next turn"
        prices = [
            self.building_price(seat, index)
            for index, card in enumerate(CARDS)
            if self.in_use[index] < card.copies
        ]
        if not prices:
            return "every building card is on the board"
        too_dear = beyond_cash("building card left", prices, self.cash(seat))
        if too_dear:
            return too_dear
        if self.legal_builds(seat):
            return None
        return (
            "no building you can pay for fits on your land: a building lies inside one "
            "block, faces a street and keeps to the block's zoning"
        )

    def _do_Build(self, seat: int, action) -> None:
        card = CARDS[action.card]
        spot = placement_at(card.id, action.row, action.col, FACINGS[action.facing])
        price = self.building_price(seat, action.card)
        # built only thanks to a Zoning variance: it stands outside the block's class
        variance = action.card != STADIUM_INDEX and self.block_class[spot.block] not in (
            "",
            card.kind,
        )
        for venture in [
            v
            for v in self.held[seat]
            if venture_of(v).effect in ("cost_overrun", "zoning_variance")
        ]:
            self.held[seat].remove(venture)
            self.venture_discard.append(venture)
        building = Building(
            self.next_building,
            action.card,
            spot.row,
            spot.col,
            spot.facing,
            spot.block,
            spot.cells,
            seat,
            variance,
        )
        self.next_building += 1
        self.buildings[building.id] = building
        self.developed |= spot.cells
        self.in_use[action.card] += 1
        self.built = True
        if card.kind != "stadium" and not self.block_class[spot.block]:
            self.block_class[spot.block] = card.kind
        self._pay(seat, self.bank, price, f"built a {card.name}")
        self._say("builds", self.players[seat], card.name, building.id, price)
        if action.card == STADIUM_INDEX:
            self._finish((seat,), "builds the Sports Stadium")

    # -- demolition ----------------------------------------------------------------------------

    def demolition_fee(self) -> int:
        return 0 if self.free_demolition else DEMOLITION

    def why_no_demolition(self, seat: int, building: int) -> str | None:
        if self.demolished:
            return ONE_DEMOLITION
        if building not in self.buildings or self.buildings[building].owner != seat:
            return "you can demolish only your own buildings"
        if self.cash(seat) < self.demolition_fee():
            return f"demolition costs ${DEMOLITION:,}"
        return None

    def why_no_demolitions(self, seat: int) -> str | None:
        """Why `seat` can demolish nothing now, for a player to read; None if it can."""
        if self.demolished:
            return ONE_DEMOLITION
        if not self.buildings_of(seat):
            return "you have no building to demolish"
        if self.cash(seat) < self.demolition_fee():
            return f"demolition costs ${self.demolition_fee():,} and you have ${self.cash(seat):,}"
        return None

    def _do_Demolish(self, seat: int, action) -> None:
        self.demolished = True
        self._pay(seat, self.bank, self.demolition_fee(), "demolition")
        name = CARDS[self.buildings[action.building].card].name
        self._say("demolishes", self.players[seat], name, action.building, self.demolition_fee())
        self._remove_building(action.building)

    def _remove_building(self, building: int) -> None:
        """The building is gone; its land stays its owner's (undeveloped); a block left empty
        may take either class again."""
        gone = self.buildings.pop(building)
        self.developed &= ~gone.cells
        self.in_use[gone.card] -= 1
        if not self.developed & BLOCK_MASKS[gone.block]:
            self.block_class[gone.block] = ""

    def could_build_anywhere(self) -> bool:
        """Whether any player could still put up a building on undeveloped land they hold, cash
        aside (the end when no further building can take place)."""
        for seat in range(self.n):
            free = self.land[seat] & ~self.developed if self.active[seat] else 0
            if not free:
                continue
            elsewhere = ~free
            for index, card in enumerate(CARDS):
                if self.in_use[index] < card.copies and any(
                    not p.cells & elsewhere and not self.zoned_out(seat, index, p.block)
                    for p in placements_of(card.id)
                ):
                    return True
        return False
