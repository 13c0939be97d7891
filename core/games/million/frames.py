"""The Million turn's vocabulary: stages, the six's choice, and the game's fixed sums."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from core.engine.decisions import Frame
from core.engine.turns import OVER as OVER  # the stage once over, for this game's modules

from .board import BUSINESSES

# the current player's stage: choosing the free business at setup, before the roll, choosing
# where to drive, and after moving (or selling instead)
SETUP, ROLL, MOVE, AFTER = "setup", "roll", "move", "after"

START_CASH = 10_000
SIGNS = 7  # SOLD signs a player has
SIX_BONUS = 10_000
FACE_UP = {2: 2, 3: 2, 4: 3, 5: 4, 6: 4}  # publicity stunt cards face up, by players
SIX_RULES = ("choose", "money", "skip", "off")  # the variant: what a six gives


@dataclass(slots=True)
class SixChoice(Frame):
    """A six was rolled: take $10,000 or make an opponent miss a turn."""

    kind: ClassVar[str] = "six"
    chooser: int

    @property
    def seat(self) -> int:
        return self.chooser


def sale_price(buy: int, roll: int) -> int:
    """What a business bought at `buy` sells for on the sale roll (docs/rulings.md): 1-2 half,
    rounded up to $10,000; 3-4 the full price; 5 double; 6 triple."""
    if roll <= 2:
        return -(-buy // 20_000) * 10_000
    return buy * (1, 1, 2, 3)[roll - 3]


def take_cost(
    business: int, lease: bool, seat: int, holder: Sequence[int], leased: Sequence[bool]
) -> int:
    """What `seat` pays to lease or buy `business` (buying its own lease: the rest of the price)."""
    found = BUSINESSES[business]
    if lease:
        return found.lease
    return found.buy - found.lease if holder[business] == seat and leased[business] else found.buy


def why_not_take(
    business: int, lease: bool, seat: int, holder: Sequence[int], leased: Sequence[bool], cash: int
) -> str | None:
    """Why `seat`, holding `cash`, may not buy (or lease) `business` where it is on offer: it
    is bought, it has no lease price or is leased, every sign is out, or it costs too much;
    None where it may."""
    found = BUSINESSES[business]
    held_by, on_lease = holder[business], leased[business]
    if held_by != -1 and not on_lease:
        return f"{found.name} is bought already"
    if lease:
        if not found.lease:
            return f"{found.name} has no lease price"
        if held_by != -1:
            return f"{found.name} is leased already"
    if held_by != seat and holder.count(seat) >= SIGNS:
        return f"all your {SIGNS} SOLD signs are out: end a lease or move a sign first"
    cost = take_cost(business, lease, seat, holder, leased)
    if cost > cash:
        return f"it costs ${cost:,} and you have ${cash:,}"
    return None
