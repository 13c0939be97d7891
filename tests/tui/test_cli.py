"""The `boomtown` command refuses what cannot be played with a one-line reason, not a traceback."""

import argparse

import pytest

from boomtown.cli import _parser, main


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["play", "army", "--players", "7"], "Army takes 2 to 6 players"),
        (["play", "bigshot", "--players", "1"], "Big Shot takes"),
        (["play", "army", "--option", "nope=1"], "army has no option 'nope'"),
        (["play", "army", "--bot", "genius"], "unknown bot 'genius'"),
        (["play", "army", "--pace", "-1"], "give 0 or more"),
        (["sim", "army", "--games", "-5"], "too few: at least 1"),
        (["sim", "army", "--games", "0"], "too few: at least 1"),
        (["sim", "army", "--players", "99"], "Army takes 2 to 6 players"),
        (["sim", "bigshot", "--bots", "random,genius"], "unknown bot 'genius'"),
        (["serve", "--bot-pace", "nan"], "give 0 or more"),
        (["serve", "--max-per-ip", "0"], "too few"),
        (["serve", "--max-size", "20x10"], "at least 80x24"),
        (["serve", "--stall-seconds", "0"], "give 1 or more"),
        (["serve", "--search-seconds", "-1"], "give 0 or more"),
    ],
)
def test_impossible_games_are_refused_with_the_reason(argv, reason, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert reason in capsys.readouterr().err


def test_every_option_with_a_default_says_what_it_is_in_the_help():
    """A host reading `boomtown serve --help` (or a player, `play --help`) sees each limit's
    default without reading the code."""
    commands = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in commands.choices.items():
        for action in command._actions:
            if action.default in (None, [], False, argparse.SUPPRESS) or not action.option_strings:
                continue
            assert action.help and "default" in action.help, f"{name} {action.option_strings[0]}"


@pytest.mark.parametrize(
    "given, seconds",
    [([], 0.5), (["--search-seconds", "2"], 2.0), (["--search-seconds", "0"], None)],
)
def test_a_host_chooses_how_long_search_bots_think(monkeypatch, given, seconds):
    served = []
    monkeypatch.setattr("net.transport.server.serve", lambda *args, **kwargs: served.append(args))
    monkeypatch.setattr("net.transport.server.run", lambda serving: None)
    assert main(["serve", "--port", "0", *given]) == 0
    (limits,) = [arg for arg in served[0] if type(arg).__name__ == "Limits"]
    assert limits.search_seconds == seconds  # None: by the count of playouts alone


@pytest.mark.parametrize("command", ["play", "sim"])
def test_the_help_lists_every_option_as_typed_with_its_label_and_examples(command, capsys):
    """Issue 70: `--option NAME=VALUE` said only 'the README lists them'."""
    from core.games import SLUGS, get_spec

    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = capsys.readouterr().out
    assert "examples:\n  boomtown " + command in shown and "The manual: docs/" in shown
    listed = [line.split(maxsplit=2) for line in shown.split("game options")[1].splitlines()]
    for slug in SLUGS:
        for option in get_spec(slug).options:
            assert any(
                words[0] == slug
                and words[1].startswith(option.name + "=")
                and option.label in words[2]
                for words in listed
                if len(words) == 3
            ), (slug, option.name)


def test_every_command_s_help_gives_an_example_and_points_to_the_manual(capsys):
    commands = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in [None, *commands.choices]:
        with pytest.raises(SystemExit):
            main([name, "--help"] if name else ["--help"])
        shown = capsys.readouterr().out
        assert "examples:\n  boomtown" in shown and "The manual:" in shown, name
