"""Each game's screen, by slug: only games listed here are offered in the app.

A game's screen lives in `tui/games/<slug>/screen.py`; it is imported when first asked for.
"""

from __future__ import annotations

from importlib import import_module

# slug -> the class in its screen.py
SCREENS = {
    "bigshot": "BigShotScreen",
    "army": "ArmyScreen",
    "stadium": "StadiumScreen",
    "million": "MillionScreen",
}
PLAYABLE = tuple(SCREENS)


def screen_class(slug: str):
    return getattr(import_module(f"{__name__}.{slug}.screen"), SCREENS[slug])
