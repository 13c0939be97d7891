"""Notices (toasts) leave the terminal when they expire, however many came at once, and the
same notice is never stacked twice.

In Textual 8.2, once more notices came than the window could stack, the ones that expired
stayed drawn until something else repainted their place: at 80x24 a few refused keys in a row
left their messages over the board for good (seen over the end screen, which is redrawn only
when asked). The app runs headless here, and what it would write to a terminal is played into a
terminal emulator, so the test reads what a person would see."""

import asyncio

import pyte
from textual._compositor import CompositorUpdate
from textual.widgets import Static
from textual.widgets._toast import Toast

from tui.base import BaseApp  # with the Textual fixes, as the local app and the SSH host have

WIDTH, HEIGHT = 80, 24


class Noticed(BaseApp):
    """A full window of text under the notices, and a terminal fed every frame."""

    def __init__(self) -> None:
        super().__init__()
        self.terminal = pyte.Screen(WIDTH, HEIGHT)
        self._stream = pyte.Stream(self.terminal)

    def compose(self):
        yield Static("\n".join("board " * 13 for _ in range(HEIGHT)))

    def _display(self, screen, renderable) -> None:
        if isinstance(renderable, CompositorUpdate):
            self._stream.feed(renderable.render_segments(self.console))
        super()._display(screen, renderable)

    def shown(self) -> str:
        return "\n".join(self.terminal.display)


async def until(condition, what: str, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(what)
        await asyncio.sleep(0.02)


async def test_notices_that_overflow_the_window_are_wiped_when_they_expire():
    app = Noticed()
    async with app.run_test(size=(WIDTH, HEIGHT), notifications=True):
        for n in range(8):  # one after another, 3 rows each: more than the window stacks
            app.notify(f"Notice {n}", timeout=2.0)
            await until(lambda n=n: f"Notice {n}" in app.shown(), f"notice {n} was never drawn")
        await until(lambda: not app.screen.query(Toast), "the notices never expired")
        await until(
            lambda: "Notice" not in app.shown(), f"expired notices are still drawn:\n{app.shown()}"
        )
        assert "board" in app.shown().splitlines()[HEIGHT - 2]  # what they covered is back


async def test_a_notice_given_again_while_shown_is_shown_once_at_the_newest_place():
    app = Noticed()
    async with app.run_test(size=(WIDTH, HEIGHT), notifications=True) as pilot:
        for message in ("Roll: not now.", "Bid: not now.", "Roll: not now.", "Roll: not now."):
            app.notify(message)
            await pilot.pause()
        await until(lambda: len(app.screen.query(Toast)) == 2, "not one toast per notice")
        await until(lambda: app.shown().count("not now") == 2, "not one notice drawn each")
        shown = app.shown()
        assert shown.index("Bid: not now.") < shown.index("Roll: not now.")  # newest lowest
