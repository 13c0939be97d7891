"""Stadium's sales: Bank land at $20,000 an acre, Crown Land auctions (the drawer opens at the
card's minimum, then to the left, in $10,000 steps; unsold, the lot is frozen for good), the
Speculator's forced sale, selling to pay a debt by auction to the other players, and bankruptcy
(undeveloped land back to the Bank, buildings auctioned one by one for the Bank)
(stadium_003.txt).

A bankrupt's building nobody bids for "remains in place": it stands, the Bank's, earning nobody
anything, and is sold with the land under it, at the Bank's land price ($20,000 an acre), to a
player whose throw lets them buy land in its zone (any zone on a 4). The rulebook is silent on
such a building; this is the README's ruling."""

from __future__ import annotations

from dataclasses import replace

from core.engine.auction import BiddingRules, OpenAuction
from core.engine.decisions import AuctionLot

from .actions import lot_name
from .board import BLOCKS, CARDS, LOTS
from .frames import ACRE_PRICE, BANK_BUILDING, BID_STEP, BUILDING, CROWN, LAND
from .land import acres, beyond_cash, land_price


class SaleRules(BiddingRules):
    """Purchases, auctions, debts and bankruptcy, for StadiumState (whose fields they read)."""

    __slots__ = ()

    # -- Bank land -----------------------------------------------------------------------------

    def lot_price(self, lot: int, holder: int | None = None, per_acre: int = ACRE_PRICE) -> int:
        """What the Bank's (or `holder`'s) part of `lot` costs at `per_acre`."""
        return per_acre * acres(self.parcel(self.bank if holder is None else holder, lot))

    def why_no_lots(self, seat: int, zone: int) -> str | None:
        """Why `seat` can buy no lot of the Bank land for sale in `zone` (0: any zone), or
        None if it can (the game offers land only where the Bank has some)."""
        where = f"in zone {zone}" if zone else "anywhere"
        return beyond_cash(
            f"lot of Bank land {where}",
            [ACRE_PRICE * cells.bit_count() for _, cells in self.bank_parcels(zone)]
            + [land_price(b) for b in self.bank_buildings(zone)],
            self.cash(seat),
        )

    def why_no_bank_building(self, seat: int, building: int, zone: int) -> str | None:
        """Why `seat` may not buy the Bank's `building` on a throw for `zone`; None if it may."""
        held = self.buildings.get(building)
        if held is None or held.owner != self.bank:
            return f"building #{building} is not the Bank's"
        if zone and BLOCKS[held.block].zone != zone:
            return f"your throw lets you buy in zone {zone} only"
        if land_price(held) > self.cash(seat):
            return f"it costs ${land_price(held):,} and you have ${self.cash(seat):,}"
        return None

    def why_no_speculation(self, seat: int, per_acre: int) -> str | None:
        """Why the Speculator card lets `seat` take none of the other players' undeveloped
        lots at `per_acre`, or None if it can (the card asks only when there are some)."""
        return beyond_cash(
            "lot another player holds",
            [
                self.lot_price(lot, seller, per_acre)
                for lot, seller in self.speculation_lots(seat, per_acre, True)
            ],
            self.cash(seat),
        )

    def _do_BuyLot(self, seat: int, action) -> None:
        self.stack.pop()
        price = self.lot_price(action.lot)
        self._pay(seat, self.bank, price, f"bought {lot_name(action.lot)}")
        self._say(
            "buys-land",
            self.players[seat],
            lot_name(action.lot),
            acres(self.parcel(self.bank, action.lot)),
            price,
        )
        self._move_land(self.parcel(self.bank, action.lot), seat)

    def _do_BuyBuilding(self, seat: int, action) -> None:
        self.stack.pop()
        building = self.buildings[action.building]
        price, name = land_price(building), CARDS[building.card].name
        self._pay(seat, self.bank, price, f"bought the Bank's {name} #{building.id}")
        self._say(
            "buys-building", self.players[seat], name, building.id, acres(building.cells), price
        )
        self._hand_over(building.id, seat)

    def _do_NoLand(self, seat: int, _action) -> None:
        self.stack.pop()
        self._say("buys-no-land", self.players[seat])

    def _do_Speculate(self, seat: int, action) -> None:
        frame = self.stack.pop()
        cells = self.parcel(action.seller, action.lot)
        price = frame.price * acres(cells)
        self._pay(seat, action.seller, price, f"Speculator: {lot_name(action.lot)}")
        self._say(
            "speculates",
            self.players[seat],
            lot_name(action.lot),
            self.players[action.seller],
            price,
        )
        self._move_land(cells, seat)

    # -- auctions ------------------------------------------------------------------------------

    def _open_auction(self, bidders: tuple[int, ...], opening: int, item: int, piece: str) -> None:
        self.stack.append(AuctionLot(OpenAuction(bidders, opening, BID_STEP), item, piece))

    def _do_DrawCrown(self, seat: int, _action) -> None:
        self.stack.pop()
        lot = self.crown_deck.pop()
        self._reveal()
        self._say(
            "crown-card", self.players[seat], lot_name(lot), LOTS[lot].acres, LOTS[lot].minimum
        )
        self._open_auction(self._order_from(seat), LOTS[lot].minimum, lot, CROWN)

    def auction_item(self, frame: AuctionLot) -> str:
        """What an auction sells, for a player to read."""
        if frame.piece in (CROWN, LAND):
            return lot_name(frame.square)
        return f"{CARDS[self.buildings[frame.square].card].name} #{frame.square}"

    def _close_auction(self) -> None:
        frame = self.stack.pop()
        auction, item, piece = frame.auction, frame.square, frame.piece
        what, winner = self.auction_item(frame), auction.high_bidder
        if winner is None:
            self._unsold(item, piece, what)
            return
        seller = self.bank if piece in (CROWN, BANK_BUILDING) else self.stack[-1].debtor
        self._pay(winner, seller, auction.high, f"auction: {what}")
        self._say("wins-auction", self.players[winner], what, auction.high)
        if piece in (CROWN, LAND):
            self._move_land(self.parcel(self.bank if piece == CROWN else seller, item), winner)
        else:
            self._hand_over(item, winner)

    def _unsold(self, item: int, piece: str, what: str) -> None:
        if piece == CROWN:
            self.frozen.append(item)
            self._say("crown-frozen", what)
        elif piece == BANK_BUILDING:  # nobody wants it: it stands, the Bank's, until sold
            building = self.buildings[item]
            self._say("bank-keeps", what, BLOCKS[building.block].zone, land_price(building))
            self._hand_over(item, self.bank)
        else:
            self._say("no-bids", what)

    def _hand_over(self, building: int, taker: int) -> None:
        """A building and the land under it change hands (its returns go to the new owner)."""
        old = self.buildings[building]
        self.buildings[building] = replace(old, owner=taker)
        self._move_land(old.cells, taker)

    # -- debts and bankruptcy ------------------------------------------------------------------

    def offerable(self, seat: int) -> tuple[list[int], list[int]]:
        """(lots, buildings) the debtor may still auction for this debt: each once."""
        lots = [lot for lot in self.parcels(seat) if (LAND, lot) not in self.offered]
        buildings = [b.id for b in self.buildings_of(seat) if (BUILDING, b.id) not in self.offered]
        return lots, buildings

    def _settle_debt(self) -> bool:
        """A debt paid by itself once the cash is there: the next debt starts with nothing
        offered."""
        paid = super()._settle_debt()
        if paid:
            self.offered = ()
        return paid

    def _debt_sale(self, seat: int, item: int, piece: str) -> None:
        self.offered = (*self.offered, (piece, item))
        others = self._order_from((seat + 1) % self.n)
        self._open_auction(tuple(s for s in others if s != seat), BID_STEP, item, piece)
        self._say("debt-sale", self.players[seat], self.auction_item(self.stack[-1]))

    def _do_AuctionLand(self, seat: int, action) -> None:
        self._debt_sale(seat, action.lot, LAND)

    def _do_AuctionBuilding(self, seat: int, action) -> None:
        self._debt_sale(seat, action.building, BUILDING)

    def _do_Bankrupt(self, seat: int, _action) -> None:
        debt = self._go_bankrupt(seat)
        self.offered = ()
        self._say("bankrupt", self.players[seat], debt.amount, debt.reason)
        self._pay(seat, self.bank, self.cash(seat), "bankruptcy")
        self.venture_discard += self.held[seat]
        self.held[seat] = []
        self._move_land(self.land[seat] & ~self.developed, self.bank)
        self._sell_for_bank([b.id for b in self.buildings_of(seat)])

    def _bank_auction(self, building: int) -> None:
        """A bankrupt's building goes up for auction, the proceeds to the Bank."""
        self._open_auction(self._order_from(self.turn), BID_STEP, building, BANK_BUILDING)
