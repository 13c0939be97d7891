"""One session's terminal, whatever carries it (an SSH channel, or a browser's WebSocket:
net.transport.web): size, input (rate-limited), output (with its backlog)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

import asyncssh

from net.limits import Limits, TokenBucket

# Terminal modes, as Textual's own Linux driver sets and resets them.
ENTER = (
    "\x1b[22;0t"  # the window's title kept, to give back (the app names the window)
    "\x1b[?1049h"  # alternate screen
    "\x1b[?25l"  # hide the cursor
    "\x1b[?1000h\x1b[?1002h\x1b[?1006h"  # mouse: clicks and drags (no hover: less input)
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"
)  # no line wrap
LEAVE = (
    "\x1b[H\x1b[2J"  # blank the alternate screen first (tui/terminal.py says why)
    "\x1b[?7h\x1b[?2004l"
    "\x1b[?1000l\x1b[?1002l\x1b[?1006l"
    "\x1b[?25h\x1b[?1049l"
    "\x1b[23;0t"  # the window's title as it was
)

RESIZE_SETTLE_SECONDS = 0.05  # a burst of window changes becomes one resize


class Resized(Exception):
    """The client's window changed size (what a read raises, instead of input)."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self.width, self.height = width, height


class Channel:
    """A session's terminal. A carrier gives `_receive` (the next input, b"" once the client
    has gone; Resized on a window change), `_write`, `backlog` and `_end`."""

    def __init__(self, limits: Limits, size: tuple[int, int], peer: str, term: str) -> None:
        self.limits = limits
        self.term = term  # the client's terminal type (TERM)
        self.size = self._fit(*size)
        self.peer = peer
        self.closed = False
        self.last_input = time.monotonic()
        self.bytes_read = 0
        self.muted = False  # while True the session's own app draws nothing (it is watching)
        self.come_back = False  # closed, but the client may connect again (the server stops)
        self.entered = False  # the client's terminal is in the app's modes (ENTER) now
        self.drawn = asyncio.Event()  # set by the driver once the running app has drawn
        self._bucket = TokenBucket(limits.input_bytes_per_second, limits.input_burst_bytes)
        self._gone = asyncio.Event()
        self._resize: asyncio.TimerHandle | None = None
        self._next_resize = 0.0

    async def read(self) -> bytes:
        """The next input; b"" when the client has gone. Raises Resized on a window change.

        Once the connection is lost, input it left buffered is never read."""
        if self.closed:
            return b""
        data = await self._receive()
        if data:
            self.last_input = time.monotonic()
            self.bytes_read += len(data)
            # reading slower makes the carrier's flow control push back; a lost connection
            # ends the wait
            delay = self._bucket.charge(len(data))
            if delay:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._gone.wait(), delay)
        return b"" if self.closed else data

    async def _receive(self) -> bytes:
        raise NotImplementedError

    def _write(self, data: bytes) -> None:
        raise NotImplementedError

    def backlog(self) -> int:
        """Bytes sent but not yet taken by the client."""
        raise NotImplementedError

    def _end(self) -> None:
        """Close the connection, once what was written is sent."""
        raise NotImplementedError

    def _fit(self, width: int, height: int) -> tuple[int, int]:
        """The size drawn for a window: at least 1 x 1, at most the host's limit."""
        limits = self.limits
        return (min(max(1, width), limits.max_width), min(max(1, height), limits.max_height))

    def window_changed(self, width: int, height: int, apply: Callable[[], None]) -> None:
        """Note a new window size; `apply` runs once a burst of changes has settled, and at most
        once per `resize_interval_seconds` (every resize redraws the whole screen)."""
        self.size = self._fit(width, height)
        self.cancel_resize()
        loop = asyncio.get_running_loop()
        delay = max(RESIZE_SETTLE_SECONDS, self._next_resize - loop.time())
        self._resize = loop.call_later(delay, self._apply_resize, apply)

    def _apply_resize(self, apply: Callable[[], None]) -> None:
        self._resize = None
        self._next_resize = asyncio.get_running_loop().time() + self.limits.resize_interval_seconds
        apply()

    def cancel_resize(self) -> None:
        if self._resize is not None:
            self._resize.cancel()
            self._resize = None

    def lost(self) -> None:
        """The connection is gone: nothing more is read or sent."""
        self.closed = True
        self._gone.set()

    def keys_shown(self, keys: list[tuple[str, str]]) -> None:
        """The keys that act now, (key, label): a carrier with a page to show them on (a
        browser's) sends them there; a terminal has a keyboard."""

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            self._write(data)
        except (BrokenPipeError, ConnectionError):
            self.closed = True  # the client has gone; the input side ends the app

    def close(self, message: str | None = None, come_back: bool = False) -> None:
        """Leave the app's modes, say `message`, and end the connection; `come_back`: the
        client may connect again (a browser's page does)."""
        if self.closed:
            return
        self.closed = True
        self.come_back = come_back
        try:
            if self.entered:  # the app's screen and mouse modes would outlive the connection
                self._write(LEAVE.encode())
                self.entered = False
            if message:
                self._write(f"\r\n{message}\r\n".encode())
            self._end()
        except (BrokenPipeError, ConnectionError):
            pass


class SSHChannel(Channel):
    """A terminal session's channel of an SSH connection."""

    def __init__(self, process: asyncssh.SSHServerProcess, limits: Limits) -> None:
        width, height = (process.term_size or (80, 24, 0, 0))[:2]
        peer = process.get_extra_info("peername") or ("?", 0)
        term = process.get_terminal_type() or "xterm-256color"
        super().__init__(limits, (width or 80, height or 24), peer[0], term)
        self.process = process

    async def _receive(self) -> bytes:
        while True:
            try:
                data: bytes = await self.process.stdin.read(1024)
                return data
            except asyncssh.TerminalSizeChanged as change:
                raise Resized(change.width, change.height) from None
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except asyncssh.Error as exc:
                raise ConnectionError(str(exc)) from None

    def _write(self, data: bytes) -> None:
        try:
            self.process.stdout.write(data)
        except asyncssh.Error as exc:
            raise ConnectionError(str(exc)) from None

    def backlog(self) -> int:
        return self.process.channel.get_write_buffer_size()

    def _end(self) -> None:
        try:
            self.process.exit(0)
        except asyncssh.Error as exc:
            raise ConnectionError(str(exc)) from None
