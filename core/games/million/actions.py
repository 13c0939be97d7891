"""Million's actions. Spaces and businesses are named by their ids, players by seat."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import ClassVar

from core.engine.actions import Action, ActionCodec, action

from .board import BUSINESSES, EXITS_BOTH_WAYS, SPACES


def _own_name(space: int) -> str:
    s = SPACES[space]
    if s.landmark:
        return f"the {s.landmark}"
    if s.businesses:
        return "/".join(BUSINESSES[b].name for b in s.businesses)
    return {"start": "START", "finish": "FINISH", "real_estate": "Real Estate"}.get(s.kind, "")


def _nearest_name(space: int) -> str:
    """The road space's name: by the nearest space that has one (the first in road order)."""
    seen, todo = {space}, deque([space])
    while todo:
        here = todo.popleft()
        if _own_name(here):
            return f"the road by {_own_name(here)}"
        for nxt in EXITS_BOTH_WAYS[here]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return "the road"


SPACE_NAMES = tuple(_own_name(s.id) or _nearest_name(s.id) for s in SPACES)


def space_name(space: int) -> str:
    return SPACE_NAMES[space]


class MillionAction(Action):
    """A Million action: a business and a space read by name, a seat numbered from 1 (as its
    key is)."""

    __slots__ = ()
    READABLE: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "business": lambda v: BUSINESSES[v].name,
        "space": space_name,
        "seat": lambda v: f"player {v + 1}",
    }


@action("choose-free", "take {business} free")
class ChooseFree(MillionAction):
    business: int


@action("roll", "roll the die")
class Roll(MillionAction): ...


@action("drive", "drive to {space}")
class Drive(MillionAction):
    space: int


@action("buy", "buy {business}")
class Buy(MillionAction):
    business: int


@action("lease", "lease {business}")
class Lease(MillionAction):
    business: int


@action("sell", "sell {business} (roll for the price)")
class Sell(MillionAction):
    business: int


@action("end-lease", "end the lease of {business}")
class EndLease(MillionAction):
    business: int


@action("drop-sign", "take your sign off {business} without selling")
class DropSign(MillionAction):
    business: int


@action("take-ten", "take $10,000")
class TakeTen(MillionAction): ...


@action("skip-player", "make {seat} miss a turn")
class SkipPlayer(MillionAction):
    seat: int


@action("end", "end your turn")
class EndTurn(MillionAction): ...


CODEC = ActionCodec(
    ChooseFree, Roll, Drive, Buy, Lease, Sell, EndLease, DropSign, TakeTen, SkipPlayer, EndTurn
)
