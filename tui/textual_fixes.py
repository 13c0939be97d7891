"""Workarounds for Textual 8.2 bugs found by random input (tests/net/test_fuzz.py), by a
suite run that hung (a timer due in the past), by playing (notices left on screen), by a
test that failed in CI (a lobby's rows never sent) and by a heap that grew (drawn lines kept).

Textual's version is pinned to 8.2 in pyproject.toml; look at each again when it moves.
`install()` is idempotent and changes only the methods named here.
"""

from __future__ import annotations

from functools import lru_cache

from textual.app import App
from textual.color import Color
from textual.screen import Screen
from textual.style import Style
from textual.timer import Timer
from textual.widget import AwaitRemove
from textual.widgets import OptionList

from .textual_private import (
    StylesCache,
    Toast,
    ToastHolder,
    ToastRack,
    holding_frames,
    index_to_line,
    original,
    replace,
    screen_stack,
)

SOONEST = 0.001  # seconds: the shortest delay a timer is given


async def _on_click(self: OptionList, event) -> None:
    """A click on an option that is gone (the list changed since it was drawn) does nothing;
    Textual raised IndexError."""
    clicked = event.style.meta.get("option")
    if clicked is None or clicked < self.option_count:
        await original(OptionList, "_on_click")(self, event)


def _move_page(self: OptionList, direction: int) -> None:
    """Page up or down before the list has laid out its lines does nothing; Textual raised
    KeyError."""
    if (self.highlighted or 0) in index_to_line(self):
        original(OptionList, "_move_page")(self, direction)


def _timer_init(self: Timer, event_target, interval: float, **options) -> None:
    """A timer due now or already overdue fires at once. Textual's timer loop never yields on
    a negative interval: a toast mounted a moment after its notice expired (its delay is the
    time left, checked a moment before) spun the event loop, and with it every SSH session
    of the host, at full CPU for ever. (At 0 it divided by zero.)"""
    original(Timer, "__init__")(self, event_target, max(interval, SOONEST), **options)


def _remove_toast(self: Toast | ToastHolder) -> AwaitRemove:
    """Once a notice's toast is gone, the screen under the notices is drawn again, whole.
    Textual redrew only where the toast had been before its stack last scrolled: when more
    notices came than the window could stack, those that expired stayed on screen. Nor is the
    stack's own region enough: once the last notice has gone it is hidden, its region empty,
    and a toast still being removed then would be left drawn (seen under load). A notice goes
    a few times a minute at most; a whole screen drawn then costs little."""
    removal = original(type(self), "remove")(self)
    rack = next((node for node in self.ancestors if isinstance(node, ToastRack)), None)
    if rack is not None and rack.is_attached:
        screen = rack.screen

        async def redraw() -> None:
            await removal
            if screen.is_attached:
                screen.refresh()

        self.app.call_later(redraw)
    return removal


def _compositor_refresh(self: Screen) -> None:
    """A screen makes no frame while its app holds a batch update: what changed waits, and is
    drawn once the batch ends. Textual made the frame, took it as drawn and dropped it (its
    `App._display` draws nothing in a batch), and the next frame drew only what changed after,
    over a terminal that never showed the dropped one. Textual holds a batch while an app
    starts: over SSH a person's lobby, first drawn by the shared painter before tables were
    made, was then drawn without their rows (CI saw it)."""
    app = self.app
    if holding_frames(app):
        app._frames_held = True  # type: ignore[attr-defined]
        return
    original(Screen, "_compositor_refresh")(self)


def _end_batch(self: App) -> None:
    original(App, "_end_batch")(self)
    if not holding_frames(self) and getattr(self, "_frames_held", False):
        self._frames_held = False  # type: ignore[attr-defined]
        if screen_stack(self):
            self.screen.refresh()  # a frame soon, if nothing else draws one first


@lru_cache(1024)
def _inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """A widget's inner and outer backgrounds, cached by the colours alone. Textual cached
    them by its method's `self` too, a widget's StylesCache, so the last 1024 widgets drawn
    were kept with every line they had drawn long after they were gone: on a server, dead
    sessions' boards, and a heap every full collection walks (Textual issue 6665)."""
    return Style(background=base_background + background), Style(background=base_background)


FIXES = (
    (OptionList, "_on_click", _on_click),
    (OptionList, "_move_page", _move_page),
    (Timer, "__init__", _timer_init),
    (Toast, "remove", _remove_toast),
    (ToastHolder, "remove", _remove_toast),
    (Screen, "_compositor_refresh", _compositor_refresh),
    (App, "_end_batch", _end_batch),
    (StylesCache, "get_inner_outer", staticmethod(_inner_outer)),
)


def install() -> None:
    for cls, name, fixed in FIXES:
        replace(cls, name, fixed)
