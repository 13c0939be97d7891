"""Stadium's trades: on their turn a player may offer land (their undeveloped part of a lot, in
one piece) and buildings (with the land under them) for cash, land or buildings; the other
player accepts, rejects or makes a counter-offer (stadium_003.txt). An offer carries land or a
building (cash alone would let one player fund another); the rulebook sets no number of offers a
turn, so none is set, but nobody makes the same offer twice in a turn."""

from __future__ import annotations

from core.engine.decisions import TradeOffer
from core.engine.offers import OfferRules

from . import actions as A
from .board import LOTS
from .frames import MAIN, ROLL, TRADE


class TradeRules(OfferRules):
    """Trade offers, for StadiumState (whose fields they read)."""

    __slots__ = ()

    def offer_partners(self, seat: int) -> tuple[int, ...]:
        """Whom `seat` may make an offer to now; empty when no offer may be made."""
        if seat != self.actor():
            return ()
        frame = self.top()
        if frame is not None and frame.kind == TRADE:
            return (frame.proposer,)  # a counter-offer goes back to the proposer
        if frame is None and self.stage in (ROLL, MAIN):
            return tuple(p for p in range(self.n) if p != seat and self.active[p])
        return ()

    def why_no_offer(self, seat: int, offer: A.Propose) -> str | None:
        partners = self.offer_partners(seat)
        if offer.partner not in partners:
            if partners:
                return "choose another player who is still in the game"
            return "you can offer a trade in your turn, or answer an offer with a counter-offer"
        if not (offer.give_lots or offer.give_buildings or offer.get_lots or offer.get_buildings):
            cash_alone = ", not cash alone" if offer.give_cash or offer.get_cash else ""
            return f"a trade carries land or a building{cash_alone}"
        if TradeOffer(seat, offer) in self.offers_made:
            return f"you have made this offer to {self.players[offer.partner]} this turn"
        return self.why_no_exchange(offer, seat)

    def _note_offer(self, seat: int, offer: A.Propose) -> None:
        self.offers_made = (*self.offers_made, TradeOffer(seat, offer))

    def why_no_exchange(self, offer: A.Propose, proposer: int) -> str | None:
        for holder, lots, buildings, cash in (
            (proposer, offer.give_lots, offer.give_buildings, offer.give_cash),
            (offer.partner, offer.get_lots, offer.get_buildings, offer.get_cash),
        ):
            who = self.players[holder]
            if len(set(lots)) != len(lots) or len(set(buildings)) != len(buildings):
                return "list each lot and building once"
            for lot in lots:
                if not 0 <= lot < len(LOTS) or not self.parcel(holder, lot):
                    return f"{who} has no undeveloped land in {A.lot_name(lot)}"
            for building in buildings:
                if building not in self.buildings or self.buildings[building].owner != holder:
                    return f"{who} does not own building #{building}"
            if not 0 <= cash <= self.cash(holder):
                return f"{who} has ${self.cash(holder):,}"
        return None

    def _hand_over_side(self, giver: int, taker: int, offer: A.Propose, proposers: bool) -> None:
        for lot in offer.give_lots if proposers else offer.get_lots:
            self._move_land(self.parcel(giver, lot), taker)
        for building in offer.give_buildings if proposers else offer.get_buildings:
            self._hand_over(building, taker)
