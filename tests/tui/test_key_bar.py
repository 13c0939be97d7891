"""The key bar shows the keys that act: asking only about the keys some binding shows
(`shown_active_bindings`) finds the same keys, in the same order, as asking Textual about every
binding, at every move of each game, for the player to move and the others alike."""

import pytest

from tui.demo import app_for, play_a_move, stand_ins, table_at
from tui.widgets import key_bar

MOVES = 60  # each game's first moves: every phase of a turn, auctions, trades offered


@pytest.mark.parametrize("game", ["bigshot", "army", "stadium", "million"])
async def test_the_key_bar_lists_what_asking_textual_about_every_binding_lists(game, monkeypatch):
    table = table_at(seed=3, game=game)
    bots = stand_ins(game, len(table.state.players))
    app = app_for(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen, looked = app.screen, set()
        for _ in range(MOVES):
            if table.state.is_over():
                break
            play_a_move(table, bots)
            screen.place.look()  # the screen's view now, without its venue moving the bots on
            shown = key_bar.keys_that_act(screen)
            with monkeypatch.context() as every_binding:
                every_binding.setattr(key_bar, "shown_active_bindings", lambda s: s.active_bindings)
                assert shown == key_bar.keys_that_act(screen)
            looked.add(tuple(shown))
        assert len(looked) > 2  # the keys changed with the game, and were compared each time
