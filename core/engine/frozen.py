"""State kept in tuples: replaced when it changes, never changed in place.

A game whose views show a field as it stands (who owns each square, its buildings) keeps it as
a tuple, so a view, a copy of the state for a search and a cache of what follows from it all
share the one object instead of copying it; a change makes a new tuple (`replaced`), which is
rare beside the views made of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def replaced(values: tuple[T, ...], indices: Iterable[int], value: T) -> tuple[T, ...]:
    """`values` with every item at `indices` replaced by `value`."""
    changed = list(values)
    for index in indices:
        changed[index] = value
    return tuple(changed)
