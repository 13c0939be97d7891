"""Army's sales by the bank: buying a deed at its price or sending it to auction (anyone may
bid, the decliner too; bidding may start at any price), the auctions themselves, and debts:
raising what is owed, or bankruptcy to the creditor or to the bank (army_001.txt)."""

from __future__ import annotations

from dataclasses import replace

from core.engine.auction import BiddingRules, OpenAuction
from core.engine.decisions import AuctionLot, Placement

from .board import BARRACKS, SQUARES
from .cards import GET_OUT
from .frames import STORE, Move, Shortage


class SaleRules(BiddingRules):
    """Purchases, auctions, debts and bankruptcy, for ArmyState (whose fields they read)."""

    __slots__ = ()

    def _do_Buy(self, seat: int, _action) -> None:
        square = self.stack.pop().square
        price = SQUARES[square].price
        self._pay(seat, self.bank, price, f"bought {SQUARES[square].name}")
        self._change_board((square,), owner=seat)
        self._say("buys", self.players[seat], SQUARES[square].name, price)

    def _do_Decline(self, seat: int, _action) -> None:
        square = self.stack.pop().square
        self._say("declines", self.players[seat], SQUARES[square].name)
        self._open_auction(square, "", self._order_after(seat))

    def _open_auction(
        self, square: int, piece: str, bidders: tuple[int, ...], opening: int = 1
    ) -> None:
        self.stack.append(AuctionLot(OpenAuction(bidders, opening), square, piece))

    def _order_after(self, seat: int) -> tuple[int, ...]:
        """Every player still in, starting left of `seat` and ending with `seat`."""
        return self._order_from((seat + 1) % self.n)

    def _close_auction(self) -> None:
        lot = self.stack.pop()
        auction, square, piece = lot.auction, lot.square, lot.piece
        what = (
            SQUARES[square].name
            if square >= 0
            else f"an {piece}"
            if piece == STORE
            else f"a {piece}"
        )
        winner = auction.high_bidder
        shortage = self.stack[-1] if square < 0 and isinstance(self.stack[-1], Shortage) else None
        if winner is None:
            self._say("no-bids", what)
            if shortage:  # nobody wants one at any price: the shortage is over
                self.stack[-1] = replace(shortage, wants=())
            return
        self._pay(winner, self.bank, auction.high, f"auction: {what}")
        self._say("wins-auction", self.players[winner], what, auction.high)
        if square >= 0:
            self._change_board((square,), owner=winner)
            return
        if shortage:
            self.stack[-1] = replace(
                shortage, wants=tuple((p, n - (p == winner)) for p, n in shortage.wants)
            )
        self.stack.append(Placement(winner, piece))

    def _do_Bankrupt(self, seat: int, _action) -> None:
        debt = self._go_bankrupt(seat)
        creditor, amount, reason = debt.creditor, debt.amount, debt.reason
        self.prison_turn[seat] = -1
        self.stack = [f for f in self.stack if not (isinstance(f, Move) and f.mover == seat)]
        deeds = self.deeds_of(seat)
        refund = sum(self.building_refund(s) for s in deeds)
        for s in deeds:
            if self.level[s] == BARRACKS:
                self.barracks_left += 1
            else:
                self.stores_left += self.level[s]
        self._change_board(deeds, level=0)
        if creditor == self.bank:
            self._say("bankrupt-to-bank", self.players[seat], amount, reason)
            self._pay(seat, self.bank, self.cash(seat), "bankruptcy")
            for deck in (0, 1):
                if self.card_holder[deck] == seat:
                    self.card_holder[deck] = -1
                    self.decks[deck].append(GET_OUT[deck])
            self._change_board(deeds, owner=-1, mortgaged=False)
            self._sell_for_bank(deeds)
        else:
            self._say(
                "bankrupt-to-player", self.players[seat], amount, reason, self.players[creditor]
            )
            if refund:
                self._pay(self.bank, seat, refund, "buildings returned at half price")
            self._pay(seat, creditor, self.cash(seat), "bankruptcy")
            for deck in (0, 1):
                if self.card_holder[deck] == seat:
                    self.card_holder[deck] = creditor
            self._receive(creditor, deeds)
