"""A Textual driver that runs an app over one session's channel (SSH, or a browser's
WebSocket), inside the server's event loop.

No threads and no process-wide signal handlers (docs/serving.md): input is an asyncio task reading
the channel, window changes arrive as channel.Resized, and each frame is buffered
and sent as one write. A client that stops reading gets frames dropped, a full repaint when it
catches up, and is disconnected if it never does.
"""

from __future__ import annotations

import asyncio
import codecs
import functools
import logging
import time
from collections import deque
from typing import Literal

from rich.console import Console
from textual import constants, events
from textual.app import ScreenStackError
from textual.driver import Driver
from textual.geometry import Size

from net.loop.loop_share import current_meter
from net.transport.channel import ENTER, LEAVE, Resized
from tui.textual_private import XTermParser, keep_stdio, queued, uncached_extended_key_parser

log = logging.getLogger("boomtown.net")
QUEUE_BACKLOG = 8  # give no more input while the app has this many events still to handle
HELD_NOTICE_SECONDS = 60.0  # how often a person whose keys are held back is told why
HELD_EVENTS = 64  # input events held back from a busy app; with more, no more input is read
FEED_SLICE = 16  # characters of input parsed at a time
POLL_SECONDS = 0.005  # how often a busy app is looked at again
YIELDS = 32  # turns of the loop a key waits for the one before it, before it polls

# one colour system for every app in the process (docs/serving.md, trap 3)
COLOR_SYSTEM: Literal["256"] = "256"


def fit_for_ssh(app, term: str) -> None:
    """What an app served over SSH needs: no stdout capture (docs/serving.md, trap 2) and a console
    built for the client's terminal, in the process-wide colour system."""
    keep_stdio(app)
    app.console = Console(
        color_system=COLOR_SYSTEM,
        file=app.console.file,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
        _environ={"TERM": term},
    )


class SessionParser(XTermParser):
    """Textual's key parser with a cache of its own.

    The stock parser caches `_parse_extended_key` in one class-wide lru_cache whose keys hold the
    parser, which keeps every finished session alive (docs/serving.md, trap 1).
    """

    def __init__(self) -> None:
        super().__init__(debug=False)
        parse = uncached_extended_key_parser(self)
        self._parse_extended_key = functools.lru_cache(maxsize=128)(parse)


class SSHDriver(Driver):
    """Textual constructs drivers itself; this one finds its channel on the app (`app.channel`)."""

    def __init__(
        self, app, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.served_app = app  # (Textual's Driver keeps it as a private attribute)
        self.channel = app.channel
        self._buffer: list[str] = []
        self._input: asyncio.Task | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._watchdog: asyncio.Task | None = None
        self._parser = SessionParser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._meter = current_meter()  # the session's share of the loop (none in some tests)
        self._fed_at = 0.0  # when input was last parsed
        self._held: deque = deque()  # input parsed, not yet given to the app (in order)
        self._release: asyncio.Task | None = None
        self._told_held_back = -HELD_NOTICE_SECONDS  # when the person was last told why
        self._in_flight = False  # input given may still be on its way through the app

    # -- output ------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        self._buffer.append(data)

    def flush(self) -> None:
        if not self._buffer:
            return
        frame = "".join(self._buffer)
        self._buffer.clear()
        channel = self.channel
        if channel.entered:
            channel.drawn.set()  # the app has drawn its first frame (net.render.first_frame waits)
        if channel.closed or getattr(channel, "muted", False):
            return
        if self._watchdog is not None or channel.backlog() > channel.limits.max_output_backlog:
            # The client is not reading: drop frames until it catches up (docs/serving.md, trap 7).
            if self._watchdog is None:
                self._watchdog = asyncio.get_running_loop().create_task(self._await_client())
            return
        channel.send(frame.encode("utf-8", "replace"))
        if self._meter is not None:
            self._meter.news_drawn()

    async def _await_client(self) -> None:
        """Wait for a stalled client to read what it was sent: repaint it whole, or drop it."""
        channel = self.channel
        limits = channel.limits
        deadline = time.monotonic() + limits.stalled_client_seconds
        while channel.backlog() > limits.max_output_backlog // 2:
            if channel.closed:
                return
            if time.monotonic() > deadline:
                log.info("disconnecting %s: not reading its screen", channel.peer)
                channel.close("Disconnected: your connection stopped reading the screen.")
                self.served_app.exit()
                return
            await asyncio.sleep(0.05)
        self._watchdog = None
        self.served_app.refresh(repaint=True, layout=True)  # frames were lost: resend all

    # -- application mode --------------------------------------------------------------------

    def start_application_mode(self) -> None:
        if (
            not self.channel.entered
        ):  # not if a first frame was drawn already (net.render.first_frame)
            self.write(ENTER)
            self.flush()
        self.channel.entered = True
        width, height = self.channel.size
        size = Size(width, height)
        self.send_message(events.Resize(size, size))
        self._input = asyncio.get_running_loop().create_task(self._read_input())

    def disable_input(self) -> None:
        if self._input is not None:
            self._input.cancel()
            self._input = None
        for handle in (self._tick, self._watchdog, self._release):
            if handle is not None:
                handle.cancel()
        self._tick = self._watchdog = self._release = None
        self._held.clear()
        self.channel.cancel_resize()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(LEAVE)
        self.flush()
        channel = self.channel
        if not (channel.closed or getattr(channel, "muted", False)):  # else they still hold
            channel.entered = False

    # -- input -------------------------------------------------------------------------------

    def send_message(self, message) -> None:
        """Straight into the app's queue: we are on its loop, and the backlog check needs it."""
        self.served_app.post_message(message)

    async def _read_input(self) -> None:
        channel = self.channel
        try:
            while True:
                try:
                    data = await channel.read()
                except Resized as change:
                    channel.window_changed(change.width, change.height, self._send_resize)
                    continue
                if not data:
                    break  # the client went away
                text = self._decode(data)
                for start in range(0, len(text), FEED_SLICE):
                    while len(self._held) >= HELD_EVENTS:  # the app is far behind: wait for it
                        await asyncio.sleep(POLL_SECONDS)
                    if channel.closed:
                        break  # the client has gone: what it left unread is dropped
                    self._feed(text[start : start + FEED_SLICE])
                    await asyncio.sleep(0)
        except (ConnectionError, BrokenPipeError):
            pass
        except asyncio.CancelledError:
            return
        self.served_app.call_later(self.served_app.exit)

    def _deliver(self, event) -> None:
        """Give a key (or mouse event) to the app now if it is free for it, else hold it back in
        order. Input is parsed as it arrives, never late, so that an Esc held back with the next
        key behind it is still a lone Esc (parsed together, they would be Alt and that key)."""
        if not self._held and self._app_free():
            self._give(event)
            return
        self._held.append(event)
        if self._meter is not None and self._meter.owed():
            self._tell_held_back()
        if self._release is None:
            self._release = asyncio.get_running_loop().create_task(self._release_held())

    def _tell_held_back(self) -> None:
        """Say why keys are slow, once in a while: the session has used its share."""
        now = time.monotonic()
        if now - self._told_held_back >= HELD_NOTICE_SECONDS:
            self._told_held_back = now
            self.served_app.notify(
                "Your keys wait a moment: the server shares its time among "
                "everyone, and you have used your share.",
                severity="warning",
            )

    def _app_free(self) -> bool:
        """Whether the app may be given input now: it is not still busy with what it was given,
        and the session has used no more of the event loop than its share."""
        return (
            queued(self.served_app) <= QUEUE_BACKLOG
            and not self._input_in_flight()
            and (self._meter is None or not self._meter.owed())
        )

    def _input_in_flight(self) -> bool:
        """Whether the input last given may still be on its way: in the app's queue, or in a
        widget's of the screen. A key goes from the app to the focused widget and bubbles back
        up, and its binding runs only at the end of that way; a key given before then would go
        to whatever had the focus before the binding moved it (the s of "/say" would sit down
        in the lobby), so keys are given one after another, each once the last has been dealt
        with."""
        if not self._in_flight:
            return False
        try:
            pumps = [self.served_app, *self.served_app.screen.walk_children(with_self=True)]
        except ScreenStackError:  # no screen: nothing for the input to reach
            return False
        self._in_flight = any(map(queued, pumps))
        return self._in_flight

    async def _release_held(self) -> None:
        try:
            while self._held:
                turns = 0
                while not self._app_free():  # one session must not hog the loop everyone shares
                    owed = self._meter.owed() if self._meter is not None else 0.0
                    if owed:  # keys that all came before the share ran out wait on it too
                        self._tell_held_back()
                    turns += 1  # the last key is usually dealt with in a few turns of the loop
                    await asyncio.sleep(
                        0 if turns <= YIELDS and not owed else max(POLL_SECONDS, owed)
                    )
                self._give(self._held.popleft())
        finally:
            self._release = None

    def _give(self, event) -> None:
        """Give the app the person's input: what it costs is the session's."""
        if self._meter is not None:
            self._meter.input_given()
        self._in_flight = True
        self.process_message(event)

    def _send_resize(self) -> None:
        if self._meter is not None:
            self._meter.input_given()
        size = Size(*self.channel.size)
        self.send_message(events.Resize(size, size))

    def _feed(self, text: str) -> None:
        if self._tick is not None:
            self._tick.cancel()
            if time.monotonic() - self._fed_at >= constants.ESCAPE_DELAY:
                self._on_tick()  # an Esc before this came alone: a key of its own, not Alt
        try:
            for event in self._parser.feed(text):
                self._deliver(event)
        except Exception:  # garbage the parser cannot read: start afresh, keep the session
            log.debug("unparseable input from %s", self.channel.peer, exc_info=True)
            self._parser = SessionParser()
        self._fed_at = time.monotonic()  # after the parser noted the time it was fed
        # a lone Esc is only a key once no more bytes follow it
        delay = constants.ESCAPE_DELAY + 0.01
        self._tick = asyncio.get_running_loop().call_later(delay, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        try:
            for event in self._parser.tick():
                self._deliver(event)
        except Exception:
            self._parser = SessionParser()
