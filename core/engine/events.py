"""What happens in a game, as structured events: a kind and its fields, and, in one table per
game, the sentence each kind reads as in the log.

A state records `Event(round, kind, args)`; the game's `Sentences` names each kind's fields (in
the order of `args`) and says how it reads. Views carry the events; the log is their sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple


class Event(NamedTuple):
    round: int
    kind: str
    args: tuple[Any, ...]


# new_event((round, kind, args)) is Event(round, kind, args) made as a tuple is made: a named
# tuple's own constructor is a Python function, and a game records an event or two an action.
new_event = partial(tuple.__new__, Event)


class Sentences:
    """One game's events: kind -> (its fields, a format string or a function of the fields)."""

    def __init__(self, table: dict[str, tuple[tuple[str, ...], str | Callable[..., str]]]):
        self.table = table

    def text(self, event: Event) -> str:
        _, template = self.table[event.kind]
        if isinstance(template, str):
            return template.format(*event.args)
        return template(*event.args)

    def fields(self, event: Event) -> dict[str, Any]:
        """The event's fields by name, with its kind and round."""
        names, _ = self.table[event.kind]
        return {"round": event.round, "kind": event.kind, **dict(zip(names, event.args))}
