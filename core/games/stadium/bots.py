"""A sensible Stadium bot that plays from its own view only.

It keeps a cash reserve against Venture cards; buys land where it would let it build the
biggest earner, next to its own and away from blocks others hold; bids at Crown auctions up to
what a lot is worth to it, builds the biggest earner it can afford, demolishes a building when
a bigger one could stand on the site it clears, picks a Venture card rather than turn up an
Auction card until it could pay for the Stadium, raises debts by auctioning its smallest
holdings first, and accepts a trade only when it gains by it.

Once it has the Stadium's price, it goes for it: on the 9x9 site where it holds most, it buys
the rest from the Bank and, generously, from the other players, clears its own buildings there
one a turn, and builds. It asks a premium for its own land from a rival who could pay for the
Stadium.

Two choices make it strong: land chosen by the building it makes room for, and a Venture card
rather than an Auction card. Three bots that chose land by nearness and stadium blocks, and
turned up Auction cards from $90,000 of cash, won 24 games in 96 against one player who buys
the first lot offered, picks Venture cards and builds the biggest earner at once (150 rounds;
their fair share is 72; seeds 5000-5095, seats rotating). Three of these win 85
(benchmarks/stadium_simple_player.py; `SimpleBot` below is that player).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache, reduce
from operator import or_
from typing import Protocol

from core.engine.actions import Action
from core.engine.decisions import AuctionView, Debt, Frame, TradeOffer

from . import actions as A
from .board import BLOCK_MASKS, CARDS, LOT_MASKS, LOTS, STADIUM, WIDTH
from .frames import (
    ACRE_PRICE,
    AUCTION,
    CROWN,
    DRAW,
    MAIN,
    TRADE,
    CrownOrVenture,
    LandChoice,
    Speculation,
)
from .land import Building, land_price, placement_of
from .placement import Placement, fitting, placements_of
from .view import Development, StadiumView

RESERVE = 30_000  # cash kept back for Venture cards
CROWN_PREMIUM = 1.2  # a Crown lot next to its land is worth this much more than Bank land
BARGAIN = 0.7  # at a debt sale it bids up to this share of what the item is worth
UPGRADE = 1.5  # a site is cleared only for a building earning this many times more
STADIUM_SITES = placements_of(STADIUM.id)
SITE_OFFER = 3.0  # it offers this many times what land and buildings on its site are worth
THREAT_PRICE = 2.5  # a rival who could build the Stadium pays at least this much for land


class Seen(Development, Protocol):
    """What the heuristic bot reads of what its seat sees: a `StadiumView`, or in a playout a
    `StadiumSight` (what follows from the land and buildings, `Development`'s, besides)."""

    @property
    def seat(self) -> int: ...
    @property
    def stage(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def pending(self) -> Frame | None: ...
    @property
    def round(self) -> int: ...
    @property
    def cash(self) -> Sequence[int]: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def active(self) -> Sequence[bool]: ...
    @property
    def building_by_id(self) -> Mapping[int, Building]: ...
    @property
    def block_class(self) -> Sequence[str]: ...
    @property
    def in_use(self) -> Sequence[int]: ...
    @property
    def frozen(self) -> Iterable[int]: ...
    @property
    def crown_left(self) -> Iterable[int]: ...
    @property
    def offer_partners(self) -> tuple[int, ...]: ...
    @property
    def offers_made(self) -> Sequence[TradeOffer[A.Propose]]: ...


@cache
def _spots_touching(lot: int) -> tuple[tuple[int, int, int, int], ...]:
    """(card, income, footprint, block) of every placement of a building (not the Stadium)
    that covers some of the lot, the biggest earners first."""
    return tuple(
        sorted(
            (
                (index, card.income, p.cells, p.block)
                for index, card in enumerate(CARDS)
                if card is not STADIUM
                for p in placements_of(card.id)
                if p.cells & LOT_MASKS[lot]
            ),
            key=lambda spot: -spot[1],
        )
    )


@cache
def _near(lot: int) -> int:
    """The acres some placement covering some of the lot covers (a bit mask)."""
    return reduce(or_, (cells for _, _, cells, _ in _spots_touching(lot)), 0)


@lru_cache(maxsize=1 << 14)
def _spots_fitting(lot: int, free: int) -> tuple[tuple[int, int, int], ...]:
    """(card, income, block) of the placements touching the lot that lie wholly on `free`
    acres (those near the lot alone), the biggest earners first."""
    return tuple(
        (index, income, block)
        for index, income, cells, block in _spots_touching(lot)
        if not cells & ~free
    )


def best_income_with(view: Seen, me: int, lot: int) -> int:
    """The income of the biggest earner `me` could build with the lot added to its undeveloped
    land (cards left, zoning), whatever the cash: what the lot is worth to it as a site."""
    free = ((view.land[me] & ~view.developed) | LOT_MASKS[lot]) & _near(lot)
    in_use, block_class = view.in_use, view.block_class
    for index, income, block in _spots_fitting(lot, free):
        if in_use[index] < CARDS[index].copies and block_class[block] in ("", CARDS[index].kind):
            return income
    return 0


def neighbours(cells: int) -> int:
    """The acres next to some of `cells` (the city's edge is street: wrapping does no harm)."""
    return (cells << 1) | (cells >> 1) | (cells << WIDTH) | (cells >> WIDTH)


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        """Deterministic, and it remembers nothing: a playout's bot may take over any position."""

    def choose(self, view: Seen, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me, frame = view.seat, view.pending
        kinds = {type(a): a for a in legal}
        if isinstance(frame, LandChoice):
            return (
                self._buy_bank_building(view, me, legal)
                or self._buy_land(view, me, legal)
                or kinds[A.NoLand]
            )
        if isinstance(frame, CrownOrVenture):
            # a Venture card pays better on the whole; once it could pay for the Stadium it turns
            # up Auction cards, so the deck runs out and a game without a round limit can end
            return kinds[A.DrawCrown] if view.cash[me] >= STADIUM.price else kinds[A.DrawVenture]
        if isinstance(frame, AuctionView):
            return self._bid(view, me, legal, frame)
        if isinstance(frame, Speculation):
            return self._speculate(view, me, legal, frame.price) or kinds[A.NoLand]
        if isinstance(frame, Debt):
            return min(legal, key=lambda a: self._worth_of(view, a))
        if isinstance(frame, TradeOffer):
            return (
                kinds[A.Accept]
                if A.Accept in kinds and self._fair(view, me, frame)
                else kinds[A.Reject]
            )
        if frame is None and view.stage == MAIN:
            return (
                self._stadium(view, me, legal)
                or self._build(view, me, legal)
                or self._demolish(view, me, legal)
                or kinds[A.EndTurn]
            )
        return legal[0]

    # -- land ----------------------------------------------------------------------------------

    def _lot_score(self, view: Seen, me: int, lot: int, site: int) -> float:
        """How much it wants `lot`: the building it would make room for ($1 a thousand of
        income), next to its land, in a block where it holds land and others hold little, on
        the stadium site it gathers (`site`, a mask)."""
        land, cells, block = view.land, LOT_MASKS[lot], BLOCK_MASKS[LOTS[lot].block]
        mine = land[me]
        others = 0  # the other players' acres (their holdings never overlap)
        for seat in range(len(view.players)):
            if seat != me:
                others |= land[seat]
        score = (
            3 * (neighbours(cells) & mine).bit_count()
            + min((mine & block).bit_count(), 12)
            - (others & block).bit_count()
            + cells.bit_count()
            + best_income_with(view, me, lot) / 1000
        )
        return score + (20 if site & cells else 0)

    def _buy_land(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        cash, bank = view.cash[me], len(view.players)
        buys = [
            a
            for a in legal
            if type(a) is A.BuyLot
            and cash - ACRE_PRICE * view.parcel(bank, a.lot).bit_count() >= RESERVE
        ]
        site = self._site(view, me)
        site_cells = site.cells if site else 0
        return max(buys, key=lambda a: self._lot_score(view, me, a.lot, site_cells), default=None)

    def _buy_bank_building(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        """A building of the Bank's costs only its land: the best earner it can pay for."""
        buildings = view.building_by_id
        buys = [
            a
            for a in legal
            if type(a) is A.BuyBuilding
            and view.cash[me] - land_price(buildings[a.building]) >= RESERVE
        ]
        return max(buys, key=lambda a: CARDS[buildings[a.building].card].income, default=None)

    def _speculate(self, view: Seen, me: int, legal: Sequence[Action], price: int) -> Action | None:
        buys = [
            a
            for a in legal
            if type(a) is A.Speculate
            and view.cash[me] - price * view.parcel(a.seller, a.lot).bit_count() >= RESERVE
            and neighbours(LOT_MASKS[a.lot]) & view.land[me]
        ]
        return max(buys, key=lambda a: self._lot_score(view, me, a.lot, 0), default=None)

    # -- auctions ------------------------------------------------------------------------------

    def _bid(self, view: Seen, me: int, legal: Sequence[Action], auction: AuctionView) -> Action:
        if auction.piece == CROWN:
            cells = LOT_MASKS[auction.square]
            worth = (
                ACRE_PRICE
                * cells.bit_count()
                * (CROWN_PREMIUM if neighbours(cells) & view.land[me] else 1.0)
            )
        else:
            worth = BARGAIN * self._item_worth(view, auction.square, auction.piece)
        bids = [
            a
            for a in legal
            if type(a) is A.Bid and a.amount <= worth and view.cash[me] - a.amount >= RESERVE
        ]
        return min(bids, key=lambda a: a.amount, default=legal[-1])  # legal[-1]: pass

    def _item_worth(self, view: Seen, item: int, piece: str) -> int:
        if piece in (CROWN, "land"):
            return ACRE_PRICE * LOT_MASKS[item].bit_count()
        building = view.building_by_id[item]
        return CARDS[building.card].price + ACRE_PRICE * building.cells.bit_count()

    def _worth_of(self, view: Seen, action: Action) -> int:
        """What a debt sale would give away (the least valuable goes first)."""
        if isinstance(action, A.AuctionLand):
            return ACRE_PRICE * view.parcel(view.seat, action.lot).bit_count()
        if isinstance(action, A.AuctionBuilding):
            return 2 * self._item_worth(view, action.building, "building")
        return 1 << 40  # bankruptcy, only when nothing is left

    def _value(
        self,
        view: Seen,
        lots: Iterable[int],
        buildings: Iterable[int],
        cash: int,
        holder: int,
    ) -> int:
        return (
            cash
            + sum(ACRE_PRICE * view.parcel(holder, lot).bit_count() for lot in lots)
            + sum(self._item_worth(view, b, "building") for b in buildings)
        )

    def _fair(self, view: Seen, me: int, trade: TradeOffer[A.Propose]) -> bool:
        """Whether to accept the offer waiting on it: it must gain by it, and much more from
        a rival rich enough to build the Stadium."""
        offer, proposer = trade.offer, trade.proposer
        given = self._value(view, offer.get_lots, offer.get_buildings, offer.get_cash, me)
        got = self._value(view, offer.give_lots, offer.give_buildings, offer.give_cash, proposer)
        if view.cash[proposer] >= STADIUM.price and (offer.get_lots or offer.get_buildings):
            return got >= THREAT_PRICE * given
        return got > given

    # -- the Stadium ---------------------------------------------------------------------------

    def _site(self, view: Seen, me: int) -> Placement | None:
        """The stadium site it goes for: where it holds most, once it has the Stadium's price
        (none while it cannot pay, or where a frozen Crown lot or a Crown card to come lies)."""
        if view.cash[me] < STADIUM.price or view.in_use[CARDS.index(STADIUM)]:
            return None
        blocked = sum(LOT_MASKS[lot] for lot in (*view.frozen, *view.crown_left))
        sites = [p for p in STADIUM_SITES if not p.cells & blocked]
        return max(
            sites,
            key=lambda p: ((p.cells & view.land[me]).bit_count(), -p.row, p.col),
            default=None,
        )

    def _stadium(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        """Build the Stadium if it may; else gather its site: offers for other players' land
        and buildings there, then its own buildings there cleared one a turn."""
        stadium = next((a for a in legal if type(a) is A.Build and CARDS[a.card] is STADIUM), None)
        site = self._site(view, me)
        if stadium or site is None:
            return stadium
        spare = view.cash[me] - STADIUM.price
        for other in range(len(view.players)):
            if (
                other == me
                or not view.active[other]
                or not site.cells & view.land[other]
                or any(made.offer.partner == other for made in view.offers_made)
                or other not in view.offer_partners
            ):
                continue
            lots = tuple(lot for lot in view.parcels(other) if LOT_MASKS[lot] & site.cells)
            buildings = tuple(b.id for b in view.buildings_of(other) if b.cells & site.cells)
            price = int(SITE_OFFER * self._value(view, lots, buildings, 0, other))
            if price <= spare:
                return A.Propose(other, give_cash=price, get_lots=lots, get_buildings=buildings)
        if site.cells & ~view.land[me]:
            return None  # not all of it is its own yet
        clear = [
            a
            for a in legal
            if type(a) is A.Demolish and view.building_by_id[a.building].cells & site.cells
        ]
        return clear[0] if clear else None

    # -- construction --------------------------------------------------------------------------

    def _build(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        cash = view.cash[me]
        site = self._site(view, me)
        keep = site.cells if site else 0  # not on the stadium site it is clearing
        builds = [
            a
            for a in legal
            if isinstance(a, A.Build)
            and cash - CARDS[a.card].price >= RESERVE
            and not (keep and placement_of(a).cells & keep)
        ]
        return max(builds, key=lambda a: (CARDS[a.card].income, -a.card), default=None)

    def _demolish(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        """Clear one of its buildings when a building earning far more could stand on land it
        holds once the buildings there are gone, and it could pay for it."""
        demolitions = {a.building: a for a in legal if type(a) is A.Demolish}
        if not demolitions:
            return None
        mine = view.buildings_of(me)
        built = sum(b.cells for b in mine)
        site = view.land[me] & ~(view.developed & ~built)
        best, best_gain = None, 0.0
        for index, card in enumerate(CARDS):
            if (
                view.in_use[index] >= card.copies
                or card.price + RESERVE > view.cash[me]
                or card.kind == "stadium"
                or card.income <= best_gain  # it could not gain more than that
            ):
                continue
            for p in fitting(card.id, site):
                if not p.cells & built:
                    continue
                covered = [b for b in mine if b.cells & p.cells]
                if any(b.cells & ~p.cells for b in covered):
                    continue
                zone = view.block_class[p.block]
                if (
                    zone
                    and zone != card.kind
                    and len(covered) < len([b for b in view.buildings if b.block == p.block])
                ):
                    continue
                earning = sum(CARDS[b.card].income for b in covered)
                gain = card.income - UPGRADE * earning
                if gain > best_gain:
                    best, best_gain = min(covered, key=lambda b: CARDS[b.card].income), gain
        return demolitions.get(best.id) if best else None


class SimpleBot:
    """A simple player, the yardstick of the heuristic bot: buys the first lot (or the Bank's
    building) offered, picks a Venture card, passes at auctions, refuses trades and builds the
    biggest earner the moment it can (as a person pressing Enter, v, p, n, and b then Enter,
    plays)."""

    TAKES = {DRAW: A.DrawVenture, AUCTION: A.Pass, TRADE: A.Reject}

    def choose(self, view: StadiumView, legal: Sequence[Action]) -> Action:
        wanted = self.TAKES.get(view.phase)
        if wanted is not None:
            return next(a for a in legal if type(a) is wanted)
        builds = [a for a in legal if type(a) is A.Build]
        if builds:
            return max(builds, key=lambda a: CARDS[a.card].income)
        return next(
            (a for a in legal if type(a) in (A.BuyLot, A.BuyBuilding)),
            next((a for a in legal if type(a) in (A.NoLand, A.EndTurn)), legal[0]),
        )
