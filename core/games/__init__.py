"""The registry of games, by slug.

A game's rules are imported when it is first asked for (`get_spec`): what a menu shows of it
(`about`: its title and summary) is read from its `about.json`, so the title screen and the
command line start without importing four games' rules.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, TypedDict

from core.engine.data import read_json

if TYPE_CHECKING:
    from core.engine.game import GameSpec

SLUGS = ("bigshot", "army", "stadium", "million")  # in the order menus list them


class About(TypedDict):
    title: str
    summary: str


@cache
def about(slug: str) -> About:
    """The game's title and summary; ValueError if there is no such game."""
    _check(slug)
    found: About = read_json(__name__, f"{slug}/about.json")
    return found


@cache
def get_spec(slug: str) -> GameSpec:
    """The game's spec, its rules imported on first use; ValueError if there is no such game."""
    _check(slug)
    spec: GameSpec = import_module(f"{__name__}.{slug}").SPEC
    return spec


def _check(slug: str) -> None:
    if slug not in SLUGS:
        raise ValueError(f"no game {slug!r}; the games are: {', '.join(SLUGS)}")
