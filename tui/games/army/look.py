"""How the Army game looks: seat badges, colour groups, short square names, money.

Every seat is a digit on its own colour (1 to 6), so seats stay distinguishable without colour.
"""

from __future__ import annotations

import functools

from rich.style import Style

from core.games.army.board import SQUARES

from ...look import EMPTY, SEAT_BADGES, SEAT_COLOURS, seat_badge, seat_label
from ...look import pounds as money

__all__ = ["EMPTY", "SEAT_BADGES", "SEAT_COLOURS", "money", "seat_badge", "seat_label"]

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
MORTGAGED = Style(color="#ef5350", bold=True)
CARD = Style(color="#ffb74d", bold=True)

# Names that fit a square (squares.csv): on the full board in one or two lines ("Watch-|keeper");
# in one line of 6 (the compact board's corners); in 3 characters (the rest of the compact board
# and the Ledger).
LABELS = tuple(square.label for square in SQUARES)
SHORT = tuple(square.short for square in SQUARES)
TINY = tuple(square.tiny for square in SQUARES)


@functools.cache
def group_style(square: int) -> Style:
    """A square's name as it is printed on the board: on its group's colour, if it has one
    (the same style each time: a drawing compared with the one before finds it at once)."""
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
