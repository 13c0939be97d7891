"""Every panel keeps to its size all through a game, at 120 x 40 and 80 x 24, as seen by the
person (seat 0, played here by a bot):
- a ledger writes one line for each line it means: an entry wider than the panel would wrap
  and push the players below it out of sight (it did in Army, for a player holding both
  Get-out cards); a line written to be cut (no_wrap) may run on;
- the panel saying what the game waits for fits its height, so its last lines, the keys, never
  fall off the bottom (they did at 80 x 24 for Army's debts and Stadium's Venture cards)."""

import pytest
from rich.console import Console

from tui.demo import app_for, play_a_move, stand_ins, table_at
from tui.widgets.key_bar import KeyBar
from tui.widgets.panel import TextPanel

EVERY = 2  # moves between looks at the panels
CONSOLE = Console(width=200)


def misfits(screen) -> list[str]:
    """What of the screen's shown panels does not fit: ledger lines too wide, and the
    lines of a turn panel beyond its height."""
    found = []
    for panel in screen.query(TextPanel):
        (width, height), text = panel.content_size, panel._shown
        if not width or text is None or isinstance(text, str) or isinstance(panel, KeyBar):
            continue
        if "Ledger" in type(panel).__name__:
            if not text.no_wrap:
                found += [line.plain for line in text.split("\n") if line.cell_len > width]
        elif height > 1:
            lines = text.wrap(CONSOLE, width)
            found += [f"{type(panel).__name__}: {line.plain}" for line in lines[height:]]
    return found


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("game", ["bigshot", "army", "stadium", "million"])
async def test_every_panel_keeps_to_its_size_through_a_whole_game(game, size):
    # Stadium's and Million's games run 50-130 rounds: 40 show every kind of panel
    table = table_at(
        seed=1, game=game, options={"round_limit": 40} if game in ("stadium", "million") else None
    )
    bots = stand_ins(game, len(table.state.players))
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen, moves = app.screen, 0
        while not table.state.is_over():
            play_a_move(table, bots)
            moves += 1
            if moves % EVERY == 0 or table.state.is_over():
                screen.show(table.state.view(0))
                assert not misfits(screen), (moves, misfits(screen))
