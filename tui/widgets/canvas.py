"""A fixed-size grid of styled characters that renders as one Rich Text, and a widget drawn on one:
boards and charts draw on it."""

from __future__ import annotations

import textwrap
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from rich.cells import cell_len, get_character_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import FIFOCache
from textual.strip import Strip

from .lines import LinesWidget

SHARED_KEPT = 32
# drawings (each canvas and its lines) by what they show, the oldest dropped beyond SHARED_KEPT
SHARED: FIFOCache[tuple, tuple[Canvas, list[Strip]]] = FIFOCache(SHARED_KEPT)
# drawings with a viewer's marks on them, by what they show and what the marks are: the
# drawing (its canvas and lines) and the marked lines
SHARED_MARKED: FIFOCache[tuple, tuple[Canvas, list[Strip], list[Strip]]] = FIFOCache(SHARED_KEPT)


def one_cell_each(text: str) -> bool:
    """Whether every character of `text` takes one cell: most text, which is measured and
    written a character a cell. (Equal lengths in characters and cells are not enough: a wide
    character and a combining one make two of each.)"""
    return text.isascii() or all(get_character_cell_size(ch) == 1 for ch in text)


def wrap(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    """`text` in lines of at most `width` cells, broken at spaces (a word longer than a line is
    cut): textwrap.wrap's lines, measured in terminal cells, so wide characters fit too."""
    if one_cell_each(text):
        return textwrap.wrap(text, width, subsequent_indent=subsequent_indent)
    lines: list[str] = []
    line = ""
    for word in text.split():
        while word:
            gap = " " if line.strip() else ""
            room = width - cell_len(line + gap)
            if cell_len(word) <= room:
                line, word = line + gap + word, ""
            elif gap:  # on to a new line
                lines.append(line)
                line = subsequent_indent
            else:  # longer than a line: cut where it ends (at least one character, to go on)
                cut = 1
                while cut < len(word) and cell_len(word[: cut + 1]) <= room:
                    cut += 1
                lines.append(line + word[:cut])
                line, word = subsequent_indent, word[cut:]
    if line.strip():
        lines.append(line)
    return lines


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._styles: list[list[Style | str]] = [[""] * width for _ in range(height)]
        self._wide = False  # a wide character is on the canvas: writing must mind its halves

    def put(
        self, x: int, y: int, text: str, style: Style | str = "", width: int | None = None
    ) -> None:
        """Write `text` at column x of row y, at most `width` cells of it; what falls outside the
        canvas is clipped. A wide character (CJK, most emoji) takes two cells and a combining one
        joins the character before it, so a name in any script keeps the grid's columns."""
        if not 0 <= y < self.height:
            return
        if not one_cell_each(text):
            self._put_cells(x, y, text, style, width)
            return
        if width is not None:
            text = text[: max(0, width)]
        (row, styles), wide = self._row(y), self._wide
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                if wide:
                    self._free(row, x + i)
                row[x + i] = ch
                styles[x + i] = style

    def _put_cells(self, x: int, y: int, text: str, style: Style | str, width: int | None) -> None:
        end = min(self.width, x + max(0, width) if width is not None else self.width)
        row, styles = self._row(y)
        written = None  # the cell of the last character written, which a combining mark joins
        for ch in text:
            size = get_character_cell_size(ch)
            if size == 0:
                if written is not None:
                    row[written] += ch
                continue
            if x + size > end:
                break
            written = x if x >= 0 else None
            if x >= 0:
                for cell in range(x, x + size):
                    self._free(row, cell)
                row[x] = ch
                styles[x] = style
                if size == 2:  # the second cell is the first's: it draws nothing of its own
                    row[x + 1] = ""
                    styles[x + 1] = style
                    self._wide = True
            x += size

    def _row(self, y: int) -> tuple[list[str], list[Style | str]]:
        """Row y's characters and styles, to be written."""
        return self._chars[y], self._styles[y]

    def _free(self, row: list[str], x: int) -> None:
        """Clear what a wide character left beside cell x, before x is written over."""
        if row[x] == "" and x > 0:  # the right half of a wide character
            row[x - 1] = " "
        elif x + 1 < len(row) and row[x + 1] == "" and row[x] != "":  # its left half
            row[x + 1] = " "

    def style(self, x: int, y: int, width: int, style: Style | str) -> None:
        """Restyle `width` cells from column x of row y, keeping their characters."""
        if 0 <= y < self.height:
            styles = self._row(y)[1]
            for i in range(max(0, x), min(self.width, x + width)):
                styles[i] = style

    def add_style(self, x: int, y: int, width: int, style: Style) -> None:
        """Add `style` to `width` cells from column x of row y, over the style each has."""
        if 0 <= y < self.height:
            row = self._row(y)[1]
            for i in range(max(0, x), min(self.width, x + width)):
                below = row[i]
                row[i] = (Style.parse(below) if isinstance(below, str) else below) + style

    def runs(self, y: int):
        """Row y as (text, style) runs of one style each."""
        chars, styles = self._chars[y], self._styles[y]
        start, style = 0, styles[0] if styles else ""
        for x in range(1, self.width + 1):
            if x == self.width or (styles[x] is not style and styles[x] != style):
                yield "".join(chars[start:x]), style or None
                start = x
                style = styles[x] if x < self.width else style

    def to_text(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            for run, style in self.runs(y):
                text.append(run, style)
            if y < self.height - 1:
                text.append("\n")
        return text


class Marks(Canvas):
    """A drawing's canvas with one viewer's marks on it (a cursor, a route): it shares the
    drawing's rows until it writes on one, and then copies that row first (`rows`)."""

    def __init__(self, drawn: Canvas) -> None:
        super().__init__(0, 0)
        self.width, self.height, self._wide = drawn.width, drawn.height, drawn._wide
        self._chars, self._styles = list(drawn._chars), list(drawn._styles)
        self.rows: set[int] = set()  # the rows written on

    def _row(self, y: int) -> tuple[list[str], list[Style | str]]:
        if y not in self.rows:
            self.rows.add(y)
            self._chars[y], self._styles[y] = list(self._chars[y]), list(self._styles[y])
        return self._chars[y], self._styles[y]


V = TypeVar("V")  # the game's view a drawing shows


class Drawing(LinesWidget, Generic[V]):
    """A widget drawn on a Canvas in one of two fixed sizes: FULL when it fits, else COMPACT,
    centred across the widget.

    A subclass sets FULL and COMPACT (anything with `width` and `height`), keeps what it shows in
    `self.view`, draws it in `draw(canvas, geometry)` and calls `redraw()` when it changes: the
    canvas's lines go to the screen as strips, and only the lines that changed are repainted.

    What only this viewer sees (a cursor, a route, a building being placed) goes on in
    `mark(canvas, geometry)`, over the drawing: then the drawing itself, which `shown()` says
    all of, is made once for every widget showing the same (at an SSH table, every player's and
    spectator's board at a size), and each viewer's marks copy only the rows they touch; where
    `marked()` says all the marks depend on, viewers with the same marks share those rows too
    (at a table, everyone but the one to move, most moves)."""

    FULL: Any
    COMPACT: Any

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: V | None = None  # the game's view, once shown
        self._left = 0  # the column where the drawing starts
        self._drawn: tuple | None = None  # what the last drawing showed
        # the last drawing shown here (made here or by another viewer), its canvas and lines,
        # and how: its unchanged rows' lines are taken for the next one made here (a move
        # changes a few rows of a board)
        self._before: tuple[tuple, Canvas, list[Strip]] | None = None

    def redraw_if(self, drawn: tuple) -> None:
        """Redraw if `drawn`, everything the drawing and its marks show, changed since the last
        drawing."""
        if drawn != self._drawn:
            self._drawn = drawn
            self.redraw()

    def geometry(self):
        full = self.FULL
        return (
            full
            if self.size.width >= full.width and self.size.height >= full.height
            else self.COMPACT
        )

    def get_content_width(self, container, viewport) -> int:
        return self.FULL.width if container.width >= self.FULL.width else self.COMPACT.width

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.FULL.height if width >= self.FULL.width else self.COMPACT.height

    def shown(self) -> Hashable | None:
        """Everything `draw` depends on but the size (never the viewer's marks), if equal
        drawings may share their lines; None: never. Equal for two views, equal drawings: a
        field one seat may see and another not is in it, or not drawn."""
        return None

    def mark(self, canvas: Canvas, g) -> None:
        """Put this viewer's own marks over the drawing (nothing, unless a subclass says)."""

    def marked(self) -> Hashable | None:
        """Everything `mark` depends on but `shown()` and the size (this viewer's cursor, the
        ways shown to them...), if drawings with equal marks may share their lines; None:
        never."""
        return None

    def make_lines(self, width: int, base: Style) -> list[Strip]:
        if self.view is None:
            return []
        g = self.geometry()
        left = self._left = max(0, (width - g.width + 1) // 2)  # never more than width
        shown = self.shown()
        key = None if shown is None else (type(self), g, width, base, shown)
        marked_as = self.marked() if key is not None else None
        both = None if marked_as is None else (key, marked_as)
        how = (g, width, base)
        shared = SHARED_MARKED.get(both) if both is not None else None
        if shared is not None:  # another viewer with the same marks has these lines
            self._before = (how, shared[0], shared[1])
            return shared[2]
        drawing = SHARED.get(key) if key is not None else None
        if drawing is None:
            canvas = Canvas(g.width, g.height)
            self.draw(canvas, g)
            if key is None:  # drawn for this widget alone: its marks go straight on
                self.mark(canvas, g)
                return self._new_lines(canvas, how, left)
            drawing = SHARED[key] = (canvas, self._new_lines(canvas, how, left))
        canvas, lines = drawing
        self._before = (how, canvas, lines)  # the latest drawing seen here, if another's
        marks = Marks(canvas)
        self.mark(marks, g)
        marked = lines
        if marks.rows:
            marked = list(lines)
            rows = sorted(marks.rows)
            for y, strip in zip(rows, self._strips(marks, rows, left, width, base)):
                marked[y] = strip
        if both is not None:
            SHARED_MARKED[both] = (canvas, lines, marked)
        return marked

    def _new_lines(self, canvas: Canvas, how: tuple, left: int) -> list[Strip]:
        """A new drawing's lines (`how`: its geometry, width and base style): where a row is as
        in the last drawing shown here the same way, that drawing's line for it."""
        g, width, base = how
        before = self._before
        if before is None or before[0] != how:
            lines = self._strips(canvas, range(g.height), left, width, base)
        else:
            _, old, old_lines = before
            lines = list(old_lines)
            changed = [
                y
                for y in range(g.height)
                if canvas._chars[y] != old._chars[y] or canvas._styles[y] != old._styles[y]
            ]
            for y, strip in zip(changed, self._strips(canvas, changed, left, width, base)):
                lines[y] = strip
        self._before = (how, canvas, lines)
        return lines

    @staticmethod
    def _strips(canvas: Canvas, rows, left: int, width: int, base: Style) -> list[Strip]:
        """The canvas's `rows` as lines `width` wide, the drawing starting at column `left`."""
        visible = min(canvas.width, width - left)
        return [
            Strip(
                [Segment(run, base + style if style else base) for run, style in canvas.runs(y)],
                canvas.width,
            )
            .crop_pad(visible, left, width - left - visible, base)
            .simplify()
            for y in rows
        ]

    def canvas_offset(self, event) -> tuple[int, int] | None:
        """Where a mouse event falls on the drawing, or None outside the content."""
        offset = event.get_content_offset(self)
        return None if offset is None else (offset.x - self._left, offset.y)

    @property
    def drawn_view(self) -> V:
        """The view being drawn (asked only while drawing, once a view is shown)."""
        if self.view is None:
            raise ValueError("nothing shown yet")
        return self.view

    def draw(self, canvas: Canvas, geometry) -> None:
        raise NotImplementedError
