"""After a change, the board and the log repaint only the lines that changed (what an SSH
table sends to every session after each move)."""

from collections import namedtuple
from types import SimpleNamespace

from rich.style import Style
from textual.app import App

from tui.widgets.canvas import Drawing
from tui.widgets.log_panel import LogPanel


class Spy:
    """Records which lines Textual asks a widget to paint."""

    def __init__(self, widget) -> None:
        self.painted: list[int] = []
        paint = widget.render_line
        widget.render_line = lambda y: (self.painted.append(y), paint(y))[1]


class Dots(Drawing):
    FULL = COMPACT = SimpleNamespace(width=10, height=6)

    def draw(self, canvas, geometry) -> None:
        for row, column in self.view:
            canvas.put(column, row, "●", Style(bold=True, color="red"))


class OneWidget(App):
    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self):
        yield self.widget


def shown(widget) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def test_moving_one_piece_repaints_only_its_two_rows():
    board = Dots()
    board.view = {(1, 2), (4, 7)}
    async with OneWidget(board).run_test(size=(20, 8)) as pilot:
        await pilot.pause()
        spy = Spy(board)
        board.view = {(1, 2), (3, 7)}  # the piece on row 4 moves up to row 3
        board.redraw()
        await pilot.pause()
        assert sorted(set(spy.painted)) == [3, 4]
        assert [i for i, row in enumerate(shown(board)) if "●" in row] == [1, 3]


async def test_a_new_log_line_repaints_only_itself_until_the_log_is_full():
    log = LogPanel()
    async with OneWidget(log).run_test(size=(30, 4)) as pilot:
        log.write_lines(["one", "two"])
        await pilot.pause()
        spy = Spy(log)
        log.write_lines(["three"])
        await pilot.pause()
        assert sorted(set(spy.painted)) == [2]
        spy.painted.clear()
        log.write_lines(["four", "five"])  # full: every line moves up
        await pilot.pause()
        assert sorted(set(spy.painted)) == [0, 1, 2, 3]
        assert shown(log) == ["two", "three", "four", "five"]


class SharedDots(Dots):
    """Dots whose equal drawings share their lines, as the players at one table do."""

    FULL = COMPACT = namedtuple("Geometry", "width height")(10, 6)
    drawn = 0

    def shown(self):
        return frozenset(self.view)

    def draw(self, canvas, geometry) -> None:
        SharedDots.drawn += 1
        super().draw(canvas, geometry)


class TwoWidgets(App):
    def compose(self):
        yield SharedDots(id="one")
        yield SharedDots(id="two")


async def test_boards_showing_the_same_are_drawn_once_and_different_ones_apart():
    SharedDots.drawn = 0
    async with TwoWidgets().run_test(size=(20, 16)) as pilot:
        one, two = pilot.app.query_one("#one"), pilot.app.query_one("#two")
        for board in (one, two):
            board.view = {(1, 2), (4, 7)}
            board.refresh()
        await pilot.pause()
        assert SharedDots.drawn == 1
        assert shown(one) == shown(two) and "●" in shown(one)[1]
        two.view = {(1, 2), (3, 7)}
        two.redraw()
        await pilot.pause()
        assert SharedDots.drawn == 2
        assert [i for i, row in enumerate(shown(two)) if "●" in row] == [1, 3]
        assert [i for i, row in enumerate(shown(one)) if "●" in row] == [1, 4]
