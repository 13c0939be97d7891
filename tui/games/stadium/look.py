"""How Stadium looks: seat badges (a digit on its colour, as in every game here), building
classes, short building names, each lot's shade (neighbouring lots differ), money."""

from __future__ import annotations

from rich.style import Style

from core.games.stadium.board import CARDS, HEIGHT, LOTS, WIDTH

from ...look import EMPTY, SEAT_BADGES, SEAT_COLOURS, seat_badge, seat_label
from ...look import dollars as money

__all__ = ["EMPTY", "SEAT_BADGES", "SEAT_COLOURS", "money", "seat_badge", "seat_label"]

CLASS_STYLES = {
    "residential": Style(bgcolor="#1b5e20", color="#ffffff", bold=True),
    "commercial": Style(bgcolor="#8e1b1b", color="#ffffff", bold=True),
    "stadium": Style(bgcolor="#f9a825", color="#000000", bold=True),
}
CLASS_LETTER = {"residential": "R", "commercial": "C"}
CODES = {
    "Home": "Hm",
    "Townhouses": "Th",
    "Apartment Building": "Ap",
    "Shopping Centre": "SC",
    "Apartment Complex": "AC",
    "Garage": "Gr",
    "Office Building": "Of",
    "Office Tower": "OT",
    "Industrial Plant": "IP",
    "Industrial Complex": "IC",
    "Sports Stadium": "Stadium",
}
CARD_CODES = tuple(CODES[card.name] for card in CARDS)
STREET = Style(bgcolor="#3c3c3c", color="#9e9e9e")
RIVER = Style(bgcolor="#0d47a1", color="#90caf9")
PARK = Style(bgcolor="#1b3d1b", color="#66bb6a")
SHADES = ("#262626", "#333333", "#1c1c1c", "#3d3d3d", "#2b2b2b", "#161616")
CROWN = Style(color="#ffd54f", bold=True)  # a Venture card's text
CROWN_LOT = Style(bgcolor="#ffd54f", color="#000000", bold=True)  # a Crown lot's number
BANK_BADGE = Style(bgcolor="#9e9e9e", color="#000000", bold=True)  # "B" on the Bank's buildings


def owner_badge(owner: int, players: int) -> tuple[str, Style]:
    """The letter and style marking a building's owner: a seat's digit, or B for the Bank."""
    return ("B", BANK_BADGE) if owner == players else (str(owner + 1), SEAT_BADGES[owner])


def _lot_shades() -> tuple[int, ...]:
    """A shade for each lot, none the same as a neighbour's (greedy colouring)."""
    at = {cell: lot.id for lot in LOTS for cell in lot.cells}
    shades: list[int] = []
    for lot in LOTS:
        taken = {
            shades[at[(r + dr, c + dc)]]
            for r, c in lot.cells
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if at.get((r + dr, c + dc), lot.id) < lot.id
        }
        shades.append(next(i for i in range(len(SHADES)) if i not in taken))
    return tuple(shades)


LOT_SHADES = _lot_shades()
LOT_AT = {cell: lot.id for lot in LOTS for cell in lot.cells}
CELLS = HEIGHT * WIDTH
