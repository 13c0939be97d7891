"""At an SSH table a game's screen gains keys (chat, back to the lobby): none may take a key the
game itself uses for something else, or that game's players would lose it over SSH."""

import pytest
from textual.binding import Binding

from net.table_screen import NetTableMixin
from tui.games import PLAYABLE, screen_class


def game_keys(screen) -> dict[str, str]:
    """Every key the game's screen answers, and the action it runs."""
    keys: dict[str, str] = {}
    for cls in reversed(screen.__mro__):
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding):
                for key in binding.key.split(","):
                    keys[key.strip()] = binding.action
    return keys


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_ssh_tables_keys_take_none_of_the_games_own(game):
    own = game_keys(screen_class(game))
    assert own, "the game's keys were found"
    for binding in NetTableMixin.BINDINGS:
        assert own.get(binding.key, binding.action) == binding.action, (
            f"{game} uses {binding.key!r} for {own[binding.key]}; at an SSH table it would "
            f"{binding.description.lower()} instead"
        )
