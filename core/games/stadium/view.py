"""What one seat (or a spectator) may see of a Stadium game: everything but the order of the
Auction and Venture decks and the die to come (nothing else is hidden in this game)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, Protocol

from core.engine.decisions import AuctionView, TradeOffer
from core.engine.templates import BidRange, TradeOutcome
from core.engine.turns import StackView
from core.engine.views import Upto, ViewSchema, view_dataclass, view_of

from . import trading
from .actions import CODEC, Propose
from .board import CARDS, LOT_MASKS, LOTS
from .frames import ACRE_PRICE, AUCTION, BID_STEP, FRAMES
from .land import Building, building_value, price_with_overruns
from .sentences import SENTENCES

if TYPE_CHECKING:
    from .state import StadiumState


class Development(Protocol):
    """What follows from who holds which acres and what stands on them: for a view and a
    playout's sight alike (both subclass it), and for the bot that reads either."""

    if TYPE_CHECKING:

        @property
        def land(self) -> Sequence[int]: ...
        @property
        def developed(self) -> int: ...
        @property
        def buildings(self) -> Iterable[Building]: ...

    def parcel(self, holder: int, lot: int) -> int:
        """`holder`'s undeveloped acres in `lot` (the Bank is holder len(players))."""
        return LOT_MASKS[lot] & self.land[holder] & ~self.developed

    def parcels(self, holder: int) -> list[int]:
        return [lot.id for lot in LOTS if self.parcel(holder, lot.id)]

    def undeveloped_acres(self, seat: int) -> int:
        return (self.land[seat] & ~self.developed).bit_count()

    def acres_by_zone(self, seat: int) -> tuple[int, int, int]:
        """`seat`'s acres (built on or not) in zones 1, 2 and 3."""
        mine = self.land[seat]
        one, two, three = (
            sum((LOT_MASKS[lot.id] & mine).bit_count() for lot in LOTS if lot.zone == zone)
            for zone in (1, 2, 3)
        )
        return one, two, three

    def buildings_of(self, seat: int) -> tuple[Building, ...]:
        return tuple(b for b in self.buildings if b.owner == seat)

    def income(self, seat: int) -> int:
        return sum(CARDS[b.card].income for b in self.buildings_of(seat))


@view_dataclass
class StadiumView(StackView, Development):
    land: tuple[int, ...]  # each player's acres, a bit mask (row * WIDTH + col), the Bank's last
    buildings: tuple[Building, ...]
    block_class: tuple[str, ...]  # the zoning bylaw by block: "", residential or commercial
    in_use: tuple[int, ...]  # building cards on the board, by card
    crown_left: tuple[int, ...]  # the Crown lots whose Auction card is still to come (lot order)
    frozen: tuple[int, ...]  # Crown lots nobody bid on
    ventures_left: int  # Venture cards in the deck
    venture_discard: tuple[int, ...]
    held: tuple[tuple[int, ...], ...]  # Venture cards each player keeps face up until they apply
    venture_shown: int  # the Venture card picked this turn (0: none)
    die: int  # this turn's roll (0: not rolled yet)
    fresh: int  # the acres acquired this turn (a bit mask): nobody builds on them this turn
    built: bool  # the player whose turn it is has built this turn
    demolished: bool
    free_demolition: bool
    offers_made: tuple[TradeOffer[Propose], ...]  # the trade offers made this turn
    offered: tuple[tuple[str, int], ...]  # what a debtor has auctioned for the present debt
    offer_partners: tuple[int, ...]  # whom the viewer may make an offer to now (none: no offer)
    assets_history: Sequence[tuple[int, ...]]  # everyone's assets at each round's end (Upto)
    hidden_money = False

    DERIVED: ClassVar[tuple[str, ...]] = ("templates", "log")
    SENTENCES = SENTENCES

    @property
    def offers_left(self) -> None:
        """No limit: an offer is refused only when made twice in a turn."""
        return None

    @cached_property
    def templates(self) -> tuple[BidRange, ...]:
        """Any bid the viewer can pay, while an auction waits on them."""
        seat, auction = self.viewer, self.pending
        if (
            seat is None
            or seat not in self.to_act
            or type(auction) is not AuctionView
            or self.cash[seat] < auction.minimum
        ):
            return ()
        return (BidRange(auction.minimum, self.cash[seat], BID_STEP),)

    @cached_property
    def building_by_id(self) -> dict[int, Building]:
        """Each building on the board by its number."""
        return {b.id: b for b in self.buildings}

    @cached_property
    def developed(self) -> int:
        return sum(b.cells for b in self.buildings)

    @cached_property
    def assets(self) -> tuple[int, ...]:
        """Cash, undeveloped land at $20,000 an acre, buildings at construction value."""
        return tuple(
            self.cash[s]
            + ACRE_PRICE * self.undeveloped_acres(s)
            + sum(building_value(b) for b in self.buildings_of(s))
            for s in range(len(self.players))
        )

    def trade_outcome(self, proposer: int, offer: Propose) -> TradeOutcome:
        """Each side's change in assets: land at $20,000 an acre, buildings at their
        construction value, cash."""
        partner = offer.partner

        def worth(holder: int, lots: Iterable[int], buildings: Iterable[int], cash: int) -> int:
            return (
                cash
                + sum(ACRE_PRICE * self.parcel(holder, lot).bit_count() for lot in lots)
                + sum(building_value(b) for b in self.buildings if b.id in buildings)
            )

        change = worth(partner, offer.get_lots, offer.get_buildings, offer.get_cash) - worth(
            proposer, offer.give_lots, offer.give_buildings, offer.give_cash
        )
        return TradeOutcome(((proposer, change), (partner, -change)))

    def building_price(self, seat: int, card: int) -> int:
        """What the card costs `seat` now (Cost overrun cards held add 20% each)."""
        return price_with_overruns(card, self.held[seat])


def make_view(state: StadiumState, seat: int | None) -> StadiumView:
    return view_of(
        StadiumView,
        state.FIELDS.show(
            state,
            {
                **state.stack_view_fields(seat),
                "buildings": tuple(state.buildings.values()),
                "crown_left": tuple(sorted(state.crown_deck)),
                "ventures_left": len(state.venture_deck),
                "held": tuple(map(tuple, state.held)),
                "offer_partners": trading.offer_partners(state, seat) if seat is not None else (),
                "assets_history": Upto(state.round_ends),
            },
        ),
    )


SCHEMA = ViewSchema(
    StadiumView, CODEC, (*(f for f in FRAMES if f.kind != AUCTION), AuctionView, BidRange)
)
