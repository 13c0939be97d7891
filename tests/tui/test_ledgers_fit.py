"""A ledger keeps one line for each line it writes, all through a game: an entry that ran past
its panel's width would wrap and push the players below it out of sight (it did, in Army, for a
player holding both Get-out cards). A line written to be cut (no_wrap) may run on."""

import pytest

from core.games import get_spec
from tui.demo import app_for, table_at
from tui.widgets.panel import TextPanel

EVERY = 3  # moves between looks at the ledger


def overflowing(screen) -> list[str]:
    """The lines of the screen's shown ledgers that are wider than their panel."""
    found = []
    for panel in screen.query(TextPanel):
        width, text = panel.content_size.width, panel._shown
        if "Ledger" in type(panel).__name__ and width and text is not None \
                and not isinstance(text, str) and not text.no_wrap:
            found += [line.plain for line in text.split("\n") if line.cell_len > width]
    return found


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("game", ["bigshot", "army", "stadium", "million"])
async def test_every_ledger_line_fits_its_panel_through_a_whole_game(game, size):
    table = table_at(seed=1, game=game)  # the person's seat too is played by a bot here
    spec = get_spec(game)
    bots = [spec.bots["heuristic"](seat) for seat in range(len(table.state.players))]
    app = app_for(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen, moves = app.screen, 0
        while not table.state.is_over():
            state = table.state
            seat = state.to_act()[0]
            table.act(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
            moves += 1
            if moves % EVERY == 0 or table.state.is_over():
                screen.show(table.state.view(0))
                assert not overflowing(screen), (moves, overflowing(screen))
