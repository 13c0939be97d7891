"""A game state's own fields, declared once: `Fields(shown("dice"), shown(LIST, "position"),
kept(LIST, "landings"), ...)`. From the one declaration come the state's `__slots__`, the lists
its `copy` copies apart (`COPIED`: those play changes in place), the fields its view shows as
they are (lists as tuples), and what a state consistent with a view restores from it
(`StackedTurns._restore`). A field the view shows otherwise, or hides, is `kept`: the game's
view and determinize say what becomes of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

LIST = True  # a list that play changes in place: copied apart, shown as a tuple


@dataclass(frozen=True)
class Field:
    name: str
    changed_in_place: bool  # a list play changes in place (else replaced whole, or immutable)
    shown: bool  # the view shows it under its own name, as it is


def shown(*spec: bool | str) -> Field:
    """A field the view shows as it is: `shown("dice")`, or `shown(LIST, "position")`."""
    *flags, name = spec
    return Field(str(name), bool(flags and flags[0]), True)


def kept(*spec: bool | str) -> Field:
    """A field the view shows otherwise, or not at all: `kept(LIST, "decks")`."""
    *flags, name = spec
    return Field(str(name), bool(flags and flags[0]), False)


class Fields:
    """A game state's own fields (those of `StackedTurns` come with it)."""

    def __init__(self, *fields: Field) -> None:
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError("a field declared twice")
        self.fields = fields
        self.slots = tuple(names)  # the state's __slots__
        self.copied = tuple(f.name for f in fields if f.changed_in_place)  # its COPIED
        self.listed = tuple(f.name for f in fields if f.shown and f.changed_in_place)
        self.shared = tuple(f.name for f in fields if f.shown and not f.changed_in_place)
        self.show = _shower(self.listed, self.shared)


def _shower(
    listed: tuple[str, ...], shared: tuple[str, ...]
) -> Callable[[Any, dict[str, Any]], dict[str, Any]]:
    """show(state, fields): `fields` (a view's other fields) with those the view shows as they
    are added (its lists as tuples), written out once as the view's own code would be: a loop
    of getattr, or a dict merged into the view's, was slower where views are made at every
    decision (Big Shot's heuristic bots: 1.3% more instructions a game)."""
    lines = [f"    fields['{name}'] = tuple(state.{name})\n" for name in listed]
    lines += [f"    fields['{name}'] = state.{name}\n" for name in shared]
    source = "def show(state, fields):\n" + "".join(lines) + "    return fields\n"
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 - the source is made of field names only
    shower: Callable[[Any, dict[str, Any]], dict[str, Any]] = scope["show"]
    return shower
