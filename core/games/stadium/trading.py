"""Stadium's trades: on their turn a player may offer land (their undeveloped part of a lot, in
one piece) and buildings (with the land under them) for cash, land or buildings; the other
player accepts, rejects or makes a counter-offer (the Stadium rulebook). An offer carries land or a
building (cash alone would let one player fund another); the rulebook sets no number of offers a
turn, so none is set, but nobody makes the same offer twice in a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine.decisions import TradeOffer

from . import actions as A
from . import land, sales
from .board import LOTS
from .frames import MAIN, ROLL

if TYPE_CHECKING:
    from .state import StadiumState


def offer_partners(state: StadiumState, seat: int) -> tuple[int, ...]:
    """Whom `seat` may make an offer to now; empty when no offer may be made."""
    if seat != state.actor():
        return ()
    frame = state.top()
    if isinstance(frame, TradeOffer):
        return (frame.proposer,)  # a counter-offer goes back to the proposer
    if frame is None and state.stage in (ROLL, MAIN):
        return tuple(p for p in range(state.n) if p != seat and state.active[p])
    return ()


def why_no_offer(state: StadiumState, seat: int, offer: A.Propose) -> str | None:
    partners = offer_partners(state, seat)
    if offer.partner not in partners:
        if partners:
            return "choose another player who is still in the game"
        return "you can offer a trade in your turn, or answer an offer with a counter-offer"
    if not (offer.give_lots or offer.give_buildings or offer.get_lots or offer.get_buildings):
        cash_alone = ", not cash alone" if offer.give_cash or offer.get_cash else ""
        return f"a trade carries land or a building{cash_alone}"
    if TradeOffer(seat, offer) in state.offers_made:
        return f"you have made this offer to {state.players[offer.partner]} this turn"
    return why_no_exchange(state, offer, seat)


def note_offer(state: StadiumState, seat: int, offer: A.Propose) -> None:
    state.offers_made = (*state.offers_made, TradeOffer(seat, offer))


def why_no_exchange(state: StadiumState, offer: A.Propose, proposer: int) -> str | None:
    for holder, lots, buildings, cash in (
        (proposer, offer.give_lots, offer.give_buildings, offer.give_cash),
        (offer.partner, offer.get_lots, offer.get_buildings, offer.get_cash),
    ):
        who = state.players[holder]
        if len(set(lots)) != len(lots) or len(set(buildings)) != len(buildings):
            return "list each lot and building once"
        for lot in lots:
            if not 0 <= lot < len(LOTS) or not land.parcel(state, holder, lot):
                return f"{who} has no undeveloped land in {A.lot_name(lot)}"
        for building in buildings:
            if building not in state.buildings or state.buildings[building].owner != holder:
                return f"{who} does not own building #{building}"
        if not 0 <= cash <= state.cash(holder):
            return f"{who} has ${state.cash(holder):,}"
    return None


def hand_over_side(
    state: StadiumState, giver: int, taker: int, offer: A.Propose, proposers: bool
) -> None:
    for lot in offer.give_lots if proposers else offer.get_lots:
        land.move_land(state, land.parcel(state, giver, lot), taker)
    for building in offer.give_buildings if proposers else offer.get_buildings:
        sales.hand_over(state, building, taker)
