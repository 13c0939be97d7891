"""Stadium's sales: Bank land at $20,000 an acre, Crown Land auctions (the drawer opens at the
card's minimum, then to the left, in $10,000 steps; unsold, the lot is frozen for good), the
Speculator's forced sale, selling to pay a debt by auction to the other players, and bankruptcy
(undeveloped land back to the Bank, buildings auctioned one by one for the Bank)
(the Stadium rulebook).

A bankrupt's building nobody bids for "remains in place": it stands, the Bank's, earning nobody
anything, and is sold with the land under it, at the Bank's land price ($20,000 an acre), to a
player whose throw lets them buy land in its zone (any zone on a 4). The rulebook is silent on
such a building; this is our ruling (docs/games/stadium.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.engine import debts
from core.engine.auction import OpenAuction
from core.engine.decisions import AuctionLot, Debt

from . import actions as A
from . import land, ventures
from .actions import lot_name
from .board import BLOCKS, CARDS, LOTS
from .frames import ACRE_PRICE, BANK_BUILDING, BID_STEP, BUILDING, CROWN, LAND, Speculation
from .land import acres, beyond_cash, land_price
from .rules import rules

if TYPE_CHECKING:
    from .state import StadiumState


def lot_price(
    state: StadiumState, lot: int, holder: int | None = None, per_acre: int = ACRE_PRICE
) -> int:
    """What the Bank's (or `holder`'s) part of `lot` costs at `per_acre`."""
    return per_acre * acres(land.parcel(state, state.bank if holder is None else holder, lot))


def why_no_lots(state: StadiumState, seat: int, zone: int) -> str | None:
    """Why `seat` can buy no lot of the Bank land for sale in `zone` (0: any zone), or
    None if it can (the game offers land only where the Bank has some)."""
    where = f"in zone {zone}" if zone else "anywhere"
    return beyond_cash(
        f"lot of Bank land {where}",
        [ACRE_PRICE * cells.bit_count() for _, cells in land.bank_parcels(state, zone)]
        + [land_price(b) for b in land.bank_buildings(state, zone)],
        state.cash(seat),
    )


def why_no_bank_building(state: StadiumState, seat: int, building: int, zone: int) -> str | None:
    """Why `seat` may not buy the Bank's `building` on a throw for `zone`; None if it may."""
    held = state.buildings.get(building)
    if held is None or held.owner != state.bank:
        return f"building #{building} is not the Bank's"
    if zone and BLOCKS[held.block].zone != zone:
        return f"your throw lets you buy in zone {zone} only"
    if land_price(held) > state.cash(seat):
        return f"it costs ${land_price(held):,} and you have ${state.cash(seat):,}"
    return None


def why_no_speculation(state: StadiumState, seat: int, per_acre: int) -> str | None:
    """Why the Speculator card lets `seat` take none of the other players' undeveloped
    lots at `per_acre`, or None if it can (the card asks only when there are some)."""
    return beyond_cash(
        "lot another player holds",
        [
            lot_price(state, lot, seller, per_acre)
            for lot, seller in ventures.speculation_lots(state, seat, per_acre, True)
        ],
        state.cash(seat),
    )


@rules.plays(A.BuyLot)
def do_BuyLot(state: StadiumState, seat: int, action: A.BuyLot) -> None:
    state.stack.pop()
    price = lot_price(state, action.lot)
    state._pay(seat, state.bank, price, f"bought {lot_name(action.lot)}")
    state._say(
        "buys-land",
        state.players[seat],
        lot_name(action.lot),
        acres(land.parcel(state, state.bank, action.lot)),
        price,
    )
    land.move_land(state, land.parcel(state, state.bank, action.lot), seat)


@rules.plays(A.BuyBuilding)
def do_BuyBuilding(state: StadiumState, seat: int, action: A.BuyBuilding) -> None:
    state.stack.pop()
    building = state.buildings[action.building]
    price, name = land_price(building), CARDS[building.card].name
    state._pay(seat, state.bank, price, f"bought the Bank's {name} #{building.id}")
    state._say(
        "buys-building", state.players[seat], name, building.id, acres(building.cells), price
    )
    hand_over(state, building.id, seat)


@rules.plays(A.NoLand)
def do_NoLand(state: StadiumState, seat: int, _action: A.NoLand) -> None:
    state.stack.pop()
    state._say("buys-no-land", state.players[seat])


@rules.plays(A.Speculate)
def do_Speculate(state: StadiumState, seat: int, action: A.Speculate) -> None:
    frame = state.answered(Speculation)
    cells = land.parcel(state, action.seller, action.lot)
    price = frame.price * acres(cells)
    state._pay(seat, action.seller, price, f"Speculator: {lot_name(action.lot)}")
    state._say(
        "speculates",
        state.players[seat],
        lot_name(action.lot),
        state.players[action.seller],
        price,
    )
    land.move_land(state, cells, seat)


def open_auction(
    state: StadiumState, bidders: tuple[int, ...], opening: int, item: int, piece: str
) -> None:
    state.stack.append(AuctionLot(OpenAuction(bidders, opening, BID_STEP), item, piece))


@rules.plays(A.DrawCrown)
def do_DrawCrown(state: StadiumState, seat: int, _action: A.DrawCrown) -> None:
    state.stack.pop()
    lot = state.crown_deck.pop()
    state._reveal()
    state._say("crown-card", state.players[seat], lot_name(lot), LOTS[lot].acres, LOTS[lot].minimum)
    open_auction(state, state._order_from(seat), LOTS[lot].minimum, lot, CROWN)


def auction_item(state: StadiumState, frame: AuctionLot) -> str:
    """What an auction sells, for a player to read."""
    if frame.piece in (CROWN, LAND):
        return lot_name(frame.square)
    return f"{CARDS[state.buildings[frame.square].card].name} #{frame.square}"


def close_auction(state: StadiumState) -> None:
    frame = state.answered(AuctionLot)
    auction, item, piece = frame.auction, frame.square, frame.piece
    what, winner = auction_item(state, frame), auction.high_bidder
    if winner is None:
        unsold(state, item, piece, what)
        return
    seller = state.bank if piece in (CROWN, BANK_BUILDING) else state.waiting(Debt).debtor
    state._pay(winner, seller, auction.high, f"auction: {what}")
    state._say("wins-auction", state.players[winner], what, auction.high)
    if piece in (CROWN, LAND):
        land.move_land(
            state, land.parcel(state, state.bank if piece == CROWN else seller, item), winner
        )
    else:
        hand_over(state, item, winner)


def unsold(state: StadiumState, item: int, piece: str, what: str) -> None:
    if piece == CROWN:
        state.frozen.append(item)
        state._say("crown-frozen", what)
    elif piece == BANK_BUILDING:  # nobody wants it: it stands, the Bank's, until sold
        building = state.buildings[item]
        state._say("bank-keeps", what, BLOCKS[building.block].zone, land_price(building))
        hand_over(state, item, state.bank)
    else:
        state._say("no-bids", what)


def hand_over(state: StadiumState, building: int, taker: int) -> None:
    """A building and the land under it change hands (its returns go to the new owner)."""
    old = state.buildings[building]
    state.buildings[building] = replace(old, owner=taker)
    land.move_land(state, old.cells, taker)


def offerable(state: StadiumState, seat: int) -> tuple[list[int], list[int]]:
    """(lots, buildings) the debtor may still auction for this debt: each once."""
    lots = [lot for lot in land.parcels(state, seat) if (LAND, lot) not in state.offered]
    buildings = [
        b.id for b in land.buildings_of(state, seat) if (BUILDING, b.id) not in state.offered
    ]
    return lots, buildings


def settle_debt(state: StadiumState) -> bool:
    """A debt paid by itself once the cash is there: the next debt starts with nothing
    offered."""
    paid = debts.settle_debt(state)
    if paid:
        state.offered = ()
    return paid


def debt_sale(state: StadiumState, seat: int, item: int, piece: str) -> None:
    state.offered = (*state.offered, (piece, item))
    others = state._order_from((seat + 1) % state.n)
    open_auction(state, tuple(s for s in others if s != seat), BID_STEP, item, piece)
    state._say("debt-sale", state.players[seat], auction_item(state, state.waiting(AuctionLot)))


@rules.plays(A.AuctionLand)
def do_AuctionLand(state: StadiumState, seat: int, action: A.AuctionLand) -> None:
    debt_sale(state, seat, action.lot, LAND)


@rules.plays(A.AuctionBuilding)
def do_AuctionBuilding(state: StadiumState, seat: int, action: A.AuctionBuilding) -> None:
    debt_sale(state, seat, action.building, BUILDING)


@rules.plays(A.Bankrupt)
def do_Bankrupt(state: StadiumState, seat: int, _action: A.Bankrupt) -> None:
    debt = debts.go_bankrupt(state, seat)
    state.offered = ()
    state._say("bankrupt", state.players[seat], debt.amount, debt.reason)
    state._pay(seat, state.bank, state.cash(seat), "bankruptcy")
    state.venture_discard += state.held[seat]
    state.held[seat] = []
    land.move_land(state, state.land[seat] & ~state.developed, state.bank)
    debts.sell_for_bank(state, [b.id for b in land.buildings_of(state, seat)])


def bank_auction(state: StadiumState, building: int) -> None:
    """A bankrupt's building goes up for auction, the proceeds to the Bank."""
    open_auction(state, state._order_from(state.turn), BID_STEP, building, BANK_BUILDING)
