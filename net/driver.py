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
import time

import asyncssh
from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

log = logging.getLogger("boomtown.net")

# Terminal modes, as Textual's own Linux driver sets and resets them.
ENTER = ("\x1b[?1049h"  # alternate screen
         "\x1b[?25l"  # hide the cursor
         "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"  # mouse: clicks, motion, SGR coordinates
         "\x1b[?2004h"  # bracketed paste
         "\x1b[?7l")  # no line wrap
LEAVE = ("\x1b[?7h\x1b[?2004l"
         "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
         "\x1b[?25h\x1b[?1049l")


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
        self._stale_since: float | None = None
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
        if channel.closed:
            return
        backlog = channel.backlog()
        if backlog > channel.limits.max_output_backlog:
            # The client is not reading: drop this frame, repaint whole once it catches up.
            now = time.monotonic()
            self._stale_since = self._stale_since or now
            if now - self._stale_since > channel.limits.stalled_client_seconds:
                log.info("disconnecting %s: not reading its screen", channel.peer)
                channel.close("Disconnected: your connection stopped reading the screen.")
            else:
                self._app.call_later(self._repaint_when_drained)
            return
        if self._stale_since is not None:
            self._stale_since = None
        channel.send(frame.encode("utf-8", "replace"))

    async def _repaint_when_drained(self) -> None:
        await self.channel.drained()
        if self._stale_since is not None and not self.channel.closed:
            self._stale_since = None
            self._app.screen.refresh(layout=True)  # everything, since frames were lost

    # -- application mode --------------------------------------------------------------------

    def start_application_mode(self) -> None:
        self.write(ENTER)
        self.flush()
        width, height = self.channel.size
        size = Size(width, height)
        self.send_message(events.Resize(size, size))
        self._input = asyncio.get_running_loop().create_task(self._read_input())

    def disable_input(self) -> None:
        if self._input is not None:
            self._input.cancel()
            self._input = None
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(LEAVE)
        self.flush()

    # -- input -------------------------------------------------------------------------------

    async def _read_input(self) -> None:
        channel = self.channel
        try:
            while True:
                try:
                    data = await channel.read()
                except asyncssh.TerminalSizeChanged as change:
                    size = Size(max(1, change.width), max(1, change.height))
                    self.send_message(events.Resize(size, size))
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    break  # the client went away
                self._feed(self._decode(data))
        except (asyncssh.Error, ConnectionError, BrokenPipeError):
            pass
        except asyncio.CancelledError:
            return
        self._app.call_later(self._app.exit)

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
