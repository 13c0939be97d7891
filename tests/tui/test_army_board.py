"""The Army board's layout: every square has its own place, the corners where the board has them."""

import dataclasses

import pytest

from tui.demo import app_for, army_managing, army_table
from tui.games.army.board import COMPACT, FULL, BoardWidget, square_box
from tui.games.army.look import TINY


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


async def test_on_the_compact_board_an_owner_stands_apart_from_the_square_s_name():
    app = app_for(army_table(3, army_managing))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [strip.text for strip in app.screen.query_one(BoardWidget)._lines]
        owned = [
            s for s in range(40) if square_box(COMPACT, s)[3] == 1 and app.screen.view.owner[s] >= 0
        ]
        assert owned
        for square in owned:
            x, y, _, _ = square_box(COMPACT, square)
            name = TINY[square]
            digit = str(app.screen.view.owner[square] + 1)
            assert rows[y][x : x + len(name) + 2] == f"{name} {digit}", rows[y]


def test_the_ledger_names_each_deed_and_counts_those_without_room():
    from tui.games.army.panels import LedgerPanel

    view = army_table(3, army_managing).view(0)
    seat = max(range(len(view.players)), key=lambda s: view.owner.count(s))
    deeds = [s for s in range(40) if view.owner[s] == seat]
    wide = LedgerPanel._holdings(view, seat, 200).plain
    assert all(TINY[s] in wide for s in deeds) and "+" not in wide
    narrow = LedgerPanel._holdings(view, seat, 16).plain
    assert len(narrow) <= 16
    shown = sum(TINY[s] in narrow for s in deeds)
    assert shown < len(deeds) and narrow.endswith(f"+{len(deeds) - shown}")


def test_every_square_name_fits_its_square_on_both_boards():
    from core.games.army.board import SQUARES

    for square in SQUARES:
        _, _, width, height = square_box(FULL, square.index)
        lines = square.label.split("|")
        assert len(lines) <= (height - 2 if height > 3 else 1), square.label
        assert all(0 < len(line) <= width for line in lines), square.label
        assert 0 < len(square.short) <= 6 and 0 < len(square.tiny) <= 3, square


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_ledger_line_fits_its_panel_with_both_cards_and_five_figures(size):
    """Found playing at 120 x 40: a player holding both Get-out cards had the second letter
    wrapped onto a line of its own; at 80 x 24 a worth of £10,000 ran into the cash."""
    from tui.games.army.panels import LedgerPanel

    app = app_for(army_table(3, army_managing))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(LedgerPanel)
        view = app.screen.view
        rich = (12_345, 15_250) + view.cash[2:]  # worth £14,101 was the most in 30 bot games
        view = dataclasses.replace(view, card_holder=(1, 1), cash=rich)
        width = panel.content_size.width
        lines = panel.describe(view, app.screen.compact, panel.content_size.height, width).split(
            "\n"
        )
        for line in lines:
            assert line.cell_len <= width, line.plain
        rows = [line.plain.split() for line in lines if line.plain.split()[:1] in (["1"], ["2"])]
        assert [sum(word.startswith("£") for word in row) for row in rows] == [2, 2], rows
        assert rows[1][-1] == "CT", rows  # both cards, after the worth
