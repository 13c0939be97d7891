"""Final reckoning: lot values (doubled next to an own park) + cash - 10 per debit card.

Only a player with at least two lots (two per colour in the 2-player game) can win; ties go to
more lots, then to the most valuable single lot (its doubled value). The ghost's lots score for
nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.engine.game import Result

from .board import COLOURS, LOAN_DEBT, LOTS, lot_worth

if TYPE_CHECKING:
    from .state import BigShotState

MIN_LOTS = 2


@dataclass(frozen=True)
class SeatScore:
    """One seat's balance sheet; `lots` lists (lot, colour, worth) with parks worth 0."""

    lots: tuple[tuple[int, int, int], ...]
    lot_value: int
    cash: int
    debt: int
    eligible: bool

    @property
    def total(self) -> int:
        return self.lot_value + self.cash - self.debt

    @property
    def best_lot(self) -> int:
        return max((worth for _, _, worth in self.lots), default=0)


@dataclass(frozen=True)
class BigShotResult(Result):
    """A result whose details are each seat's balance sheet."""

    details: tuple[SeatScore, ...] = ()


def score(
    seat_colours: Sequence[Sequence[int]],
    owners: Sequence[int],
    balances: Sequence[int],
    loans: Sequence[int],
) -> list[SeatScore]:
    """Every seat's balance sheet for this ownership and money (unsettled lots count for nobody)."""
    by_colour: list[list[int]] = [[], [], [], []]
    for lot, owner in enumerate(owners):
        if owner >= 0:
            by_colour[owner].append(lot)
    scores = []
    for colours in seat_colours:
        lots: list[tuple[int, int, int]] = []
        cash, debt, eligible = 0, 0, True
        for colour in colours:
            mine = by_colour[colour]
            lots.extend((lot, colour, lot_worth(lot, colour, owners)) for lot in mine)
            cash += balances[colour]
            debt += LOAN_DEBT * loans[colour]
            eligible = eligible and len(mine) >= MIN_LOTS
        scores.append(SeatScore(tuple(lots), sum(w for _, _, w in lots), cash, debt, eligible))
    return scores


def decide(state: BigShotState) -> BigShotResult:
    scores = score(state.seat_colours, state.owners, state.ledger.balances, state.loans)
    names = state.players
    totals = tuple(s.total for s in scores)
    contenders = [seat for seat, s in enumerate(scores) if s.eligible]
    if not contenders:
        need = "two lots with each colour" if len(state.seat_colours[0]) > 1 else "two lots"
        return BigShotResult((), totals, f"Nobody acquired {need}, so nobody wins.", tuple(scores))
    reason = ""
    for label, key in (
        ("balance", lambda s: s.total),
        ("more lots", lambda s: len(s.lots)),
        ("the most valuable lot", lambda s: s.best_lot),
    ):
        best = max(key(scores[seat]) for seat in contenders)
        leaders = [seat for seat in contenders if key(scores[seat]) == best]
        if len(leaders) == 1:
            if len(contenders) > 1 and label != "balance":
                tied = " and ".join(names[s] for s in contenders)
                reason = f" ({tied} tie; {names[leaders[0]]} wins on {label}: {best})"
            contenders = leaders
            break
        contenders = leaders
    winners = tuple(contenders)
    if len(winners) > 1:
        text = " and ".join(names[s] for s in winners)
        return BigShotResult(
            winners,
            totals,
            f"{text} share the win with {totals[winners[0]]}: tied on balance, lots and best lot.",
            tuple(scores),
        )
    seat = winners[0]
    return BigShotResult(
        winners, totals, f"{names[seat]} wins with {totals[seat]}{reason}.", tuple(scores)
    )


def describe_lot(lot: int, colour: int, worth: int) -> str:
    """A scored lot in words, e.g. "10 West x2 = 20 (red)"."""
    base = LOTS[lot]
    if base.is_park:
        return f"{base.name} (park, {COLOURS[colour]})"
    doubled = " x2" if worth != base.value else ""
    return f"{base.name}{doubled} = {worth} ({COLOURS[colour]})"
