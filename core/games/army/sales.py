"""Army's sales by the bank: buying a deed at its price or sending it to auction (anyone may
bid, the decliner too; bidding may start at any price), the auctions themselves, and debts:
raising what is owed, or bankruptcy to the creditor or to the bank (the Army rulebook)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.engine import debts
from core.engine.auction import OpenAuction
from core.engine.decisions import AuctionLot, BuyOrDecline, Placement

from . import actions as A
from . import trading
from .board import BARRACKS, SQUARES
from .board_changes import change_board
from .cards import GET_OUT
from .frames import STORE, Move, Shortage
from .rules import rules

if TYPE_CHECKING:
    from .state import ArmyState


@rules.plays(A.Buy)
def do_Buy(state: ArmyState, seat: int, _action: A.Buy) -> None:
    square = state.answered(BuyOrDecline).square
    price = SQUARES[square].price
    state._pay(seat, state.bank, price, f"bought {SQUARES[square].name}")
    change_board(state, (square,), owner=seat)
    state._say("buys", state.players[seat], SQUARES[square].name, price)


@rules.plays(A.Decline)
def do_Decline(state: ArmyState, seat: int, _action: A.Decline) -> None:
    square = state.answered(BuyOrDecline).square
    state._say("declines", state.players[seat], SQUARES[square].name)
    open_auction(state, square, "", order_after(state, seat))


def open_auction(
    state: ArmyState, square: int, piece: str, bidders: tuple[int, ...], opening: int = 1
) -> None:
    state.stack.append(AuctionLot(OpenAuction(bidders, opening), square, piece))


def order_after(state: ArmyState, seat: int) -> tuple[int, ...]:
    """Every player still in, starting left of `seat` and ending with `seat`."""
    return state._order_from((seat + 1) % state.n)


def close_auction(state: ArmyState) -> None:
    lot = state.answered(AuctionLot)
    auction, square, piece = lot.auction, lot.square, lot.piece
    what = (
        SQUARES[square].name if square >= 0 else f"an {piece}" if piece == STORE else f"a {piece}"
    )
    winner = auction.high_bidder
    shortage = state.stack[-1] if square < 0 and isinstance(state.stack[-1], Shortage) else None
    if winner is None:
        state._say("no-bids", what)
        if shortage:  # nobody wants one at any price: the shortage is over
            state.stack[-1] = replace(shortage, wants=())
        return
    state._pay(winner, state.bank, auction.high, f"auction: {what}")
    state._say("wins-auction", state.players[winner], what, auction.high)
    if square >= 0:
        change_board(state, (square,), owner=winner)
        return
    if shortage:
        state.stack[-1] = replace(
            shortage, wants=tuple((p, n - (p == winner)) for p, n in shortage.wants)
        )
    state.stack.append(Placement(winner, piece))


@rules.plays(A.Bankrupt)
def do_Bankrupt(state: ArmyState, seat: int, _action: A.Bankrupt) -> None:
    debt = debts.go_bankrupt(state, seat)
    creditor, amount, reason = debt.creditor, debt.amount, debt.reason
    state.prison_turn[seat] = -1
    state.stack = [f for f in state.stack if not (isinstance(f, Move) and f.mover == seat)]
    deeds = state.deeds_of(seat)
    refund = sum(state.building_refund(s) for s in deeds)
    for s in deeds:
        if state.level[s] == BARRACKS:
            state.barracks_left += 1
        else:
            state.stores_left += state.level[s]
    change_board(state, deeds, level=0)
    if creditor == state.bank:
        state._say("bankrupt-to-bank", state.players[seat], amount, reason)
        state._pay(seat, state.bank, state.cash(seat), "bankruptcy")
        for deck in (0, 1):
            if state.card_holder[deck] == seat:
                state.card_holder[deck] = -1
                state.decks[deck].append(GET_OUT[deck])
        change_board(state, deeds, owner=-1, mortgaged=False)
        debts.sell_for_bank(state, deeds)
    else:
        state._say(
            "bankrupt-to-player", state.players[seat], amount, reason, state.players[creditor]
        )
        if refund:
            state._pay(state.bank, seat, refund, "buildings returned at half price")
        state._pay(seat, creditor, state.cash(seat), "bankruptcy")
        for deck in (0, 1):
            if state.card_holder[deck] == seat:
                state.card_holder[deck] = creditor
        trading.receive(state, creditor, deeds)
