"""A Textual driver that runs an app over one SSH channel, inside the server's event loop.

No threads and no process-wide signal handlers (see NET_NOTES): input is an asyncio task reading
the channel, window changes arrive as asyncssh.TerminalSizeChanged, and each frame is buffered
and sent as one write. A client that stops reading gets frames dropped, a full repaint when it
catches up, and is disconnected if it never does.
"""

from __future__ import annotations

import asyncio
import codecs
import functools
import logging
import sys
import time

import asyncssh
from rich.console import Console
from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from .channel import ENTER, LEAVE

log = logging.getLogger("boomtown.net")
QUEUE_BACKLOG = 8  # feed no more input while the app has this many events still to handle
FEED_SLICE = 16  # characters of input parsed at a time

COLOR_SYSTEM = "256"  # one colour system for every app in the process (NET_NOTES trap 3)


def fit_for_ssh(app, term: str) -> None:
    """What an app served over SSH needs: no stdout capture (NET_NOTES trap 2) and a console
    built for the client's terminal, in the process-wide colour system."""
    app._capture_stdout = sys.__stdout__
    app._capture_stderr = sys.__stderr__
    app.console = Console(color_system=COLOR_SYSTEM, file=app.console.file, markup=True,
                          highlight=False, emoji=False, legacy_windows=False, force_terminal=True,
                          safe_box=False, soft_wrap=False, _environ={"TERM": term})


class SessionParser(XTermParser):
    """Textual's key parser with a cache of its own.

    The stock parser caches `_parse_extended_key` in one class-wide lru_cache whose keys hold the
    parser, which keeps every finished session alive (NET_NOTES trap 1).
    """

    def __init__(self) -> None:
        super().__init__(debug=False)
        parse = XTermParser._parse_extended_key.__wrapped__.__get__(self)
        self._parse_extended_key = functools.lru_cache(maxsize=128)(parse)


class SSHDriver(Driver):
    """Textual constructs drivers itself; this one finds its channel on the app (`app.channel`)."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.channel = app.channel
        self._buffer: list[str] = []
        self._input: asyncio.Task | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._watchdog: asyncio.Task | None = None
        self._parser = SessionParser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode

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
            channel.drawn.set()  # the app has drawn its first frame (net.first_frame waits)
        if channel.closed or getattr(channel, "muted", False):
            return
        if self._watchdog is not None or channel.backlog() > channel.limits.max_output_backlog:
            # The client is not reading: drop frames until it catches up (NET_NOTES trap 7).
            if self._watchdog is None:
                self._watchdog = asyncio.get_running_loop().create_task(self._await_client())
            return
        channel.send(frame.encode("utf-8", "replace"))

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
                self._app.exit()
                return
            await asyncio.sleep(0.05)
        self._watchdog = None
        self._app.refresh(repaint=True, layout=True)  # frames were lost: send everything again

    # -- application mode --------------------------------------------------------------------

    def start_application_mode(self) -> None:
        if not self.channel.entered:  # not if a first frame was drawn already (net.first_frame)
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
        for handle in (self._tick, self._watchdog):
            if handle is not None:
                handle.cancel()
        self._tick = self._watchdog = None
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
        self._app.post_message(message)

    async def _read_input(self) -> None:
        channel = self.channel
        try:
            while True:
                try:
                    data = await channel.read()
                except asyncssh.TerminalSizeChanged as change:
                    channel.window_changed(change.width, change.height, self._send_resize)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    break  # the client went away
                text = self._decode(data)
                for start in range(0, len(text), FEED_SLICE):
                    # One session must not hog the loop every session shares: feed no more
                    # input while its app is still busy with what it was sent.
                    while self._app._message_queue.qsize() > QUEUE_BACKLOG:
                        await asyncio.sleep(0.005)
                    if channel.closed:
                        break  # the client has gone: what it left unread is dropped
                    self._feed(text[start:start + FEED_SLICE])
                    await asyncio.sleep(0)
        except (asyncssh.Error, ConnectionError, BrokenPipeError):
            pass
        except asyncio.CancelledError:
            return
        self._app.call_later(self._app.exit)

    def _send_resize(self) -> None:
        size = Size(*self.channel.size)
        self.send_message(events.Resize(size, size))

    def _feed(self, text: str) -> None:
        try:
            for event in self._parser.feed(text):
                self.process_message(event)
        except Exception:  # garbage the parser cannot read: start afresh, keep the session
            log.debug("unparseable input from %s", self.channel.peer, exc_info=True)
            self._parser = SessionParser()
        if self._tick is not None:
            self._tick.cancel()
        # a lone Esc is only a key once no more bytes follow it
        delay = constants.ESCAPE_DELAY + 0.01
        self._tick = asyncio.get_running_loop().call_later(delay, self._on_tick)

    def _on_tick(self) -> None:
        self._tick = None
        try:
            for event in self._parser.tick():
                self.process_message(event)
        except Exception:
            self._parser = SessionParser()
