"""A sensible Big Shot bot that plays from its own view only.

It judges a board by what each lot is likely to be worth to its colours: the current majority
winner of every lot (settled lots count fully, open lots by how full they are and how late it is),
park doubling, and a bonus for the two lots a player needs to win. From that it values the four
cubes up for auction (place them greedily, see how much the board improves), bids up to that
value, borrows when the margin beats the loan's interest, and places cubes greedily, which finds
the take-overs and the 3/3/1 tie tricks on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .board import LOT_CAPACITY, LOTS, N_LOTS, PARK_NEIGHBOURS, PARKS, ROUNDS, lot_winner
from .view import BigShotView

OPPONENT_WEIGHT = 0.5  # a million to an opponent hurts half as much as a million to me helps
TWO_LOT_BONUS = 8.0  # per lot, for the first two: fewer than two lots cannot win
BID_FRACTION = 0.7  # bid up to this share of what the cubes are worth
LOAN_MARGIN = 2  # borrow only when the margin beats the interest by this much
MAX_INTEREST = 3  # never take a loan whose interest (the k-th loan costs k) is above this
OPEN_LOT_CERTAINTY = 0.15  # how far a lead on an open lot counts early in the game


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        """Deterministic: the seed is taken only because every bot factory is given one."""
        self._cached: tuple[tuple, float] | None = None

    def choose(self, view: BigShotView, legal: Sequence) -> object:
        if len(legal) == 1:
            return legal[0]
        me = view.seat_colours[view.viewer]
        phase = view.phase
        if phase == "place":
            return self._best_placement(view, me, legal)
        if phase == "pay":
            return max(legal, key=lambda a: view.cash[a.colour])
        loans = [a for a in legal if isinstance(a, A.TakeLoan)]
        if phase == "loans":
            return self._loan_or(view, me, loans, A.NO_MORE_LOANS, need=None)
        if phase == "bid":
            return self._bid(view, me, legal, loans)
        return next(a for a in legal if not isinstance(a, A.TakeLoan))

    # -- bidding ---------------------------------------------------------------------------------

    def _bid(self, view: BigShotView, me, legal, loans):
        auction = view.auction
        others_out = all(s in auction.passed for s in range(len(view.players)) if s != view.viewer)
        if auction.high_bidder is None and others_out:
            return A.PASS  # the roller takes the cubes free
        limit = int(self._cube_value(view, me) * BID_FRACTION)
        payable = max(view.cash[c] for c in me)
        if auction.minimum > limit:
            return A.PASS
        if auction.minimum <= payable:
            return A.bid(auction.minimum)
        return self._loan_or(view, me, loans, A.PASS, need=auction.minimum)

    def _loan_or(self, view: BigShotView, me, loans, otherwise, need: int | None):
        """Borrow when the cubes are worth more than the price plus the loan's interest."""
        if not loans:
            return otherwise
        loan = min(loans, key=lambda a: view.loans[a.colour])
        interest = view.loans[loan.colour] + 1
        value = self._cube_value(view, me) if view.spaces[view.broker] else 0.0
        price = need if need is not None else value * 0.6
        cash = view.cash[loan.colour]
        if cash < price and value - price > interest + LOAN_MARGIN and interest <= MAX_INTEREST:
            return loan
        return otherwise

    def _cube_value(self, view: BigShotView, me) -> float:
        """What placing the auctioned cubes well would add to my position, in millions."""
        key = (view.round, view.broker, view.lots)
        if self._cached and self._cached[0] == key:
            return self._cached[1]
        cubes = list(view.auction.cubes if view.auction else view.spaces[view.broker])
        lots = [list(c) for c in view.lots]
        before = evaluate(lots, view, me)
        after = before
        for _ in range(sum(cubes)):
            after, colour, lot = _greedy_step(lots, cubes, view, me)
            cubes[colour] -= 1
            _put(lots, colour, lot)
        value = max(0.0, after - before)
        self._cached = (key, value)
        return value

    # -- placing ---------------------------------------------------------------------------------

    def _best_placement(self, view: BigShotView, me, legal):
        lots = [list(c) for c in view.lots]
        _, colour, lot = _greedy_step(lots, list(view.to_place), view, me)
        return A.place(colour, lot)


def _put(lots: list[list[int]], colour: int, lot: int) -> None:
    lots[lot][colour] += 1


def _greedy_step(lots, cubes, view: BigShotView, me) -> tuple[float, int, int]:
    """The best single placement of one of `cubes`: (value after, colour, lot).

    One cube changes one lot's holder, so each candidate patches that lot into the board's
    holders (worked out once) instead of working out every lot again."""
    best = (float("-inf"), -1, -1)
    settled = view.settled
    lateness = _lateness(view)
    owner, certainty = holders(lots, view)
    unchanged = None  # the board's score as it stands: a cube that changes no holder keeps it
    for colour in range(4):
        if not cubes[colour]:
            continue
        for lot in range(N_LOTS):
            if settled[lot] or sum(lots[lot]) >= LOT_CAPACITY:
                continue
            counts = lots[lot]
            counts[colour] += 1
            was = owner[lot], certainty[lot]
            now = _holder(counts, lateness)
            if now == was:
                if unchanged is None:
                    unchanged = score(owner, certainty, view, me)
                value = unchanged
            else:
                owner[lot], certainty[lot] = now
                value = score(owner, certainty, view, me)
                owner[lot], certainty[lot] = was
            counts[colour] -= 1
            if value > best[0]:
                best = (value, colour, lot)
    return best


def evaluate(lots, view: BigShotView, me) -> float:
    """How good the board is for colours `me`: my likely worth minus a share of the others'."""
    return score(*holders(lots, view), view, me)


def _lateness(view: BigShotView) -> float:
    return (view.round - 1) / (ROUNDS - 1)


def _holder(counts, lateness: float) -> tuple[int, float]:
    """Who leads an open lot with these cubes, and how sure that lead is (0 to 1)."""
    n = sum(counts)
    if n == 0:
        return -1, 0.0
    if n == LOT_CAPACITY:
        return lot_winner(counts), 1.0
    # an open lot's lead can be overturned by the next auction; only at the end does it hold
    return lot_winner(counts), OPEN_LOT_CERTAINTY + (1 - OPEN_LOT_CERTAINTY) * lateness ** 3


def holders(lots, view: BigShotView) -> tuple[list[int], list[float]]:
    """Each lot's likely holder (-1 for none) and how certain that is."""
    lateness = _lateness(view)
    owner = [-1] * N_LOTS
    certainty = [0.0] * N_LOTS
    for lot in range(N_LOTS):
        if view.settled[lot]:
            owner[lot], certainty[lot] = view.owners[lot], 1.0
        else:
            owner[lot], certainty[lot] = _holder(lots[lot], lateness)
    return owner, certainty


# Each lot's value, the lot of its park (-1: none) and, for a park, its neighbours and values:
# read by `score` for every placement a bot weighs, so kept as plain tuples.
LOT_VALUE = tuple(lot.value for lot in LOTS)
PARK_LOT = tuple(PARKS[lot.park] if lot.park is not None else -1 for lot in LOTS)
PARK_SIDES = tuple(tuple((n, LOTS[n].value) for n in PARK_NEIGHBOURS[i]) if lot.is_park else None
                   for i, lot in enumerate(LOTS))


def score(owner: list[int], certainty: list[float], view: BigShotView, me) -> float:
    """The worth of these holders for colours `me`, less a share of the others'."""
    total = 0.0
    held = {c: 0.0 for c in me}
    ghost = view.ghost
    for lot, colour in enumerate(owner):
        if colour < 0 or colour == ghost:
            continue
        worth = LOT_VALUE[lot]
        park = PARK_LOT[lot]
        if park >= 0 and owner[park] == colour:
            worth *= 1 + certainty[park]
        sides = PARK_SIDES[lot]
        if sides is not None:
            worth = 0.5 * sum(value for n, value in sides if owner[n] == colour)
        worth *= certainty[lot]
        if colour in held:
            total += worth
            held[colour] += certainty[lot]
        else:
            total -= OPPONENT_WEIGHT * worth
    total += sum(TWO_LOT_BONUS * min(2.0, h) for h in held.values())
    return total

