"""What the simulator's statistics of several games share: how the games ended and how long
they lasted."""

from __future__ import annotations

from collections import Counter
from typing import Any


def endings_summary(endings: Counter[str], rounds: list[int]) -> dict[str, Any]:
    """How many games ended each way, and their rounds: mean, median and most."""
    ordered = sorted(rounds)
    return {
        "endings": dict(endings),
        "rounds_mean": sum(ordered) / len(ordered) if ordered else 0.0,
        "rounds_median": ordered[len(ordered) // 2] if ordered else 0,
        "rounds_max": ordered[-1] if ordered else 0,
    }
