"""Army's trades: whom an offer may go to, what it may hold, and what accepting it does
(mortgaged deeds change hands with their 10% due at once)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.engine import debts
from core.engine.decisions import Debt, TradeOffer
from core.engine.templates import Holdings, OfferTerms

from . import actions as A
from .board import DEEDS, GROUP_SQUARES, SQUARES
from .board_changes import change_board
from .frames import MAX_PROPOSALS, TRADE, LiftOrKeep, interest

if TYPE_CHECKING:
    from .state import ArmyState

# every seat but one, by the number of players and that seat
OTHERS = {n: tuple(tuple(p for p in range(n) if p != seat) for seat in range(n)) for n in range(7)}


def trade_holdings(
    seats: Sequence[int],
    owner: Sequence[int],
    level: Sequence[int],
    cash: Sequence[int],
    card_holder: Sequence[int],
) -> tuple[Holdings, ...]:
    """What each of `seats` may put into a trade: deeds in groups without buildings, any of
    their cash, their Get-out cards (from a state's fields or a view's alike)."""
    deeds: dict[int, list[int]] = {seat: [] for seat in seats}
    for group in GROUP_SQUARES:  # in board order: each seat's deeds come out in order
        if not any(map(level.__getitem__, group)):
            for s in group:
                if owner[s] in deeds:
                    deeds[owner[s]].append(s)
    return tuple(
        Holdings(
            seat, tuple(deeds[seat]), cash[seat], tuple(d for d in (0, 1) if card_holder[d] == seat)
        )
        for seat in seats
    )


def offer_terms(
    seat: int,
    partners: tuple[int, ...],
    owner: Sequence[int],
    level: Sequence[int],
    cash: Sequence[int],
    card_holder: Sequence[int],
) -> OfferTerms:
    """What an offer `seat` makes to one of `partners` may hold."""
    return OfferTerms(partners, trade_holdings((seat, *partners), owner, level, cash, card_holder))


def offer_partners(state: ArmyState, seat: int) -> tuple[int, ...]:
    """Whom `seat` may make a trade offer to now; empty when no offer may be made. What an
    offer may hold is any of either side's deeds (in groups without buildings), cash and
    Get-out cards: the template the table screen and bots compose offers from."""
    if seat != state.actor() or state.proposals[seat] >= MAX_PROPOSALS:
        return ()
    frame = state.top()
    if isinstance(frame, TradeOffer):
        return (frame.proposer,)  # a counter-offer goes back to the proposer
    if frame is None and not state.jailed or isinstance(frame, Debt) and frame.debtor == seat:
        others = OTHERS[state.n][seat]
        return others if all(state.active) else tuple(p for p in others if state.active[p])
    return ()


def why_no_offer(state: ArmyState, seat: int, offer: A.Propose, kind: str) -> str | None:
    partners = offer_partners(state, seat)
    if offer.partner not in partners:
        if state.proposals[seat] >= MAX_PROPOSALS:
            return f"at most {MAX_PROPOSALS} offers a turn"
        if kind == TRADE:
            return "a counter-offer goes back to the player who made the offer"
        if partners:
            return "choose another player who is still in the game"
        return "you can offer a trade in your turn, when raising money, or as a counter-offer"
    if not (
        offer.give
        or offer.give_cash
        or offer.give_cards
        or offer.get
        or offer.get_cash
        or offer.get_cards
    ):
        return "an offer must exchange something"
    return why_no_exchange(state, offer, seat)


def holdings(state: ArmyState, seats: Sequence[int]) -> tuple[Holdings, ...]:
    return trade_holdings(seats, state.owner, state.level, state.ledger.balances, state.card_holder)


def why_no_exchange(state: ArmyState, offer: A.Propose, proposer: int) -> str | None:
    sides = (
        (proposer, offer.give, offer.give_cash, offer.give_cards),
        (offer.partner, offer.get, offer.get_cash, offer.get_cards),
    )
    for (holder, deeds, cash, cards), may in zip(sides, holdings(state, (proposer, offer.partner))):
        who = state.players[holder]
        if len(set(deeds)) != len(deeds) or len(set(cards)) != len(cards):
            return "list each deed and card once"
        for s in deeds:
            if s in may.deeds:
                continue
            if s not in DEEDS or state.owner[s] != holder:
                return f"{who} does not own {SQUARES[s].name if 0 <= s < 40 else s}"
            return f"{SQUARES[s].name}'s group has buildings: they must be sold first"
        if not 0 <= cash <= may.cash:
            return f"{who} has £{may.cash:,}"
        if any(deck not in may.cards for deck in cards):
            return f"{who} does not hold that Get-out card"
    return None


def hand_over_side(
    state: ArmyState, giver: int, taker: int, offer: A.Propose, proposers: bool
) -> None:
    for deck in offer.give_cards if proposers else offer.get_cards:
        state.card_holder[deck] = taker
    receive(state, taker, offer.give if proposers else offer.get)


def receive(state: ArmyState, taker: int, deeds: Sequence[int]) -> None:
    """Deeds change hands; a mortgaged one costs its new owner 10% now (the transfer rule)
    and asks whether to lift it at once."""
    fees = 0
    change_board(state, deeds, owner=taker)
    for s in deeds:
        if state.mortgaged[s]:
            state.stack.append(LiftOrKeep(taker, s))
            fees += interest(SQUARES[s].mortgage)
    if fees:
        if state.cash(taker) >= fees:  # otherwise the debt says what is owed
            state._say("pays-interest", state.players[taker], fees)
        debts.charge(state, taker, state.bank, fees, "10% interest on mortgaged deeds received")
