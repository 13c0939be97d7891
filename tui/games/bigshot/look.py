"""How Big Shot's colours, cubes and lots look: shared by the board, auction and ledger widgets.

Every cube is a letter (R, Y, W, B) on its colour, so colours stay distinguishable without colour.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.games.bigshot.board import COLOUR_LETTERS, LOTS
from core.games.bigshot.view import BigShotView

from ...look import EMPTY

__all__ = ["EMPTY"]

BADGES = (
    Style(color="#ffffff", bgcolor="#c62828", bold=True),  # red
    Style(color="#000000", bgcolor="#fdd835", bold=True),  # yellow
    Style(color="#000000", bgcolor="#eeeeee", bold=True),  # white
    Style(color="#ffffff", bgcolor="#212121", bold=True),  # black
)

SHORT_NAMES = tuple(
    ("Pk" + lot.name.split()[1][0])
    if lot.is_park
    else (lot.name.split()[0] + lot.name.split()[1][0] if " " in lot.name else lot.name)
    for lot in LOTS
)


def badge(colour: int) -> Text:
    return Text(COLOUR_LETTERS[colour], BADGES[colour])


def cube_row(counts, slots: int = 0) -> Text:
    """Cubes as letters on their colours, e.g. RRY, padded with dots to `slots`."""
    text = Text()
    for colour, n in enumerate(counts):
        for _ in range(n):
            text.append_text(badge(colour))
    if slots > sum(counts):
        text.append("·" * (slots - sum(counts)), EMPTY)
    return text


def seat_label(view: BigShotView, seat: int) -> Text:
    """A player's name after the badges of their colours."""
    text = Text()
    for colour in view.seat_colours[seat]:
        text.append_text(badge(colour))
    text.append(" " + view.players[seat])
    return text


def owner_name(view: BigShotView, colour: int) -> str:
    """Who a colour belongs to: a player's name, or "ghost"."""
    if colour == view.ghost:
        return "ghost"
    return next(view.players[s] for s, cs in enumerate(view.seat_colours) if colour in cs)
