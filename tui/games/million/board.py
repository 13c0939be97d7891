"""The Board panel: the city's roads space by space on a grid of blocks: START, FINISH, the ONE
WAY street's arrows, Real Estate, landmarks (yellow while a publicity stunt shows there),
businesses by code in their set's colour with their holder's digit and B (bought) or L
(leased), prices beside them where a block has room (in $k; L: the lease), and every car as
its player's digit. While the person at the keyboard chooses where to drive, the
destinations are green and the path to the one under the cursor is drawn.

On the full board a space is five columns by two lines (cars on the second, at its right
where two businesses share the space; a space whose right-hand neighbour shows a name leaves
its last column blank, its holder's badge then underlined when leased in place of the L); on
the compact one three columns by one line: a held business's number on its holder's colour
(a badge, underlined when leased), its last column left for a car, a digit on its player's
colour. It draws a view; it never changes the game. A click on a space posts
`BoardWidget.SpaceClicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from textual import events
from textual.message import Message

from core.games.million.board import BUSINESSES, ONE_WAY, SPACES
from core.games.million.view import MillionView

from ...widgets.canvas import Canvas, Drawing
from .look import (
    BLOCK,
    CURSOR,
    DESTINATION,
    FINISH_STYLE,
    LANDMARK,
    PATH,
    REAL_ESTATE_STYLE,
    ROAD,
    SEAT_BADGES,
    SEAT_COLOURS,
    START_STYLE,
    STUNT,
    money,
    set_style,
    space_label,
)

COLUMNS = 1 + max(s.x for s in SPACES)
ROWS = 1 + max(s.y for s in SPACES)
SPACE_AT = {(s.x, s.y): s.id for s in SPACES}
ONE_WAY_SPACES = frozenset(a for a, _ in ONE_WAY) | frozenset(b for _, b in ONE_WAY)
KIND_STYLES = {"start": START_STYLE, "finish": FINISH_STYLE, "real_estate": REAL_ESTATE_STYLE}


@dataclass(frozen=True)
class Geometry:
    cell: int  # columns a space takes
    lines: int  # lines a space takes

    @property
    def width(self) -> int:
        return COLUMNS * self.cell

    @property
    def height(self) -> int:
        return ROWS * self.lines


FULL = Geometry(5, 2)
COMPACT = Geometry(3, 1)


def _price_spots() -> dict[tuple[int, int], int]:
    """Where a business's prices are written: the block square right beside its space (either
    side of the road), where one is free."""
    spots: dict[tuple[int, int], int] = {}
    for b in BUSINESSES:
        s = SPACES[b.space]
        beside = (
            [(s.x + 1, s.y), (s.x - 1, s.y)] if s.x % 4 == 0 else [(s.x, s.y + 1), (s.x, s.y - 1)]
        )
        free = [
            p
            for p in beside
            if 0 <= p[0] < COLUMNS and 0 <= p[1] < ROWS and p not in SPACE_AT and p not in spots
        ]
        if free:
            spots[free[0]] = b.id
    return spots


PRICE_SPOTS = _price_spots()
# spaces whose right-hand neighbour writes from its first column (a business's code, a name, a
# price): on the full board they leave their last column blank, so that the two never run
# together
CROWDED = frozenset(
    s.id
    for s in SPACES
    if (s.x + 1, s.y) in PRICE_SPOTS
    or (right := SPACE_AT.get((s.x + 1, s.y))) is not None
    and bool(SPACES[right].businesses or space_label(right, False))
)


@dataclass(frozen=True)
class Route:
    """Where the person at the keyboard may drive, and the path to the chosen destination."""

    destinations: frozenset[int] = frozenset()
    path: tuple[int, ...] = ()


NO_ROUTE = Route()


class BoardWidget(Drawing[MillionView]):
    FULL, COMPACT = FULL, COMPACT

    class SpaceClicked(Message):
        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cursor = 0
        self.route = NO_ROUTE

    def show(self, view: MillionView, cursor: int, route: Route) -> None:
        self.view, self.cursor, self.route = view, cursor, route
        self.redraw_if((view.version, view.viewer, cursor, route))

    def draw(self, canvas: Canvas, g: Geometry) -> None:
        cars = self._cars()
        for y in range(ROWS):
            for x in range(COLUMNS):
                space = SPACE_AT.get((x, y))
                if space is None:
                    self._block(canvas, g, x, y)
                else:
                    self._space(canvas, g, space, cars.get(space, []))

    def shown(self) -> tuple:
        view = self.drawn_view
        return (view.position, tuple(view.stunt_spaces), view.holder, view.leased)

    def marked(self) -> tuple:
        return self.cursor, self.route

    def mark(self, canvas: Canvas, g: Geometry) -> None:
        """Where the person at the keyboard may drive, the way there, and the cursor: those
        spaces drawn again."""
        cars, route = self._cars(), self.route
        for space in route.destinations | set(route.path) | {self.cursor}:
            self._space(canvas, g, space, cars.get(space, []), route, space == self.cursor)

    def _cars(self) -> dict[int, list[int]]:
        """The seats whose cars stand on each space."""
        cars: dict[int, list[int]] = {}
        for seat, space in enumerate(self.drawn_view.position):
            if space is not None:
                cars.setdefault(space, []).append(seat)
        return cars

    def _block(self, canvas: Canvas, g: Geometry, x: int, y: int) -> None:
        for line in range(g.lines):
            canvas.put(x * g.cell, y * g.lines + line, " " * g.cell, BLOCK)
        business = PRICE_SPOTS.get((x, y))
        if business is None or g.lines < 2:
            return
        b = BUSINESSES[business]
        canvas.put(x * g.cell, y * g.lines, money(b.buy, True)[1:], BLOCK, width=g.cell)
        lease = "L" + money(b.lease, True)[1:] if b.lease else "L -"
        canvas.put(x * g.cell, y * g.lines + 1, lease, BLOCK, width=g.cell)

    def _space(
        self,
        canvas: Canvas,
        g: Geometry,
        space: int,
        cars: list[int],
        route: Route = NO_ROUTE,
        cursor: bool = False,
    ) -> None:
        view, s = self.drawn_view, SPACES[space]
        left, top, w = s.x * g.cell, s.y * g.lines, g.cell
        base = KIND_STYLES.get(s.kind, ROAD)
        if s.landmark:
            base = STUNT if space in view.stunt_spaces else LANDMARK
        if space in route.destinations:
            base = DESTINATION
        elif space in route.path:
            base = PATH
        for line in range(g.lines):
            canvas.put(left, top + line, " " * w, base)
        label = space_label(space, g.lines == 1)
        room = w - 1 if g.lines > 1 and space in CROWDED else w  # (a gap before the next name)
        if s.businesses:
            self._businesses(canvas, g, left, top, s.businesses, base, len(cars), room)
        elif label:
            canvas.put(left, top, label, base, width=room)
        elif space in ONE_WAY_SPACES:
            canvas.put(left, top, "→".center(w), base)
        else:
            canvas.put(left, top, ("+" if s.kind == "intersection" else "·").center(w), base)
        row = top + g.lines - 1
        at = left if g.lines > 1 and len(s.businesses) < 2 else left + w - min(len(cars), w)
        for i, seat in enumerate(cars[:w]):
            canvas.put(at + i, row, str(seat + 1), SEAT_BADGES[seat])
        if cursor:
            for line in range(g.lines):
                canvas.style(left, top + line, w, CURSOR)

    def _businesses(
        self,
        canvas: Canvas,
        g: Geometry,
        left: int,
        top: int,
        businesses: tuple[int, ...],
        base: Style,
        cars: int,
        width: int,
    ) -> None:
        """Each business's code and holder. On the full board one line each, where cars on the
        second line stand at its right, and where the cars or a neighbour's name (`width`: the
        columns it leaves) leave no room for B or L the holder is its digit alone. On the
        compact one the codes alone (a business's initial where two share the space), each in
        its holder's colours."""
        view = self.drawn_view
        if g.lines == 1:
            if len(businesses) > 1:  # each business's letter, its holder's badge where held
                for i, b in enumerate(businesses):
                    style = self._badge(b) or base + set_style(b)
                    canvas.put(left + i, top, BUSINESSES[b].name[0], style)
                return
            (b,) = businesses
            letter, number = BUSINESSES[b].name[0], BUSINESSES[b].name[1:]
            canvas.put(left, top, letter, base + set_style(b))
            canvas.put(left + 1, top, number, self._badge(b) or base + set_style(b))
            return
        for line, b in enumerate(businesses[: g.lines]):
            room = min(width, g.cell - cars) if line else width  # cars after the second
            canvas.put(
                left, top + line, BUSINESSES[b].name, base + set_style(b), width=min(room, 2)
            )
            holder = view.holder[b]
            if holder < 0 or room < 3:
                continue
            if room == 3 or line and cars:  # beside a car: the digit alone, in the holder's colour
                self._holder_digit(canvas, left + 2, top + line, b, base)
                continue
            leased = Style(underline=room < g.cell and view.leased[b])  # no room for the L
            canvas.put(left + 3, top + line, str(holder + 1), SEAT_BADGES[holder] + leased)
            if room < g.cell:
                continue
            canvas.put(
                left + 4, top + line, "L" if view.leased[b] else "B", base + Style(bold=True)
            )

    def _holder_digit(self, canvas: Canvas, x: int, y: int, business: int, base: Style) -> None:
        """Where there is no room for a badge and B or L: the holder's digit in their colour,
        underlined when the business is leased."""
        view = self.drawn_view
        holder, leased = view.holder[business], view.leased[business]
        canvas.put(
            x,
            y,
            str(holder + 1),
            base + Style(color=SEAT_COLOURS[holder], bold=True, underline=leased),
        )

    def _badge(self, business: int) -> Style | None:
        """On the compact board, the style of a held business's number (of its letter, where
        two share a space): its holder's badge, underlined when leased; None while nobody
        holds it. So no holder's digit runs into the next space's name, and the last column
        is left for a car."""
        view = self.drawn_view
        holder = view.holder[business]
        if holder < 0:
            return None
        return SEAT_BADGES[holder] + Style(underline=bool(view.leased[business]))

    def on_click(self, event: events.Click) -> None:
        at = self.canvas_offset(event)
        if at is None:
            return
        g = self.geometry()
        space = SPACE_AT.get((at[0] // g.cell, at[1] // g.lines))
        if space is not None:
            self.post_message(self.SpaceClicked(space))
