"""Issue 72: what several people at a table are shown alike is made once, and a change repaints
only the lines it changes; what one seat alone may see is never made for another.

A panel's lines are shared by their exact text, size and styles; a board's drawing by
everything it shows (`Drawing.shown`), with each viewer's own marks (a cursor, a route, a
building being placed) put on afterwards, on copies of the rows they touch, and those too made
once for all whose marks are the same (`Drawing.marked`)."""

import random

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.widgets import Static

from core.games import get_spec
from tui.games.army.board import BoardWidget as ArmyBoard
from tui.games.army.board import DeedAction
from tui.games.bigshot.board import BoardWidget as BigShotBoard
from tui.games.bigshot.board import Preview as Placing
from tui.games.million.board import BoardWidget as MillionBoard
from tui.games.million.board import Route
from tui.games.stadium.board import BoardWidget as StadiumBoard
from tui.games.stadium.board import Preview
from tui.widgets import canvas as canvas_module
from tui.widgets.canvas import Canvas
from tui.widgets.log_panel import LogPanel
from tui.widgets.panel import TextPanel

from .test_lines import Spy

LEDGER = "cash    assets\nann  $1,000  $9,000\nben  $2,000  $8,000\ncat  $3,000  $7,000"


class Panels(App):
    CSS = "TextPanel, Static { height: 6; border: round white; padding: 0 1; }"

    def compose(self):
        yield TextPanel(id="one")
        yield TextPanel(id="two")
        yield Static(id="textual", markup=False)


async def test_a_changed_line_of_a_panel_repaints_that_line_alone():
    async with Panels().run_test(size=(40, 20)) as pilot:
        panel = pilot.app.query_one("#one", TextPanel)
        panel.show_text(Text(LEDGER))
        await pilot.pause()
        spy = Spy(panel)
        panel.show_text(Text(LEDGER.replace("$2,000", "$2,500")))  # ben's cash changes
        await pilot.pause()
        assert sorted(set(spy.painted)) == [2]
        assert "$2,500" in panel.render_line(2).text


async def test_a_panel_draws_what_textuals_static_draws():
    text = Text.assemble(("bold", "bold"), " and ", ("a long line " * 6, "italic"), "\nend")
    async with Panels().run_test(size=(40, 20)) as pilot:
        ours, textual = pilot.app.query_one("#one", TextPanel), pilot.app.query_one(Static)
        ours.show_text(text)
        textual.update(text)
        await pilot.pause()
        assert [ours.render_line(y) for y in range(4)] == [textual.render_line(y) for y in range(4)]
        assert ours.render_lines(ours.region.reset_offset) == textual.render_lines(
            textual.region.reset_offset
        )


async def test_panels_showing_the_same_text_make_its_lines_once():
    async with Panels().run_test(size=(40, 20)) as pilot:
        one, two = pilot.app.query_one("#one", TextPanel), pilot.app.query_one("#two", TextPanel)
        one.show_text(Text(LEDGER))
        two.show_text(Text(LEDGER))
        await pilot.pause()
        assert one.render_line(1) is two.render_line(1)
        two.show_text(Text(LEDGER.replace("ann", "amy")))  # one seat's own words
        await pilot.pause()
        assert one.render_line(1) is not two.render_line(1)
        assert "amy" in two.render_line(1).text and "ann" in one.render_line(1).text


BOARDS = {"bigshot": BigShotBoard, "army": ArmyBoard, "million": MillionBoard}
BOARDS["stadium"] = StadiumBoard


def positions(game: str, seed: int, every: int = 7, moves: int = 400):
    """States of a seeded four-player game of bots, one every `every` moves."""
    spec = get_spec(game)
    state = spec.start(["ann", "ben", "cat", "dan"], seed)
    bots = [spec.bots["random"](seed * 10 + seat) for seat in range(4)]
    for move in range(moves):
        if state.is_over():
            return
        seat = state.to_act()[0]
        state.step(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        if move % every == 0:
            yield state


def drawing(board, g) -> tuple:
    canvas = Canvas(g.width, g.height)
    board.draw(canvas, g)
    return tuple(map(tuple, canvas._chars)), tuple(map(tuple, canvas._styles))


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_boards_that_share_a_drawing_draw_the_same_for_every_seat(game):
    """The guard against a seat-only cell being shared: if two viewers' boards would share
    a drawing (their `shown()` agree), drawing each from its own view gives the same cells.
    A board drawing something of the viewer's own without saying so in `shown()` (or in
    `mark`) fails here."""
    board_class, compared = BOARDS[game], 0
    for seed in (1, 2):
        for state in positions(game, seed, every=13):
            for g in (board_class.FULL, board_class.COMPACT):
                drawn: dict = {}
                for seat in (0, 1, 2, 3, None):
                    board = board_class()
                    board.view = state.view(seat)
                    key = board.shown()
                    if key is None:
                        continue
                    made = drawing(board, g)
                    assert drawn.setdefault(key, made) == made, f"seat {seat} drew otherwise"
                    compared += 1
    assert compared > 50


def marked(board_class, view, rng):
    """A board showing `view` with this viewer's own marks, chosen at random."""
    board = board_class()
    board.view = view
    if board_class is BigShotBoard:
        board.preview = Placing(rng.randrange(13), rng.choice([None, 0, 1, 2, 3]))
    elif board_class is ArmyBoard:
        board.cursor = rng.randrange(40)
        board.deed_actions = rng.choice([(), (DeedAction("m", "mortgage", None),)])
    elif board_class is MillionBoard:
        board.cursor = rng.randrange(40)
        spaces = rng.sample(range(40), 6)
        board.route = Route(frozenset(spaces[:3]), tuple(spaces[3:]))
    elif board_class is StadiumBoard:
        board.cursor = (rng.randrange(5, 25), rng.randrange(30))
        board.preview = Preview(rng.randrange(10), *board.cursor, "N", rng.random() < 0.5)
    return board


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_viewers_marks_on_a_shared_drawing_look_as_if_drawn_alone(game, monkeypatch):
    board_class, rng = BOARDS[game], random.Random(4)
    base = Style(color="white", bgcolor="black")
    for state in positions(game, 3, every=25):
        for g in (board_class.FULL, board_class.COMPACT):
            width = g.width + 3
            first, second = (marked(board_class, state.view(seat), rng) for seat in (0, 1))
            for board in (first, second):
                board.geometry = lambda g=g: g
            shared = [board.make_lines(width, base) for board in (first, second)]
            with monkeypatch.context() as alone:
                alone.setattr(board_class, "shown", lambda self: None)
                unshared = [board.make_lines(width, base) for board in (first, second)]
            assert shared == unshared
    assert canvas_module.SHARED  # (the shared path was taken)


def marked_alike(first, board_class, view):
    """A board showing `view` (another seat's, say) with `first`'s marks."""
    board = board_class()
    board.view = view
    for mark in ("cursor", "route", "preview", "deed_actions"):
        if hasattr(first, mark):
            setattr(board, mark, getattr(first, mark))
    return board


def marked_otherwise(first, board_class, view):
    """A board with `first`'s cursor but the rest of its marks other: no route, no building
    being placed, other ways to manage a deed."""
    board = marked_alike(first, board_class, view)
    if board_class is ArmyBoard:
        board.deed_actions = () if first.deed_actions else (DeedAction("b", "build", "no"),)
    elif board_class is MillionBoard:
        board.route = Route()
    elif board_class is StadiumBoard:
        board.preview = None
    return board


@pytest.mark.parametrize("game", ["army", "million", "stadium"])
def test_viewers_with_the_same_marks_share_the_marked_lines_and_no_others(game, monkeypatch):
    """At a table everyone but the one to move has the same cursor and no ways of their own:
    their boards' lines, marks and all, are made once. A board whose marks depend on something
    `marked()` leaves out would share another's lines here and fail."""
    board_class, rng = BOARDS[game], random.Random(7)
    base = Style(color="white", bgcolor="black")
    shared_some = 0
    for state in positions(game, 5, every=25):
        for g in (board_class.FULL, board_class.COMPACT):
            width = g.width + 3
            first = marked(board_class, state.view(0), rng)
            alike = marked_alike(first, board_class, state.view(None))
            other = marked_otherwise(first, board_class, state.view(1))
            boards = (first, alike, other)
            for board in boards:
                board.geometry = lambda g=g: g
            lines = [board.make_lines(width, base) for board in boards]
            with monkeypatch.context() as alone:
                alone.setattr(board_class, "shown", lambda self: None)
                assert lines == [board.make_lines(width, base) for board in boards]
            assert lines[1] is lines[0]
            shared_some += lines[2] is not lines[0]
    assert shared_some  # (some boards had other marks, and so lines of their own)


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_board_redrawn_move_after_move_keeps_no_line_of_an_earlier_move(game):
    """A board's new drawing takes its unchanged rows' lines from the drawing before it: every
    drawing, move after move and marks and all, is line for line what a new board draws."""
    board_class, rng = BOARDS[game], random.Random(9)
    base = Style(color="white", bgcolor="black")
    g = board_class.FULL
    kept = board_class()
    kept.geometry = lambda: g
    taken = 0
    for state in positions(game, 6, every=3, moves=150):
        fresh = marked(board_class, state.view(rng.choice([0, 1, None])), rng)  # a new board
        fresh.geometry = lambda: g
        for mark in ("view", "cursor", "route", "preview", "deed_actions"):
            if hasattr(fresh, mark):
                setattr(kept, mark, getattr(fresh, mark))
        before = kept._before[2] if kept._before else []
        drawn = []
        for board in (kept, fresh):  # each drawing made by the board itself, none shared
            canvas_module.SHARED.clear()
            canvas_module.SHARED_MARKED.clear()
            drawn.append(board.make_lines(g.width, base))
        assert drawn[0] == drawn[1]
        taken += sum(any(line is old for old in before) for line in drawn[0])
    assert taken  # (rows were taken from the drawing before)


class Logs(App):
    CSS = "LogPanel { height: 5; }"

    def compose(self):
        yield LogPanel(id="one")
        yield LogPanel(id="two")


async def test_logs_showing_the_same_lines_make_their_rows_once():
    async with Logs().run_test(size=(40, 12)) as pilot:
        one, two = pilot.app.query_one("#one", LogPanel), pilot.app.query_one("#two", LogPanel)
        for log in (one, two):
            log.write_lines([f"ann rolls {n}." for n in range(8)])
        await pilot.pause()
        assert one.render_line(4) is two.render_line(4)
        assert one.render_line(4).text.startswith("ann rolls 7.")
        two.page(1)  # one person scrolls back: their rows are theirs
        await pilot.pause()
        assert one.render_line(4).text.startswith("ann rolls 7.")
        assert "newer lines below" in two.render_line(4).text
