"""What happens in a game, as structured events: a kind and its fields, and, in one table per
game, the sentence each kind reads as in the log.

A state records each event as a plain tuple (round, kind, args), the cheapest thing to make at
every action; `Event` is the same tuple with its parts named, as views hand them out (`named`).
The game's `Sentences` names each kind's fields (in the order of `args`) and says how it reads.
Views carry the events; the log is their sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Event(NamedTuple):
    round: int
    kind: str
    args: tuple[Any, ...]


# An event as a state records it: (round, kind, args).
Recorded = tuple[int, str, tuple[Any, ...]]

# An event a state recorded, with its parts named: named((round, kind, args)).
named = Event._make


class Sentences:
    """One game's events: kind -> (its fields, a format string or a function of the fields)."""

    def __init__(self, table: dict[str, tuple[tuple[str, ...], str | Callable[..., str]]]):
        self.table = table

    def text(self, event: Recorded) -> str:
        """How an event (named or as a state records it) reads in the log."""
        _, kind, args = event
        _, template = self.table[kind]
        if isinstance(template, str):
            return template.format(*args)
        return template(*args)

    def fields(self, event: Recorded) -> dict[str, Any]:
        """The event's fields by name, with its kind and round."""
        round_, kind, args = event
        names, _ = self.table[kind]
        return {"round": round_, "kind": kind, **dict(zip(names, args))}
