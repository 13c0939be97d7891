"""Stadium's legal actions and the reasons for refusing others: what each situation (the top
frame, else the turn's stage) admits, in a fixed order, and a reason a person can read for
anything else (stadium_003.txt). Builds come out of the placement generator already legal."""

from __future__ import annotations

from core.engine.chance import DIE, Chance
from core.engine.errors import NOT_YOUR_TURN

from . import actions as A
from .board import LOTS
from .frames import (
    ACRE_PRICE,
    ANSWERS,
    AUCTION,
    BID_STEP,
    DEBT,
    DRAW,
    LAND_CHOICE,
    MAIN,
    OVER,
    ROLL,
    SPECULATE,
    WHAT_NOW,
)
from .land import land_price

ROLL_ANSWERS = (A.Roll(),)
DRAW_ANSWERS = (A.DrawCrown(), A.DrawVenture())
TRADE_ANSWERS = (A.Accept(), A.Reject())
BID_RAISES = (0, BID_STEP, 5 * BID_STEP, 10 * BID_STEP)  # the bids listed above the lowest


class LegalityRules:
    """Legal actions and reasons, for StadiumState (whose fields they read)."""

    __slots__ = ()

    def situation(self) -> str:
        frame = self.top()
        return frame.kind if frame else self.stage

    def legal_actions(self, seat: int) -> list:
        if seat != self.actor():
            return []
        frame, kind = self.top(), self.situation()
        cash = self.cash(seat)
        if kind == ROLL:
            return list(ROLL_ANSWERS)
        if kind == MAIN:
            demolitions = (
                [A.Demolish(b.id) for b in self.buildings_of(seat)]
                if not self.demolished and cash >= self.demolition_fee()
                else []
            )
            return [*self.legal_builds(seat), *demolitions, A.EndTurn()]
        if kind == LAND_CHOICE:
            return (
                [
                    A.BuyLot(lot)
                    for lot, cells in self.bank_parcels(frame.zone)
                    if ACRE_PRICE * cells.bit_count() <= cash
                ]
                + [
                    A.BuyBuilding(b.id)
                    for b in self.bank_buildings(frame.zone)
                    if land_price(b) <= cash
                ]
                + [A.NoLand()]
            )
        if kind == DRAW:
            return list(DRAW_ANSWERS)
        if kind == SPECULATE:
            return [
                A.Speculate(lot, seller) for lot, seller in self.speculation_lots(seat, frame.price)
            ] + [A.NoLand()]
        if kind == AUCTION:
            least = frame.auction.minimum
            return [A.Bid(least + up) for up in BID_RAISES if least + up <= cash] + [A.Pass()]
        if kind == DEBT:
            lots, buildings = self.offerable(seat)
            found = [A.AuctionLand(lot) for lot in lots] + [A.AuctionBuilding(b) for b in buildings]
            return found or [A.Bankrupt()]
        return list(TRADE_ANSWERS)

    def may_act(self, seat: int) -> bool:
        return seat == self.actor()

    def chance_after(self, seat: int, action) -> Chance | None:
        return DIE if type(action) is A.Roll else None

    def why_none(self, seat: int, kind: type) -> str | None:
        """Why the player has no Build or Demolish at the construction step, no lot of Bank
        land to buy after a low throw, or none to take with the Speculator card."""
        if seat != self.actor():
            return None
        situation = self.situation()
        if situation == MAIN:
            if kind is A.Build:
                return self.why_no_builds(seat)
            return self.why_no_demolitions(seat) if kind is A.Demolish else None
        if situation == LAND_CHOICE and kind in (A.BuyLot, A.BuyBuilding):
            return self.why_no_lots(seat, self.top().zone)
        if situation == SPECULATE and kind is A.Speculate:
            return self.why_no_speculation(seat, self.top().price)
        return None

    def why_illegal(self, seat: int, action) -> str | None:
        if self.stage == OVER:
            return "the game is over"
        if seat != self.actor():
            return NOT_YOUR_TURN
        frame, kind, cls = self.top(), self.situation(), type(action)
        if cls is A.Propose:
            return self.why_no_offer(seat, action)
        if cls not in ANSWERS[kind]:
            return WHAT_NOW[kind]
        cash = self.cash(seat)
        if cls is A.Build:
            return self.why_no_build(seat, action)
        if cls is A.Demolish:
            return self.why_no_demolition(seat, action.building)
        if cls is A.BuyLot:
            if not 0 <= action.lot < len(LOTS) or not self.for_sale(action.lot):
                return f"{A.lot_name(action.lot)} is not Bank land for sale"
            if frame.zone and LOTS[action.lot].zone != frame.zone:
                return f"your throw lets you buy in zone {frame.zone} only"
            if self.lot_price(action.lot) > cash:
                return f"it costs ${self.lot_price(action.lot):,} and you have ${cash:,}"
        elif cls is A.BuyBuilding:
            return self.why_no_bank_building(seat, action.building, frame.zone)
        elif cls is A.DrawCrown and not self.crown_deck:
            return "every Auction card has been turned up: pick a Venture card"
        elif cls is A.Speculate:
            if (action.lot, action.seller) not in self.speculation_lots(seat, frame.price, True):
                return "choose undeveloped land another player owns"
            price = self.lot_price(action.lot, action.seller, frame.price)
            if price > cash:
                return f"it costs ${price:,} and you have ${cash:,}"
        elif cls is A.Bid:
            auction = frame.auction
            if action.amount < auction.minimum:
                return f"the lowest bid now is ${auction.minimum:,}"
            if (action.amount - auction.minimum) % BID_STEP:
                return f"bids rise in steps of ${BID_STEP:,}"
            if action.amount > cash:
                return f"you have only ${cash:,}"
        elif cls in (A.AuctionLand, A.AuctionBuilding):
            lots, buildings = self.offerable(seat)
            if (
                (action.lot not in lots)
                if cls is A.AuctionLand
                else (action.building not in buildings)
            ):
                return "auction something of yours not yet offered for this debt"
        elif cls is A.Bankrupt and any(self.offerable(seat)):
            return "you can still auction land or buildings to raise the money"
        elif cls is A.Accept:
            return self.why_no_exchange(frame.offer, frame.proposer)
        return None
