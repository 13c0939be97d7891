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
from typing import Any, Protocol

from core.engine.actions import Action

from . import actions as A
from .appraisal import Appraisal
from .view import AuctionView

Colours = tuple[int, ...]  # the colours a seat plays

BID_FRACTION = 0.7  # bid up to this share of what the cubes are worth
LOAN_MARGIN = 2  # borrow only when the margin beats the interest by this much
MAX_INTEREST = 3  # never take a loan whose interest (the k-th loan costs k) is above this


class Seen(Protocol):
    """What the bot reads of what its seat sees: a `BigShotView`, or in a playout a
    `BigShotSight`."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def seat_colours(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def ghost(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def broker(self) -> int: ...
    @property
    def spaces(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def lots(self) -> tuple[tuple[int, ...], ...]: ...  # tuples: the bot keys its plans on them
    @property
    def owners(self) -> Sequence[int]: ...
    @property
    def settled(self) -> Sequence[bool]: ...
    @property
    def loans(self) -> Sequence[int]: ...
    @property
    def to_place(self) -> tuple[int, ...]: ...
    @property
    def auction(self) -> AuctionView | None: ...
    def shown_cash(self, colour: int) -> int: ...


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        """Deterministic: the seed is taken only because every bot factory is given one."""
        self._cached: tuple[tuple[Any, ...], float] | None = None
        # the placements found while valuing the last cubes: (round, lots, cubes) -> (colour, lot)
        self._plan: dict[tuple[Any, ...], tuple[int, int]] = {}

    def choose(self, view: Seen, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view.seat_colours[view.seat]
        phase = view.phase
        if phase == "place":
            return self._best_placement(view, me, legal)
        if phase == "pay":
            payers = [a for a in legal if isinstance(a, A.PayWith)]
            return max(payers, key=lambda a: view.shown_cash(a.colour))
        loans = [a for a in legal if isinstance(a, A.TakeLoan)]
        if phase == "loans":
            return self._loan_or(view, me, loans, A.NO_MORE_LOANS, need=None)
        if view.auction is not None:
            return self._bid(view, me, legal, loans, view.auction)
        return next(a for a in legal if not isinstance(a, A.TakeLoan))

    # -- bidding ---------------------------------------------------------------------------------

    def _bid(
        self,
        view: Seen,
        me: Colours,
        legal: Sequence[Action],
        loans: list[A.TakeLoan],
        auction: AuctionView,
    ) -> Action:
        others_out = all(s in auction.passed for s in range(len(view.players)) if s != view.viewer)
        if auction.high_bidder is None and others_out:
            return A.PASS  # the roller takes the cubes free
        limit = int(self._cube_value(view, me) * BID_FRACTION)
        payable = max(view.shown_cash(c) for c in me)
        if auction.minimum > limit:
            return A.PASS
        if auction.minimum <= payable:
            return A.bid(auction.minimum)
        return self._loan_or(view, me, loans, A.PASS, need=auction.minimum)

    def _loan_or(
        self,
        view: Seen,
        me: Colours,
        loans: list[A.TakeLoan],
        otherwise: Action,
        need: int | None,
    ) -> Action:
        """Borrow when the cubes are worth more than the price plus the loan's interest."""
        if not loans:
            return otherwise
        loan = min(loans, key=lambda a: view.loans[a.colour])
        interest = view.loans[loan.colour] + 1
        value = self._cube_value(view, me) if view.spaces[view.broker] else 0.0
        price = need if need is not None else value * 0.6
        cash = view.shown_cash(loan.colour)
        if cash < price and value - price > interest + LOAN_MARGIN and interest <= MAX_INTEREST:
            return loan
        return otherwise

    def _cube_value(self, view: Seen, me: Colours) -> float:
        """What placing the auctioned cubes well would add to my position, in millions."""
        key = (view.round, view.broker, view.lots)
        if self._cached and self._cached[0] == key:
            return self._cached[1]
        cubes = list(view.auction.cubes if view.auction else view.spaces[view.broker])
        board = Appraisal(view, me)
        before = after = board.value()
        self._plan = {}
        for _ in range(sum(cubes)):
            after, colour, lot = _greedy_step(board, cubes)
            self._plan[view.round, tuple(board.counts), tuple(cubes)] = colour, lot
            cubes[colour] -= 1
            board.place(colour, lot)
        value = max(0.0, after - before)
        self._cached = (key, value)
        return value

    # -- placing ---------------------------------------------------------------------------------

    def _best_placement(self, view: Seen, me: Colours, legal: Sequence[Action]) -> Action:
        """The greedy placement, as planned when the cubes were valued if the board is the one
        the plan foresaw (the same choice it would make again)."""
        planned = self._plan.get((view.round, view.lots, view.to_place))
        if planned is None:
            planned = _greedy_step(Appraisal(view, me), view.to_place)[1:]
        return A.place(*planned)


def _greedy_step(board: Appraisal, cubes: Sequence[int]) -> tuple[float, int, int]:
    """The best single placement of one of `cubes`: (value after, colour, lot)."""
    best = (float("-inf"), -1, -1)
    lots = board.open_lots()
    for colour in range(4):
        if cubes[colour]:
            for lot in lots:
                value = board.value_with(lot, colour)
                if value > best[0]:
                    best = (value, colour, lot)
    return best
