"""A sensible Million bot that plays from its own view only.

It grows groups of neighbouring businesses (a stunt pays $10,000 x n x n a group), leasing
where it can (a lease is refunded in full, so leasing only lends the Bank money) and buying
where there is no lease price or to take a rival's lease from them; it drives to the stop that
pays most now (a stunt, a business that joins a group, Real Estate), or towards the nearest
paying stunt; it sells a business standing alone when the roll's odds (x1.33 on average)
beat what it earns there; it makes the leader miss a turn with a six; and once its cash and
lease refunds reach the target it drives for FINISH and ends leases there to finish.

It plays in a `Style`: `SENSIBLE`, the bot people play against, or `SHARP`, which the search
bot plays every move in (search.py). The sharp bot heads for FINISH by the odds of landing on it
(`finishing.py`), sells more readily, keeps its cash in its own leases, takes lone small
businesses, heads less for its goals, and at a six stops an opponent who is near finishing,
else takes the $10,000. One sharp bot against three sensible ones won 46.1% of 4,000 games
(seeds 20000-23999; `benchmarks/styles.py million`), where a sensible one wins an even share.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from core.engine.actions import Action

from . import actions as A
from .board import BUSINESSES, EXITS, FINISH, NEIGHBOURS, REAL_ESTATE, SINGLES, SPACES, START
from .board import stunt_income as income_of
from .finishing import turns_to_finish
from .frames import AFTER, MOVE, ROLL, SETUP

STEP_COST = 3_000  # a space further from the nearest goal is worth this much less
GROWTH = 4_000  # a business with free neighbours is worth this much more for each of them
SALE_ODDS = 4 / 3  # the sale roll's average price, as a share of the buy price (docs/rulings.md)


@dataclass(frozen=True)
class Style:
    """How a bot heads for FINISH, when it sells, what it buys back, and whom a six stops."""

    finish_by_odds: bool = False  # drive where FINISH is fewest turns away (else: nearest)
    sale_stunts: float = 2  # keep a business adding more at this many stunts than a sale gains
    buys_own_lease: bool = True  # buy out its own lease when money is plentiful
    stops_near: float | None = None  # at a six, stop whoever holds this share of the target in
    # cash and leases, the nearest FINISH, else take the $10,000 (None: stop the richest in cash)
    step_cost: int = STEP_COST  # what a space further from its goal costs a destination
    takes_singles: bool = False  # take a small business that stands alone beside others held


SENSIBLE = Style()
SHARP = Style(
    finish_by_odds=True,
    sale_stunts=0.5,
    buys_own_lease=False,
    stops_near=0.8,
    step_cost=2_000,
    takes_singles=True,
)


def _distances_from(first: int) -> tuple[int, ...]:
    far = [10_000] * len(SPACES)
    far[first] = 0
    todo = deque([first])
    while todo:
        here = todo.popleft()
        for nxt in EXITS[here]:
            if far[nxt] > far[here] + 1:
                far[nxt] = far[here] + 1
                todo.append(nxt)
    return tuple(far)


DISTANCE = tuple(_distances_from(s) for s in range(len(SPACES)))  # along the roads, one way


def distance(position: int | None, space: int) -> int:
    """Spaces to drive from `position` (None: off the board, START counting one) to `space`."""
    return 1 + DISTANCE[START][space] if position is None else DISTANCE[position][space]


class Seen(Protocol):
    """What the bot reads of what its seat sees: a `MillionView`, or in a playout a
    `MillionSight`."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def stage(self) -> str: ...
    @property
    def cash(self) -> Sequence[int]: ...
    @property
    def holder(self) -> Sequence[int]: ...
    @property
    def leased(self) -> Sequence[bool]: ...
    @property
    def position(self) -> Sequence[int | None]: ...
    @property
    def landed(self) -> int | None: ...
    @property
    def target(self) -> int: ...
    @property
    def one_way(self) -> bool: ...
    @property
    def exact_finish(self) -> bool: ...
    @property
    def stunt_spaces(self) -> dict[int, tuple[int, ...]]: ...
    def held(self, seat: int) -> tuple[int, ...]: ...
    def signs_left(self, seat: int) -> int: ...
    def cash_at_finish(self, seat: int) -> int: ...
    def income(self, seat: int) -> int: ...


class HeuristicBot:
    def __init__(self, seed: int, style: Style = SENSIBLE) -> None:
        """Deterministic: `seed` is not needed."""
        self.style = style

    def choose(self, view: Seen, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        if view.phase == "six":
            return self._six(view, me, legal)
        if view.stage == SETUP:
            free = [a for a in legal if isinstance(a, A.ChooseFree)]
            return min(
                free, key=lambda a: (distance(None, BUSINESSES[a.business].space), a.business)
            )
        if view.stage == ROLL:
            return self._sell(view, me, legal) or A.Roll()
        if view.stage == MOVE:
            return self._drive(view, me, legal)
        if view.stage == AFTER:
            return self._finish(view, me, legal) or self._acquire(view, me, legal) or A.EndTurn()
        return legal[0]

    # -- what things are worth to it -----------------------------------------------------------

    def _gain(self, view: Seen, me: int, business: int) -> int:
        """What holding `business` adds to its stunt income, and to its groups' room to grow."""
        held = view.held(me)
        free = sum(view.holder[n] == -1 for n in NEIGHBOURS[business])
        return income_of((*held, business)) - income_of(held) + GROWTH * free

    def _can_finish(self, view: Seen, me: int) -> bool:
        return view.cash_at_finish(me) >= view.target

    def _turns_to_finish(self, view: Seen, space: int | None) -> float:
        return turns_to_finish(space, view.one_way, view.exact_finish)

    def _best_take(self, view: Seen, me: int, businesses: Iterable[int]) -> int:
        """The most it would gain by taking one of `businesses`, as things stand."""
        if view.signs_left(me) <= 0:
            return 0
        best = 0
        for b in businesses:
            price = BUSINESSES[b].lease or BUSINESSES[b].buy
            if (
                view.holder[b] == -1
                and price <= view.cash[me]
                or view.holder[b] not in (-1, me)
                and view.leased[b]
                and BUSINESSES[b].buy <= view.cash[me]
            ):
                best = max(best, self._gain(view, me, b))
        return best

    # -- the decisions -------------------------------------------------------------------------

    def _six(self, view: Seen, me: int, legal: Sequence[Action]) -> Action:
        skips = [a for a in legal if isinstance(a, A.SkipPlayer)]
        near = self.style.stops_near
        if near is not None and A.TakeTen() in legal:
            nearly_done = [a for a in skips if view.cash_at_finish(a.seat) >= near * view.target]
            if not nearly_done:
                return A.TakeTen()
            return min(
                nearly_done,
                key=lambda a: (self._turns_to_finish(view, view.position[a.seat]), a.seat),
            )
        if skips:
            leader = max(skips, key=lambda a: (view.cash[a.seat], view.income(a.seat)))
            if view.cash[leader.seat] >= view.cash[me] or A.TakeTen() not in legal:
                return leader
        return A.TakeTen()

    def _sell(self, view: Seen, me: int, legal: Sequence[Action]) -> A.Sell | None:
        """Sell, instead of rolling, a bought business that earns it less at a stunt than the
        sale roll's odds promise over its price."""
        held = view.held(me)
        sales = [
            a
            for a in legal
            if isinstance(a, A.Sell)
            and (SALE_ODDS - 1) * BUSINESSES[a.business].buy
            > self.style.sale_stunts
            * (income_of(held) - income_of([b for b in held if b != a.business]))
        ]
        if self._can_finish(view, me) or not sales:
            return None
        return max(sales, key=lambda a: BUSINESSES[a.business].buy)

    def _drive(self, view: Seen, me: int, legal: Sequence[Action]) -> Action:
        finishing = self._can_finish(view, me)
        drives = [a for a in legal if isinstance(a, A.Drive)]
        if finishing and self.style.finish_by_odds:
            return min(drives, key=lambda a: (self._turns_to_finish(view, a.space), a.space))
        stunts = view.stunt_spaces
        income = view.income(me)
        goals = [FINISH] if finishing else [s for s in stunts if income] or list(REAL_ESTATE)

        def worth(action: A.Drive) -> float:
            space = action.space
            if space == FINISH and finishing:
                return 1e9
            score = 0.0
            if space in stunts:
                score += income
            if space in REAL_ESTATE:
                score += self._best_take(view, me, range(len(BUSINESSES)))
            elif SPACES[space].businesses:
                score += self._best_take(view, me, SPACES[space].businesses)
            return score - self.style.step_cost * min(distance(space, g) for g in goals)

        return max(drives, key=lambda a: (worth(a), -a.space))

    def _finish(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        """On FINISH with enough in cash and leases: end leases until the cash is there."""
        if view.landed != FINISH or view.position[me] != FINISH or not self._can_finish(view, me):
            return None
        return next((a for a in legal if type(a) is A.EndLease), None)

    def _acquire(self, view: Seen, me: int, legal: Sequence[Action]) -> Action | None:
        """Take the business that adds most: leased if it may be, else bought; a rival's lease
        bought from them; its own lease bought when money is plentiful."""
        if self._can_finish(view, me):
            return None
        choices = [
            a
            for a in map(
                lambda b: self._take(view, me, legal, b),
                {a.business for a in legal if isinstance(a, (A.Buy, A.Lease))},
            )
            if a is not None
        ]
        return max(
            choices, key=lambda a: (self._gain(view, me, a.business), -a.business), default=None
        )

    def _take(
        self, view: Seen, me: int, legal: Sequence[Action], business: int
    ) -> A.Lease | A.Buy | None:
        lease, buy = A.Lease(business), A.Buy(business)
        holder = view.holder[business]
        if holder == me:
            if not self.style.buys_own_lease:
                return None
            spare = view.cash[me] - (BUSINESSES[business].buy - BUSINESSES[business].lease)
            return buy if buy in legal and spare >= view.target // 4 else None
        if holder != -1:
            return buy if buy in legal else None
        if business in SINGLES and view.held(me) and not self.style.takes_singles:
            return None  # a small business alone is not worth a sign
        return lease if lease in legal else buy if buy in legal else None
