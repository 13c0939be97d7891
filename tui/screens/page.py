"""The base of every Boomtown screen: its body, and a clear message when the window is too small."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.screen import ModalScreen, Screen, ScreenResultType
from textual.widgets import Static

from ..widgets.key_bar import KeyBar, keys_that_act, report_keys

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small_message(width: int, height: int) -> str:
    return (
        f"Boomtown needs a window of at least {MIN_WIDTH} x {MIN_HEIGHT}.\n"
        f"This one is {width} x {height}: please make it larger."
    )


if TYPE_CHECKING:  # a mixin the type checker reads as the screen it is mixed into
    _Screen = Screen[Any]
else:
    _Screen = object


class _Sized(_Screen):
    """Shows `#too-small` instead of the body while the terminal is below the minimum size."""

    def compose(self) -> ComposeResult:
        yield Static(too_small_message(*self.app.size), id="too-small")
        with Container(classes="page-body"):
            yield from self.body()

    def body(self) -> ComposeResult:
        yield from ()

    def key_shown(self, action: str) -> bool:
        """Whether the key bar lists a key for `action` that is enabled (most are)."""
        return True

    ready = False  # filled in by `set_up`: news for a screen not yet ready waits for it

    def on_mount(self) -> None:
        # Not filled in when closed or its app ended in the burst of keys that opened it: it
        # may then be composed bare, or with a body whose widgets were never mounted.
        if not self.children or not self.is_attached:
            return
        self._fit(self.app.size.width, self.app.size.height)
        self.set_up()
        self.ready = True

    def set_up(self) -> None:
        """Fill the screen in once it is mounted, with the latest news (a screen closed
        before it was composed has nothing to fill in, and is not asked)."""

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def on_screen_resume(self) -> None:
        """The keys that act here now, said again as this screen comes to the top (a phone's
        page shows them to be touched): its key bar's, or for a dialog, its own bindings."""
        bars = self.query(KeyBar)
        if bars and bars.first()._acting is not None:
            bars.first().show_keys(self)
        elif not bars:
            report_keys(self, keys_that_act(self))

    _dismissed = False

    def dismiss(self, result=None):
        """Close with `result` once, and only from the top: a second Enter that comes before
        the screen has gone, or a key meant for a dialog above it, does nothing."""
        if self._dismissed or self.app.screen is not self:
            return None
        self._dismissed = True
        return super().dismiss(result)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(too_small_message(width, height))


class Page(_Sized, Screen[ScreenResultType]):
    pass


class ModalPage(_Sized, ModalScreen[ScreenResultType]):
    pass
