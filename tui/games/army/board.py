"""The Board panel: the 40 squares around the edge, and in the centre what just happened and
the deed under the cursor.

It draws a view; it never changes the game. A click on a square posts `BoardWidget.SquareClicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from textual import events
from textual.message import Message

from core.games.army.board import (
    GARRISON_RENT,
    PRISON,
    SALARY,
    SQUARES,
    SQUARES_COUNT,
    UTILITY_FACTOR,
)
from core.games.army.view import ArmyView

from ...widgets.canvas import Canvas, Drawing, wrap
from .look import (
    CARD,
    EMPTY,
    LABELS,
    MORTGAGED,
    SEAT_BADGES,
    SHORT,
    TINY,
    buildings,
    group_style,
    money,
)

DIE = Style(bold=True, reverse=True)
CURSOR = Style(reverse=True, bold=True, underline=True)
BOLD = Style(bold=True)
PLAIN = Style()


@dataclass(frozen=True)
class Geometry:
    """Sizes of the drawing: full, or compact for small terminals. Widths include a gap column."""

    cell: int  # a square on the top and bottom rows
    corner: int  # a corner square, and the squares of the left and right columns
    edge: int  # rows of a top or bottom square
    side: int  # rows of a left or right square

    @property
    def width(self) -> int:
        return 2 * self.corner + 9 * self.cell - 1

    @property
    def height(self) -> int:
        return 2 * self.edge + 9 * self.side


FULL = Geometry(cell=7, corner=11, edge=4, side=2)
COMPACT = Geometry(cell=4, corner=8, edge=3, side=1)


@dataclass(frozen=True)
class DeedAction:
    """A way to manage the deed under the cursor: its key, what it does, and why not (or None)."""

    key: str
    label: str
    refused: str | None


def square_box(g: Geometry, square: int) -> tuple[int, int, int, int]:
    """x, y, width and height of a square: GO bottom right, Prison bottom left, clockwise."""

    def along(k: int) -> tuple[int, int]:  # the k-th square from the left of a row
        if k == 0:
            return 0, g.corner - 1
        if k == 10:
            return g.corner + 9 * g.cell, g.corner - 1
        return g.corner + (k - 1) * g.cell, g.cell - 1

    side, k = divmod(square, 10)
    if side == 0 or square == 10:  # the bottom row, Prison's corner included
        x, w = along(10 - square)
        return x, g.height - g.edge, w, g.edge
    if side == 2 or square == 30:  # the top row, Go To Prison's corner included
        x, w = along(square - 20)
        return x, 0, w, g.edge
    y = g.edge + ((9 - k) if side == 1 else (k - 1)) * g.side
    x = 0 if side == 1 else g.corner + 9 * g.cell
    return x, y, g.corner - 1, g.side


def ring_step(square: int, dx: int, dy: int) -> int:
    """Which way round the board (+1 or -1; 0: neither) lies the square next to `square` in
    the direction (dx, dy) on the screen: along the bottom row left is +1, and at a corner up
    or down turns onto the side."""
    x, y, w, h = square_box(FULL, square)
    for step in (1, -1):
        nx, ny, nw, nh = square_box(FULL, (square + step) % 40)
        ox, oy = (2 * nx + nw) - (2 * x + w), (2 * ny + nh) - (2 * y + h)  # centre to centre
        if ox * dx + oy * dy > abs(ox * dy) + abs(oy * dx):  # mostly that way
            return step
    return 0


def owner_line(view: ArmyView, square: int) -> str:
    """Who owns a deed and what stands on it."""
    owner = view.owner[square]
    if owner < 0:
        return "For sale"
    state = " · mortgaged" if view.mortgaged[square] else ""
    level = view.level[square]
    if level:
        state += " · a Barracks" if level == 5 else f" · {level} Ammo Store" + "s" * (level > 1)
    return f"Owner {view.players[owner]}{state}"


def deed_lines(square: int, full: bool) -> list[str]:
    """What a square's card says: price and rents, or what landing there does."""
    sq = SQUARES[square]
    price = f"Price {money(sq.price)} · mortgage {money(sq.mortgage)}"
    if sq.kind == "site":
        rents = sq.rents
        stores = " ".join(money(r) for r in rents[1:5])
        bare = f"Rent {money(rents[0])}, {money(2 * rents[0])} with the group"
        if full:
            return [
                price,
                bare,
                f"Ammo Stores {stores}",
                f"Barracks {money(rents[5])} · build {money(sq.build)}",
            ]
        return [
            f"{money(sq.price)} · mortgage {money(sq.mortgage)} · build {money(sq.build)}",
            bare,
            f"▪ {stores} ▲ {money(rents[5])}",
        ]
    if sq.kind == "garrison":
        return [
            price,
            "Rent " + "/".join(money(r) for r in GARRISON_RENT[1:]) + " by Garrisons held",
        ]
    if sq.kind == "utility":
        return [price, f"Rent {UTILITY_FACTOR[1]}× the dice, {UTILITY_FACTOR[2]}× with both"]
    return [
        {
            "go": f"Collect {money(SALARY)} each time you pass",
            "tax": f"Pay {money(sq.price)} to the bank",
            "combat": "Draw a Combat card",
            "training": "Draw a Training card",
            "prison": "In Prison, or Just Visiting",
            "parking": "A rest: nothing happens here",
            "to_prison": "Go straight to Prison",
        }[sq.kind]
    ]


class BoardWidget(Drawing[ArmyView]):
    FULL, COMPACT = FULL, COMPACT

    class SquareClicked(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cursor = 0
        self.deed_actions: tuple[DeedAction, ...] = ()

    def show(self, view: ArmyView, cursor: int, deed_actions: tuple[DeedAction, ...]) -> None:
        self.view, self.cursor, self.deed_actions = view, cursor, deed_actions
        self.redraw_if((view.version, view.viewer, cursor, deed_actions))

    def draw(self, canvas: Canvas, g: Geometry) -> None:
        for square in range(SQUARES_COUNT):
            self._draw_square(canvas, g, square)
        self._draw_centre(canvas, g)

    def shown(self) -> tuple:
        view = self.drawn_view
        return (
            view.players,
            view.turn,
            view.round,
            view.result is not None,
            view.dice,
            view.position,
            view.active,
            view.prison_turn,
            view.owner,
            view.level,
            view.mortgaged,
            view.log[-max(self._events_box(g)[3] for g in (FULL, COMPACT)) :],
        )

    def marked(self) -> tuple:
        return self.cursor, self.deed_actions

    def mark(self, canvas: Canvas, g: Geometry) -> None:
        """The square under the cursor, and its card with the ways to manage it."""
        self._draw_square(canvas, g, self.cursor, CURSOR)
        self._draw_deed(canvas, g)

    # -- the squares -----------------------------------------------------------------------------

    def _draw_square(
        self, canvas: Canvas, g: Geometry, square: int, style: Style | None = None
    ) -> None:
        """A square, its name in `style` (its group's if None)."""
        x, y, w, h = square_box(g, square)
        full = g is FULL
        style = group_style(square) if style is None else style
        if h == 1:  # the compact board's sides: the owner a space after the name, "Ch2 4"
            name = TINY[square]
            canvas.put(x, y, name, style)
            status_x, status_y = x + len(name) + 1, y
        else:  # the name's rows (two on the full board's top and bottom), then the owner's
            rows = h - 2 if h > 3 else 1
            lines = (LABELS if full else SHORT if w >= 6 else TINY)[square].split("|")
            for row in range(rows):
                line = lines[row] if row < len(lines) else ""
                canvas.put(x, y + row, line.ljust(w), style, width=w)
            status_x, status_y = x, y + rows
        self._draw_status(canvas, square, status_x, status_y, full)
        view = self.drawn_view
        tokens = [s for s, at in enumerate(view.position) if at == square and view.active[s]]
        if square == PRISON:  # those inside on the status row, after "in"; visitors below
            inside = [s for s in tokens if view.prison_turn[s] >= 0]
            tokens = [s for s in tokens if view.prison_turn[s] < 0]
            if inside:
                canvas.put(status_x, status_y, "in", EMPTY)
                for i, seat in enumerate(inside):
                    canvas.put(status_x + 2 + i, status_y, str(seat + 1), SEAT_BADGES[seat])
        if tokens:
            room = w if h >= 3 else 2
            shown = tokens if len(tokens) <= room else tokens[: room - 1]
            ty = y + h - 1
            tx = x + w - len(shown) - (len(shown) < len(tokens)) if h < 3 else x
            for seat in shown:
                canvas.put(tx, ty, str(seat + 1), SEAT_BADGES[seat])
                tx += 1
            if len(shown) < len(tokens):
                canvas.put(tx, ty, "+", BOLD)

    def _draw_status(self, canvas: Canvas, square: int, x: int, y: int, full: bool) -> None:
        """Who owns a deed and what stands on it; a deed's price or a tax while nobody does."""
        view, sq = self.drawn_view, SQUARES[square]
        owner = view.owner[square] if sq.is_deed else -1
        if owner >= 0:
            canvas.put(x, y, str(owner + 1), SEAT_BADGES[owner])
            level = view.level[square]
            if view.mortgaged[square]:
                canvas.put(x + 1, y, "m", MORTGAGED)
            elif level:
                canvas.put(x + 1, y, buildings(level, compact=not full), BOLD)
        elif full and sq.price:
            canvas.put(x, y, money(sq.price), EMPTY)

    # -- the centre ----------------------------------------------------------------------------

    @staticmethod
    def _centre(g: Geometry) -> tuple[int, int, int, int, int]:
        """The centre's left, top, width and height, and the width of its left column."""
        width = 9 * g.cell - 3
        return g.corner + 1, g.edge, width, 9 * g.side, 26 if g is FULL else width

    def _events_box(self, g: Geometry) -> tuple[int, int, int, int]:
        """Where the latest lines of the log go: left, top, width and rows."""
        x0, y0, width, height, left = self._centre(g)
        full = g is FULL
        return x0, y0 + (3 if full else 1), left, height - 3 if full else 3

    def _draw_centre(self, canvas: Canvas, g: Geometry) -> None:
        view = self.drawn_view
        x0, y0, width, height, left = self._centre(g)
        full = g is FULL
        turn = view.players[view.turn]
        if view.result is not None:
            headline = "Game over"
        else:
            headline = f"Round {view.round} · turn: {turn}" if full else f"R{view.round} {turn}"
        canvas.put(x0, y0, headline, BOLD, width=left)
        if any(view.dice):
            d1, d2 = view.dice
            total = f"  {d1 + d2}" + ("  double" if d1 == d2 else "")
            x, y = (x0, y0 + 1) if full else (x0 + width - 7 - len(total), y0)
            for die in (d1, d2):  # a die as a tile: a die face is a character many fonts
                canvas.put(x, y, f" {die} ", DIE)  # draw half a cell tall
                x += 4
            canvas.put(x - 1, y, total, BOLD)
        self._draw_events(canvas, *self._events_box(g))

    def _draw_events(self, canvas: Canvas, x: int, y: int, width: int, rows: int) -> None:
        """The latest whole lines of the log that fit, wrapped; cards stand out."""
        shown: list[tuple[str, Style]] = []
        for line in reversed(self.drawn_view.log[-rows:]):
            parts = wrap(line, width)
            if len(shown) + len(parts) > rows:
                break
            style = CARD if " draws " in line else PLAIN
            shown[:0] = [(part, style) for part in parts]
        for i, (part, style) in enumerate(shown):
            canvas.put(x, y + i, part, style)

    def _draw_deed(self, canvas: Canvas, g: Geometry) -> None:
        """The card of the square under the cursor, and the ways to manage it: right of the
        log on the full board, under it on the compact one."""
        x0, y0, width, rows, left = self._centre(g)
        full = g is FULL
        if full:
            x, y, width = x0 + left + 3, y0, width - left - 3
        else:
            x, y, rows = x0, y0 + 4, rows - 4
        view, square = self.drawn_view, self.cursor
        sq = SQUARES[square]
        title = f" {sq.name}"
        if sq.is_deed and not full:
            owner = view.owner[square]
            right = view.players[owner] if owner >= 0 else "for sale"
            title = title.ljust(width - len(right) - 1) + right
        canvas.put(x, y, title.ljust(width), group_style(square), width=width)
        text = deed_lines(square, full)
        if sq.is_deed and full:
            text.insert(1, owner_line(view, square))
        if sq.is_deed and not full and view.mortgaged[square]:
            text.insert(0, "Mortgaged")
        wrapped = [[(part, PLAIN) for part in wrap(line, width)] for line in text]
        lines = [part for parts in wrapped for part in parts]
        if full:
            for action in self.deed_actions:
                if action.refused is None:
                    lines.append((f"{action.key}  {action.label}", BOLD))
                else:
                    lines += [
                        (part, EMPTY)
                        for part in wrap(
                            f"{action.key}  {action.label}: {action.refused}",
                            width,
                            subsequent_indent="   ",
                        )
                    ]
        else:
            allowed = [f"{a.key} {a.label}" for a in self.deed_actions if a.refused is None]
            after = len(wrapped[0])  # the actions right under the price, where they stay visible
            lines[after:after] = [(part, BOLD) for part in wrap(" · ".join(allowed), width)]
        for i, (line, style) in enumerate(lines[: rows - 1]):
            canvas.put(x, y + 1 + i, line, style, width=width)

    def on_click(self, event: events.Click) -> None:
        offset = self.canvas_offset(event)
        if offset is None:
            return
        at_x, at_y = offset
        g = self.geometry()
        for square in range(SQUARES_COUNT):
            x, y, w, h = square_box(g, square)
            if x <= at_x < x + w and y <= at_y < y + h:
                self.post_message(self.SquareClicked(square))
                return
