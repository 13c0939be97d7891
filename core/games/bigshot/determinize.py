"""A full Big Shot state consistent with what one seat sees, for bots that search.

Cubes, lots, bids and loans are public. In the hidden-money game the other colours' cash is not
shown, but every payment is made in the open (the rulebook hides the money, not the auctions and
loans), so a seat that keeps count knows it: each colour's cash is counted from the log, its
starting capital plus its loans' payouts less what it paid for cubes. Only where two colours go
by one name in the log (two seats named alike) is their cash drawn, up to the most it could hold.
The die to come is drawn from a generator seeded from the bot's.
"""

from __future__ import annotations

from core.engine.auction import OpenAuction
from core.engine.decisions import Frame
from core.engine.ledger import Ledger, Transfer
from core.engine.rng import Rng

from . import actions as A
from .board import COLOURS, START_CASH, loan_payout
from .phases import BANK, OVER, ROLL, CubeAuction, CubesToPlace, LoanQuestion, Payment
from .state import GHOST_SEAT, BigShotState
from .view import BigShotView


def determinize(view: BigShotView, seat: int | None, rng: Rng) -> BigShotState:
    if seat != view.viewer:
        raise ValueError("a view is determinized for the seat that sees it")
    state = BigShotState.__new__(BigShotState)
    state.players = view.players
    for name in BigShotState.FIELDS.listed:
        setattr(state, name, list(getattr(view, name)))
    for name in BigShotState.FIELDS.shared:
        setattr(state, name, getattr(view, name))
    state.n, state.bank = len(view.players), BANK
    state.active, state.winners, state.end_reason = [True] * state.n, (), ""
    state.colour_seat = [GHOST_SEAT] * len(COLOURS)
    for owner, colours in enumerate(view.seat_colours):
        for colour in colours:
            state.colour_seat[colour] = owner
    state.names = tuple(state._name_colour(c) for c in range(len(COLOURS)))
    state.hidden = view.hidden_money
    state.rng = Rng(rng.below(1 << 62))
    state.space_cubes = [sum(counts) for counts in view.spaces]
    state.lot_cubes = [sum(counts) for counts in view.lots]
    state.round, state.version = view.round, view.version
    state.turn = state.starter = view.roller
    state.stage = OVER if view.phase == OVER else ROLL
    state.loan_round = [view.round if borrowed else 0 for borrowed in view.borrowed_this_round]
    state.ledger = _ledger(view, state.names, rng)
    state.stack = _decisions(view)
    state.events = list(view.events)
    state.round_ends = list(view.round_ends)
    state.open_places = A.open_places(view.settled)
    state.final = None
    state.current = state._find_actor()
    return state


def _ledger(view: BigShotView, names: tuple[str, ...], rng: Rng) -> Ledger:
    """The money as the seat sees it, and as it counts it from the log where it is not shown."""
    ledger = Ledger(len(COLOURS))
    ledger.entries = list(view.ledger)
    # counted only where money is hidden: an open game's playouts would count for nothing
    counted = _counted_cash(view, names) if view.hidden_money else []
    for colour, cash in enumerate(view.cash):
        if cash is None and colour != view.ghost:
            cash = counted[colour]
            if cash is None:  # its name is another colour's too: drawn
                most = START_CASH + sum(loan_payout(k) for k in range(1, view.loans[colour] + 1))
                cash = rng.below(most + 1)
            ledger.entries.append(Transfer(view.round, BANK, colour, cash, "unseen"))
        ledger.balances[colour] = cash or 0
    ledger.balances[BANK] = -sum(ledger.balances[:BANK])
    return ledger


_CASH_EVENTS = {"takes-loan": 1, "buys-cubes": -1}  # (colour, amount, ...): money in or out


def _counted_cash(view: BigShotView, names: tuple[str, ...]) -> list[int | None]:
    """Each colour's cash as the log tells it, the log naming colour c `names[c]` (None where
    that name is another colour's too)."""
    cash: list[int | None] = [START_CASH if names.count(name) == 1 else None for name in names]
    colour_of = {name: colour for colour, name in enumerate(names)}
    for event in view.events:
        if event.kind in _CASH_EVENTS:
            colour = colour_of[event.args[0]]
            counted = cash[colour]
            if counted is not None:
                cash[colour] = counted + _CASH_EVENTS[event.kind] * event.args[1]
    return cash


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
