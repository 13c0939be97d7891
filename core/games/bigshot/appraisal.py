"""How good a Big Shot board looks to one player: the heuristic bot's measure, exact and cheap to
patch one lot at a time.

Every lot has a likely holder and how sure that is: a settled or full lot is sure, an open lot's
lead counts `k` (a little early, nearly fully at the end: it can be overturned until then), an
empty or tied lot is nobody's. A lot is worth its value (times 1 + the certainty of its park when
the same colour leads both), a park half the values of its holder's neighbours; that worth times
the lot's certainty counts for me, half of it against me for anyone else, and each of my colours
gets a bonus for its first two lots (fewer cannot win).

Each term is a whole number of quarters times 1, k or k², so the board keeps three integers and a
cube placed on a lot changes only the terms of the few lots it touches (the lot, its park, or a
park's neighbours). Equal boards get equal values, in whatever order they were reached: a bot's
choice between equally good placements is the first of them, never a rounding accident.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import (
    CUBE_COUNTS,
    LOT_CAPACITY,
    LOTS,
    N_LOTS,
    ONE_MORE,
    PARK_NEIGHBOURS,
    PARKS,
    ROUNDS,
    lot_winner,
)

if TYPE_CHECKING:
    from .bots import Seen

OPEN_LOT_CERTAINTY = 0.15  # how far a lead on an open lot counts in the first round
TWO_LOT_BONUS = 8.0  # per lot, for the first two of each of my colours
NOBODY, OPEN, SURE = 0, 1, 2  # how sure a lot's holder is (NOBODY: no holder)
Terms = tuple[int, ...]  # a value in quarters of 1, k and k²
Lead = tuple[int, int]  # a colour's lead on a lot: (colour, how sure)

LOT_VALUE = tuple(lot.value for lot in LOTS)
PARK_LOT = tuple(PARKS[lot.park] if lot.park is not None else -1 for lot in LOTS)
PARK_SIDES = tuple(
    tuple((n, LOTS[n].value) for n in PARK_NEIGHBOURS[i]) if lot.is_park else None
    for i, lot in enumerate(LOTS)
)
# the lots whose terms depend on who holds a lot: itself, its park, a park's neighbours
TOUCHED = tuple(
    (lot, *((PARK_LOT[lot],) if PARK_LOT[lot] >= 0 else ()), *PARK_NEIGHBOURS.get(lot, ()))
    for lot in range(N_LOTS)
)

# Every way a lot can hold cubes: its holder and how sure.
HOLDER = {
    c: (-1, NOBODY)
    if lot_winner(c) < 0
    else (lot_winner(c), SURE if sum(c) == LOT_CAPACITY else OPEN)
    for c in CUBE_COUNTS
}
ZERO = (0, 0, 0)


def open_certainty(round_: int) -> float:
    """k: how far an open lot's lead counts in this round."""
    lateness = (round_ - 1) / (ROUNDS - 1)
    return OPEN_LOT_CERTAINTY + (1 - OPEN_LOT_CERTAINTY) * lateness**3


def _depending_on() -> tuple[tuple[int, ...], ...]:
    """For each lot, the lots whose placements' effect changes when its holder does."""
    reads = [set().union(*(TOUCHED[t] for t in TOUCHED[lot])) for lot in range(N_LOTS)]
    return tuple(tuple(m for m in range(N_LOTS) if lot in reads[m]) for lot in range(N_LOTS))


DEPENDING_ON = _depending_on()


class Appraisal:
    """The board as colours `me` see it, with lots' cube counts that a bot may change."""

    __slots__ = (
        "me",
        "ghost",
        "k",
        "settled",
        "counts",
        "owner",
        "level",
        "terms",
        "total",
        "held",
        "changes",
        "bonus",
        "current",
    )

    def __init__(self, view: Seen, me: tuple[int, ...]) -> None:
        self.me, self.ghost, self.k = me, view.ghost, open_certainty(view.round)
        self.settled, self.counts = view.settled, list(view.lots)
        self.owner, self.level = [-1] * N_LOTS, [NOBODY] * N_LOTS
        for lot in range(N_LOTS):
            if self.settled[lot]:
                self.owner[lot], self.level[lot] = view.owners[lot], SURE
            else:
                self.owner[lot], self.level[lot] = HOLDER[self.counts[lot]]
        self.terms = [self._term(lot) for lot in range(N_LOTS)]
        self.total = tuple(map(sum, zip(*self.terms)))
        # per colour of mine: how many lots it leads, by how sure (NOBODY, OPEN, SURE)
        self.held = {c: [0, 0, 0] for c in me}
        for lot in range(N_LOTS):
            if self.owner[lot] in self.held:
                self.held[self.owner[lot]][self.level[lot]] += 1
        # per lot, what a new holder there would change of the total, kept until a lot whose
        # holder it reads changes hands
        self.changes: list[dict[Any, Any]] = [{} for _ in range(N_LOTS)]
        self.bonus = self._bonus()
        self.current = self._value(self.total)

    def value(self) -> float:
        return self.current

    def open_lots(self) -> list[int]:
        """The lots that take another cube."""
        return [
            lot
            for lot in range(N_LOTS)
            if not self.settled[lot] and sum(self.counts[lot]) < LOT_CAPACITY
        ]

    def value_with(self, lot: int, colour: int) -> float:
        """The value if one more cube of `colour` lay on `lot` (an open lot)."""
        holder = HOLDER[ONE_MORE[self.counts[lot]][colour]]
        was = self.owner[lot], self.level[lot]
        if holder == was:
            return self.current
        change = self.changes[lot].get(holder)
        if change is None:
            change = self.changes[lot][holder] = self._change(lot, holder)
        total, held, k = self.total, self.held, self.k
        # _value, written out: the bot weighs some twenty placements a step
        if was[0] in held or holder[0] in held:
            bonus = self._bonus(was, holder)
        else:
            bonus = self.bonus
        return (
            (total[0] + change[0]) + (total[1] + change[1]) * k + (total[2] + change[2]) * k * k
        ) / 4 + bonus

    def place(self, colour: int, lot: int) -> None:
        """Put one more cube of `colour` on `lot` (an open lot)."""
        self.counts[lot] = counts = ONE_MORE[self.counts[lot]][colour]
        holder = HOLDER[counts]
        was = self.owner[lot], self.level[lot]
        if holder == was:
            return
        self.total = tuple(t + c for t, c in zip(self.total, self._change(lot, holder)))
        self.owner[lot], self.level[lot] = holder
        for n in TOUCHED[lot]:
            self.terms[n] = self._term(n)
        for colour_, level, step in (*was, -1), (*holder, 1):
            if colour_ in self.held:
                self.held[colour_][level] += step
        for m in DEPENDING_ON[lot]:
            self.changes[m].clear()
        self.bonus = self._bonus()
        self.current = self._value(self.total)

    def _change(self, lot: int, holder: tuple[int, int]) -> tuple[int, int, int]:
        """What the total would gain if `holder` led `lot`."""
        owner, level, terms = self.owner, self.level, self.terms
        was = owner[lot], level[lot]
        owner[lot], level[lot] = holder
        c0 = c1 = c2 = 0
        for n in TOUCHED[lot]:
            (a, b, c), (x, y, z) = self._term(n), terms[n]
            c0, c1, c2 = c0 + a - x, c1 + b - y, c2 + c - z
        owner[lot], level[lot] = was
        return c0, c1, c2

    def _term(self, lot: int) -> tuple[int, int, int]:
        """What `lot` adds to the board's value, in quarters of 1, k and k²."""
        owner = self.owner
        colour = owner[lot]
        if colour < 0 or colour == self.ghost:
            return ZERO
        mine = colour in self.me
        sides = PARK_SIDES[lot]
        if sides is not None:  # a park: half its neighbours' values, for me; half that against
            worth = sum(value for n, value in sides if owner[n] == colour) * (2 if mine else -1)
            return (worth, 0, 0) if self.level[lot] == SURE else (0, worth, 0)
        worth = LOT_VALUE[lot] * (4 if mine else -2)
        park = PARK_LOT[lot]
        if park >= 0 and owner[park] == colour:  # doubled by the park, as sure as the park is
            one, k = (2 * worth, 0) if self.level[park] == SURE else (worth, worth)
        else:
            one, k = worth, 0
        return (one, k, 0) if self.level[lot] == SURE else (0, one, k)

    def _value(self, total: Terms, lost: Lead | None = None, won: Lead | None = None) -> float:
        """The value of a total of terms, with my colours' lots as held but for one lead `lost`
        and one `won` (colour, how sure)."""
        k, held = self.k, self.held
        if (lost is None or lost[0] not in held) and (won is None or won[0] not in held):
            bonus = self.bonus
        else:
            bonus = self._bonus(lost, won)
        value: float = (total[0] + total[1] * k + total[2] * k * k) / 4 + bonus
        return value

    def _bonus(self, lost: Lead | None = None, won: Lead | None = None) -> float:
        """My colours' bonus for their first two lots, as `_value` counts them."""
        k, bonus = self.k, 0.0
        for colour, (_, open_, sure) in self.held.items():
            if lost and lost[0] == colour:
                open_, sure = open_ - (lost[1] == OPEN), sure - (lost[1] == SURE)
            if won and won[0] == colour:
                open_, sure = open_ + (won[1] == OPEN), sure + (won[1] == SURE)
            bonus += TWO_LOT_BONUS * min(2.0, sure + k * open_)
        return bonus
