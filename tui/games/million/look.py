"""How Million looks: seat badges (a digit on its colour, as in every game here), each set's
colour, short names that fit a space, the road's styles, and money ($40k, $1.2M)."""

from __future__ import annotations

import functools

from rich.style import Style

from core.games.million.board import BUSINESSES, LANDMARKS, SPACES

from ...look import EMPTY, SEAT_BADGES, SEAT_COLOURS, seat_badge, seat_label
from ...look import dollars as money

__all__ = ["EMPTY", "SEAT_BADGES", "SEAT_COLOURS", "money", "seat_badge", "seat_label"]

SET_COLOURS = {
    "A": "#ef9a9a",
    "B": "#90caf9",
    "C": "#a5d6a7",
    "D": "#ffe082",
    "E": "#ce93d8",
    "F": "#80deea",
    "single": "#bdbdbd",
}
ROAD = Style(bgcolor="#3c3c3c", color="#9e9e9e")
BLOCK = Style(bgcolor="#1a1a1a", color="#757575")
LANDMARK = Style(bgcolor="#3c3c3c", color="#ffd54f")
STUNT = Style(bgcolor="#ffd54f", color="#000000", bold=True)  # a face-up stunt's location
START_STYLE = Style(bgcolor="#2e7d32", color="#ffffff", bold=True)
FINISH_STYLE = Style(bgcolor="#eeeeee", color="#000000", bold=True)
REAL_ESTATE_STYLE = Style(bgcolor="#6a1b9a", color="#ffffff", bold=True)
CURSOR = Style(reverse=True, bold=True)
DESTINATION = Style(bgcolor="#43a047", color="#000000", bold=True)
PATH = Style(bgcolor="#1b5e20", color="#c8e6c9")

# Landmarks in five letters (the full board) and three (the compact one); the Turn panel and
# the cursor's line name them in full.
SHORT_LANDMARKS = {
    "Circus": ("Circs", "Cir"),
    "Town Hall": ("TownH", "TwH"),
    "TV Station": ("TV St", "TV"),
    "Beach": ("Beach", "Bch"),
    "Airport": ("Airpt", "Air"),
    "Zoo": ("Zoo", "Zoo"),
    "Museum": ("Musem", "Mus"),
    "Hospital": ("Hospl", "Hsp"),
    "Stadium": ("Stadm", "Std"),
    "Harbour": ("Harbr", "Hbr"),
    "Cinema": ("Cinma", "Cin"),
    "Fire Station": ("FireS", "Fir"),
    "Radio Tower": ("Radio", "Rad"),
    "Racetrack": ("Racet", "Rce"),
    "Library": ("Libry", "Lib"),
    "Market": ("Markt", "Mkt"),
}
assert set(SHORT_LANDMARKS) == set(LANDMARKS)


@functools.cache
def set_style(business: int) -> Style:
    """A business's name in its set's colour (the same style each time: a drawing compared
    with the one before finds it at once)."""
    return Style(color=SET_COLOURS[BUSINESSES[business].set], bold=True)


def space_label(space: int, compact: bool) -> str:
    """What a space shows of itself: its businesses' codes, its landmark, START, FINISH, Real
    Estate, or the road."""
    s = SPACES[space]
    if s.businesses:
        return "".join(BUSINESSES[b].name for b in s.businesses)
    if s.landmark:
        return SHORT_LANDMARKS[s.landmark][compact]
    return {
        "start": ("START", "STA"),
        "finish": ("FINSH", "FIN"),
        "real_estate": ("R.Est", "R$"),
    }.get(s.kind, ("", ""))[compact]


def price_text(business: int) -> str:
    """$30k, lease $10k (or no lease)."""
    b = BUSINESSES[business]
    lease = f"lease {money(b.lease, True)}" if b.lease else "no lease"
    return f"{money(b.buy, True)}, {lease}"
