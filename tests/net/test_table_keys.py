"""The table screen has one set of keys for every venue (this computer, an SSH table, a replay):
a game's screen may bind none of them, or Textual would keep the game's binding of that key and
drop the table's (chat, back to the lobby, a replay's arrows), and the key would be lost."""

import pytest
from textual.binding import Binding

from tui.games import PLAYABLE, screen_class
from tui.screens.table import TableScreen


def keys_of(bindings) -> set[str]:
    return {key.strip() for b in bindings if isinstance(b, Binding) for key in b.key.split(",")}


@pytest.mark.parametrize("game", PLAYABLE)
def test_no_game_takes_a_key_the_table_screen_binds_for_its_venues(game):
    table_keys = keys_of(TableScreen.BINDINGS)
    assert {"t", "q", "left", "plus", "escape", "space"} <= table_keys
    for cls in screen_class(game).__mro__:
        if cls is TableScreen:
            break
        taken = keys_of(vars(cls).get("BINDINGS", ())) & table_keys
        assert not taken, f"{cls.__name__} binds {sorted(taken)}, which the table screen binds"
