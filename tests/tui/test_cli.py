"""The `boomtown` command refuses what cannot be played with a one-line reason, never a traceback."""

import pytest

from tui.cli import main


@pytest.mark.parametrize("argv, reason", [
    (["play", "army", "--players", "7"], "Army takes 2 to 6 players"),
    (["play", "bigshot", "--players", "1"], "Big Shot takes"),
    (["play", "army", "--option", "nope=1"], "army has no option 'nope'"),
    (["play", "army", "--bot", "genius"], "unknown bot 'genius'"),
])
def test_impossible_games_are_refused_with_the_reason(argv, reason, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert reason in capsys.readouterr().err
