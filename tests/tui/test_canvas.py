"""The canvas boards are drawn on keeps its columns whatever is written on it: a row is always
as many terminal cells as the canvas is wide."""

import pytest
from rich.cells import cell_len

from tui.widgets.canvas import Canvas, wrap


def row_of(canvas: Canvas, y: int = 0) -> str:
    return "".join(run for run, _ in canvas.runs(y))


@pytest.mark.parametrize(
    "first, then",
    [
        ("王小", "x"),  # a narrow character over a wide one's right half
        ("王\u0301", "x"),  # a wide one with a combining mark: as many characters as cells
        ("ab", "王"),  # a wide one over two narrow ones
        ("e\u0301e\u0301", "王"),
    ],
)
def test_writing_over_wide_and_combining_characters_keeps_the_row_s_width(first, then):
    canvas = Canvas(6, 1)
    canvas.put(0, 0, first)
    canvas.put(1, 0, then)
    assert cell_len(row_of(canvas)) == 6


def test_wrapped_lines_fit_their_width_in_cells():
    for text in ("王王e\u0301\u0301 ab", "王\u0301王\u0301王\u0301 王\u0301", "王" * 9):
        assert all(cell_len(line) <= 4 for line in wrap(text, 4))
    assert wrap("plain words wrap as textwrap does", 10) == [
        "plain",
        "words wrap",
        "as",
        "textwrap",
        "does",
    ]
