"""Stadium's legal actions and the reasons for refusing others: what each situation (the top
frame, else the turn's stage) admits, in a fixed order, and a reason a person can read for
anything else (the Stadium rulebook). Builds come out of the placement generator already legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.engine.actions import Action
from core.engine.chance import DIE, Chance
from core.engine.decisions import AuctionLot, TradeOffer
from core.engine.errors import NOT_YOUR_TURN

from . import actions as A
from . import land, sales, trading, ventures
from .board import LOTS
from .frames import (
    ACRE_PRICE,
    ANSWERS,
    BID_STEP,
    DEBT,
    DRAW,
    MAIN,
    OVER,
    ROLL,
    WHAT_NOW,
    LandChoice,
    Speculation,
)
from .land import land_price

if TYPE_CHECKING:
    from .state import StadiumState

ROLL_ANSWERS = (A.Roll(),)
DRAW_ANSWERS = (A.DrawCrown(), A.DrawVenture())
TRADE_ANSWERS = (A.Accept(), A.Reject())
BID_RAISES = (0, BID_STEP, 5 * BID_STEP, 10 * BID_STEP)  # the bids listed above the lowest
NOT_OFFERABLE = "auction something of yours not yet offered for this debt"


def situation_of(state: StadiumState) -> str:
    frame = state.top()
    return frame.kind if frame else state.stage


def legal_actions(state: StadiumState, seat: int) -> list[Action]:
    if seat != state.actor():
        return []
    frame, kind = state.top(), situation_of(state)
    cash = state.cash(seat)
    if kind == ROLL:
        return list(ROLL_ANSWERS)
    if kind == MAIN:
        demolitions = (
            [A.Demolish(b.id) for b in land.buildings_of(state, seat)]
            if not state.demolished and cash >= land.demolition_fee(state)
            else []
        )
        return [*land.legal_builds(state, seat), *demolitions, A.EndTurn()]
    if isinstance(frame, LandChoice):
        return [
            *(
                A.BuyLot(lot)
                for lot, cells in land.bank_parcels(state, frame.zone)
                if ACRE_PRICE * cells.bit_count() <= cash
            ),
            *(
                A.BuyBuilding(b.id)
                for b in land.bank_buildings(state, frame.zone)
                if land_price(b) <= cash
            ),
            A.NoLand(),
        ]
    if kind == DRAW:
        return list(DRAW_ANSWERS)
    if isinstance(frame, Speculation):
        return [
            *(
                A.Speculate(lot, seller)
                for lot, seller in ventures.speculation_lots(state, seat, frame.price)
            ),
            A.NoLand(),
        ]
    if isinstance(frame, AuctionLot):
        least = frame.auction.minimum
        return [*(A.Bid(least + up) for up in BID_RAISES if least + up <= cash), A.Pass()]
    if kind == DEBT:
        lots, buildings = sales.offerable(state, seat)
        found: list[Action] = [*map(A.AuctionLand, lots), *map(A.AuctionBuilding, buildings)]
        return found or [A.Bankrupt()]
    return list(TRADE_ANSWERS)


def may_act(state: StadiumState, seat: int) -> bool:
    return seat == state.actor()


def chance_after(state: StadiumState, seat: int, action: Action) -> Chance | None:
    return DIE if type(action) is A.Roll else None


def why_none(state: StadiumState, seat: int, kind: type) -> str | None:
    """Why the player has no Build or Demolish at the construction step, no lot of Bank
    land to buy after a low throw, or none to take with the Speculator card."""
    if seat != state.actor():
        return None
    frame = state.top()
    if frame is None and state.stage == MAIN:
        if kind is A.Build:
            return land.why_no_builds(state, seat)
        return land.why_no_demolitions(state, seat) if kind is A.Demolish else None
    if isinstance(frame, LandChoice) and kind in (A.BuyLot, A.BuyBuilding):
        return sales.why_no_lots(state, seat, frame.zone)
    if isinstance(frame, Speculation) and kind is A.Speculate:
        return sales.why_no_speculation(state, seat, frame.price)
    return None


def why_illegal(state: StadiumState, seat: int, action: Action) -> str | None:
    if state.stage == OVER:
        return "the game is over"
    if seat != state.actor():
        return NOT_YOUR_TURN
    frame, kind = state.top(), situation_of(state)
    if isinstance(action, A.Propose):
        return trading.why_no_offer(state, seat, action)
    if type(action) not in ANSWERS[kind]:
        return WHAT_NOW[kind]
    cash = state.cash(seat)
    if isinstance(action, A.Build):
        return land.why_no_build(state, seat, action)
    if isinstance(action, A.Demolish):
        return land.why_no_demolition(state, seat, action.building)
    if isinstance(action, A.BuyLot) and isinstance(frame, LandChoice):
        if not 0 <= action.lot < len(LOTS) or not land.for_sale(state, action.lot):
            return f"{A.lot_name(action.lot)} is not Bank land for sale"
        if frame.zone and LOTS[action.lot].zone != frame.zone:
            return f"your throw lets you buy in zone {frame.zone} only"
        if sales.lot_price(state, action.lot) > cash:
            return f"it costs ${sales.lot_price(state, action.lot):,} and you have ${cash:,}"
    elif isinstance(action, A.BuyBuilding) and isinstance(frame, LandChoice):
        return sales.why_no_bank_building(state, seat, action.building, frame.zone)
    elif isinstance(action, A.DrawCrown) and not state.crown_deck:
        return "every Auction card has been turned up: pick a Venture card"
    elif isinstance(action, A.Speculate) and isinstance(frame, Speculation):
        if (action.lot, action.seller) not in ventures.speculation_lots(
            state, seat, frame.price, True
        ):
            return "choose undeveloped land another player owns"
        price = sales.lot_price(state, action.lot, action.seller, frame.price)
        if price > cash:
            return f"it costs ${price:,} and you have ${cash:,}"
    elif isinstance(action, A.Bid) and isinstance(frame, AuctionLot):
        auction = frame.auction
        if action.amount < auction.minimum:
            return f"the lowest bid now is ${auction.minimum:,}"
        if (action.amount - auction.minimum) % BID_STEP:
            return f"bids rise in steps of ${BID_STEP:,}"
        if action.amount > cash:
            return f"you have only ${cash:,}"
    elif isinstance(action, A.AuctionLand):
        if action.lot not in sales.offerable(state, seat)[0]:
            return NOT_OFFERABLE
    elif isinstance(action, A.AuctionBuilding):
        if action.building not in sales.offerable(state, seat)[1]:
            return NOT_OFFERABLE
    elif isinstance(action, A.Bankrupt) and any(sales.offerable(state, seat)):
        return "you can still auction land or buildings to raise the money"
    elif isinstance(action, A.Accept) and isinstance(frame, TradeOffer):
        return trading.why_no_exchange(state, frame.offer, frame.proposer)
    return None
