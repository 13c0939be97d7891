"""What every game's look shares: each seat's colour and badge (a digit on its colour), the
dim style of what is empty, and money in pounds (Army) or dollars (Stadium, Million). Big Shot's
colours are its cubes', and its own."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#00838f")
SEAT_BADGES = tuple(
    Style(color="#000000" if c == "#f9a825" else "#ffffff", bgcolor=c, bold=True)
    for c in SEAT_COLOURS
)
EMPTY = Style(dim=True)


def pounds(amount: int, compact: bool = False) -> str:
    """£1,500; compact, from £10,000 on, in six characters: £14.1k (the small ledger's
    columns are seven wide)."""
    if amount < 0:
        return "-" + pounds(-amount, compact)
    if compact and amount >= 10_000:
        return f"£{amount / 1000:.1f}k" if amount < 99_950 else f"£{amount // 1000}k"
    return f"£{amount:,}"


def dollars(amount: int, compact: bool = False) -> str:
    """$200,000; compact: $200k, $1.2M."""
    if amount < 0:
        return "-" + dollars(-amount, compact)
    if compact and amount >= 1_000_000:
        return f"${amount / 1_000_000:.1f}M".replace(".0M", "M")
    if compact and amount >= 10_000:
        return f"${amount // 1000}k"
    return f"${amount:,}"


def seat_badge(seat: int) -> Text:
    text = Text()
    text.append(str(seat + 1), SEAT_BADGES[seat])  # a span, so what follows keeps its own style
    return text


def seat_label(view: Any, seat: int) -> Text:
    """The seat's badge and name, e.g. "1 Ann"."""
    text = seat_badge(seat)
    text.append(f" {view.players[seat]}")
    return text
