"""Each game's screen, by slug: only games listed here are offered in the app."""

from __future__ import annotations


def screen_class(slug: str):
    if slug == "bigshot":
        from .bigshot.screen import BigShotScreen

        return BigShotScreen
    raise KeyError(slug)


PLAYABLE = ("bigshot",)
