"""The Army board's layout: every square has its own place, the corners where the board has them."""

import pytest

from tui.games.army.board import COMPACT, FULL, square_box


@pytest.mark.parametrize("g", [FULL, COMPACT], ids=["full", "compact"])
def test_squares_do_not_overlap_and_the_corners_are_the_corners(g):
    cells = {}
    for square in range(40):
        x, y, w, h = square_box(g, square)
        assert 0 <= x and x + w <= g.width and 0 <= y and y + h <= g.height
        for cx in range(x, x + w):
            for cy in range(y, y + h):
                assert (cx, cy) not in cells, f"squares {cells.get((cx, cy))} and {square} overlap"
                cells[cx, cy] = square
    bottom, top = g.height - g.edge, 0
    right = g.width - (g.corner - 1)
    assert square_box(g, 0)[:2] == (right, bottom)  # GO, bottom right
    assert square_box(g, 10)[:2] == (0, bottom)  # Prison, bottom left
    assert square_box(g, 20)[:2] == (0, top)  # Free Parking, top left
    assert square_box(g, 30)[:2] == (right, top)  # Go To Prison, top right
