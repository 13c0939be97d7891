"""Million's actions. Spaces and businesses are named by their ids, players by seat."""

from __future__ import annotations

from collections import deque

from core.engine.actions import Action, ActionCodec, action_class

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


READABLE = {
    "business": lambda v: BUSINESSES[v].name,
    "space": space_name,
    "seat": lambda v: f"player {v + 1}",
}  # numbered from 1, as their keys are


def _action(name: str, kind: str, text: str, *fields: str) -> type[Action]:
    return action_class(name, kind, text, *fields, module=__name__, readable=READABLE)


ChooseFree = _action("ChooseFree", "choose-free", "take {business} free", "business")
Roll = _action("Roll", "roll", "roll the die")
Drive = _action("Drive", "drive", "drive to {space}", "space")
Buy = _action("Buy", "buy", "buy {business}", "business")
Lease = _action("Lease", "lease", "lease {business}", "business")
Sell = _action("Sell", "sell", "sell {business} (roll for the price)", "business")
EndLease = _action("EndLease", "end-lease", "end the lease of {business}", "business")
DropSign = _action(
    "DropSign", "drop-sign", "take your sign off {business} without selling", "business"
)
TakeTen = _action("TakeTen", "take-ten", "take $10,000")
SkipPlayer = _action("SkipPlayer", "skip-player", "make {seat} miss a turn", "seat")
EndTurn = _action("EndTurn", "end", "end your turn")

CODEC = ActionCodec(
    ChooseFree, Roll, Drive, Buy, Lease, Sell, EndLease, DropSign, TakeTen, SkipPlayer, EndTurn
)
