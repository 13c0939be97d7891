"""How the Army game looks: seat badges, colour groups, short square names, money.

Every seat is a digit on its own colour (1 to 6), so seats stay distinguishable without colour.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.games.army.board import SQUARES

SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#00838f")
SEAT_BADGES = tuple(
    Style(color="#000000" if c == "#f9a825" else "#ffffff", bgcolor=c, bold=True)
    for c in SEAT_COLOURS
)
GROUP_COLOURS = {
    "brown": "#795548",
    "light_blue": "#81d4fa",
    "pink": "#ec407a",
    "orange": "#fb8c00",
    "red": "#e53935",
    "yellow": "#fdd835",
    "green": "#43a047",
    "dark_blue": "#283593",
    "garrison": "#9e9e9e",
    "utility": "#bdbdbd",
}
GROUP_NAMES = {
    "light_blue": "light blue",
    "dark_blue": "dark blue",
    "garrison": "Garrisons",
    "utility": "Utilities",
}
# a colour group's letter, beside its colour wherever deeds are listed: under colour blindness
# red, green, orange, brown and pink look alike (Garrisons and Utilities are named by their names)
GROUP_LETTERS = {
    "brown": "b",
    "light_blue": "l",
    "pink": "p",
    "orange": "o",
    "red": "r",
    "yellow": "y",
    "green": "g",
    "dark_blue": "d",
}
DARK_TEXT = {"light_blue", "yellow", "orange", "garrison", "utility"}
EMPTY = Style(dim=True)
MORTGAGED = Style(color="#ef5350", bold=True)
CARD = Style(color="#ffb74d", bold=True)

# Names that fit a square (squares.csv): on the full board in one or two lines ("Watch-|keeper");
# in one line of 6 (the compact board's corners); in 3 characters (the rest of the compact board
# and the Ledger).
LABELS = tuple(square.label for square in SQUARES)
SHORT = tuple(square.short for square in SQUARES)
TINY = tuple(square.tiny for square in SQUARES)


def money(amount: int, compact: bool = False) -> str:
    """£1,500; compact, from £10,000 on, in six characters: £14.1k (the small ledger's
    columns are seven wide)."""
    if amount < 0:
        return "-" + money(-amount, compact)
    if compact and amount >= 10_000:
        return f"£{amount / 1000:.1f}k" if amount < 99_950 else f"£{amount // 1000}k"
    return f"£{amount:,}"


def seat_badge(seat: int) -> Text:
    text = Text()
    text.append(str(seat + 1), SEAT_BADGES[seat])  # a span, so what follows keeps its own style
    return text


def seat_label(view, seat: int) -> Text:
    """The seat's badge and name, e.g. "1 Ann"."""
    text = seat_badge(seat)
    text.append(f" {view.players[seat]}")
    return text


def group_style(square: int) -> Style:
    """A square's name as it is printed on the board: on its group's colour, if it has one."""
    group = SQUARES[square].group
    if not group:
        return Style(bold=True)
    return Style(
        bgcolor=GROUP_COLOURS[group],
        bold=True,
        color="#000000" if group in DARK_TEXT else "#ffffff",
    )


def group_name(group: str) -> str:
    return GROUP_NAMES.get(group, group)


def buildings(level: int, compact: bool = False) -> str:
    """Ammo Stores as ▪ (one each), a Barracks as ▲; on the compact board one character, a bar
    as high as the number of Stores."""
    if level == 5:
        return "▲"
    return "▂▄▆█"[level - 1] if compact and level else "▪" * level
