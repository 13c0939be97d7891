"""A full Big Shot state consistent with what one seat sees, for bots that search.

Cubes, lots, bids and loans are public. In the hidden-money game the other colours' cash is not:
each is drawn between the least it has shown it holds (its standing high bid; the price, when
its seat is asked which colour pays) and the most it could hold (its starting capital and its
loans' payouts, nothing spent). The die to come is drawn from a generator seeded from the bot's.
"""

from __future__ import annotations

from core.engine.auction import OpenAuction
from core.engine.decisions import Frame
from core.engine.ledger import Ledger, Transfer
from core.engine.rng import Rng

from . import actions as A
from .board import COLOURS, LOAN_DEBT, START_CASH
from .phases import BANK, OVER, ROLL, CubeAuction, CubesToPlace, LoanQuestion, Payment
from .state import GHOST_SEAT, BigShotState
from .view import BigShotView


def determinize(view: BigShotView, seat: int | None, rng: Rng) -> BigShotState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = BigShotState.__new__(BigShotState)
    state.players, state.seat_colours, state.ghost = view.players, view.seat_colours, view.ghost
    state.n, state.bank = len(view.players), BANK
    state.active, state.winners, state.end_reason = [True] * state.n, (), ""
    state.colour_seat = [GHOST_SEAT] * len(COLOURS)
    for owner, colours in enumerate(view.seat_colours):
        for colour in colours:
            state.colour_seat[colour] = owner
    state.names = tuple(state._name_colour(c) for c in range(len(COLOURS)))
    state.hidden, state.loan_window, state.when_short = (
        view.hidden_money,
        view.loan_window,
        view.when_short,
    )
    state.rng = Rng(rng.below(1 << 62))
    state.spaces = list(view.spaces)
    state.space_cubes = [sum(counts) for counts in view.spaces]
    state.lots = list(view.lots)
    state.lot_cubes = [sum(counts) for counts in view.lots]
    for name in ("owners", "settled", "retired", "loans", "to_place"):
        setattr(state, name, list(getattr(view, name)))
    for name in ("broker", "round", "version"):
        setattr(state, name, getattr(view, name))
    state.turn = state.starter = view.roller
    state.stage = OVER if view.phase == OVER else ROLL
    state.loan_round = [view.round if borrowed else 0 for borrowed in view.borrowed_this_round]
    state.ledger = _ledger(view, rng)
    state.stack = _decisions(view)
    state.events = list(view.events)
    state.round_ends = list(view.round_ends)
    state.open_places = A.open_places(view.settled)
    state.final = None
    state.current = state._find_actor()
    return state


def _ledger(view: BigShotView, rng: Rng) -> Ledger:
    """The money as the seat sees it, and a draw for each colour whose cash it cannot see, no
    less than what that colour has shown it holds."""
    ledger = Ledger(len(COLOURS))
    ledger.entries = list(view.ledger)
    least = _shown_to_hold(view, rng)
    for colour, cash in enumerate(view.cash):
        if cash is None and colour != view.ghost:
            most = START_CASH + sum(LOAN_DEBT - k for k in range(1, view.loans[colour] + 1))
            floor = min(least.get(colour, 0), most)
            cash = floor + rng.below(most - floor + 1)
            ledger.entries.append(Transfer(view.round, BANK, colour, cash, "unseen"))
        ledger.balances[colour] = cash or 0
    ledger.balances[BANK] = -sum(ledger.balances[:BANK])
    return ledger


def _shown_to_hold(view: BigShotView, rng: Rng) -> dict[int, int]:
    """The least cash colours have shown they hold: a bid is refused unless one of the bidder's
    colours can pay it (the colour drawn from `rng` where a seat has two), and a winner is asked
    which colour pays only when each of them can."""
    if view.phase == "pay":
        return dict.fromkeys(view.seat_colours[view.winner], view.price)
    auction = view.auction
    if auction is None or auction.high_bidder is None:
        return {}
    colours = view.seat_colours[auction.high_bidder]
    return {colours[rng.below(len(colours))]: auction.high}


def _decisions(view: BigShotView) -> list[Frame]:
    """The decision the view waits for, on the stack as the state keeps it."""
    if view.phase == "loans":
        return [LoanQuestion(view.loan_order, view.loan_turn)]
    if view.phase == "pay":
        return [Payment(view.winner, view.price)]
    if view.phase == "place":
        return [CubesToPlace(view.winner, view.price)]
    seen = view.auction
    if seen is None:
        return []
    auction = OpenAuction.resume(
        seen.bidders,
        seen.bidder,
        seen.high,
        seen.high_bidder,
        seen.minimum,
        seen.passed,
        seen.acted,
        free_to=seen.free_to,
    )
    return [CubeAuction(auction, view.broker)]
