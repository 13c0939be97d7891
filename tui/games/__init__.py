"""Each game's screen, by slug: only games listed here are offered in the app."""

from __future__ import annotations


def screen_class(slug: str):
    if slug == "bigshot":
        from .bigshot.screen import BigShotScreen

        return BigShotScreen
    if slug == "army":
        from .army.screen import ArmyScreen

        return ArmyScreen
    raise KeyError(slug)


PLAYABLE = ("bigshot", "army")
