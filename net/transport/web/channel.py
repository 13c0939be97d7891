"""A browser's terminal: the session's channel over its WebSocket.

The page sends keys, mouse and paste as binary frames, and its window's size as a text frame
`{"resize": [columns, rows]}`; the server sends the screen as binary frames. Anything else the
page sends (a malformed size, another kind of frame) is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque

from aiohttp import WSMsgType, web
from textual.keys import key_to_character

from net.limits import Limits
from net.transport.channel import Channel, Resized

ENDED = 4000  # the close code of a session that ended (the page does not connect again)
STRANGER = 4001  # of a browser that is nobody here: the page shows the page for strangers
GOING_AWAY = 1001  # the server stops: the page tries again (it may be restarting)


class WebChannel(Channel):
    def __init__(
        self,
        socket: web.WebSocketResponse,
        transport: asyncio.BaseTransport | None,
        limits: Limits,
        size: tuple[int, int],
        peer: str,
    ) -> None:
        super().__init__(limits, size, peer, "xterm-256color")
        self.socket = socket
        self._transport = transport
        self._queued: deque[bytes] = deque()  # written, not yet handed to the socket
        self._queued_bytes = 0
        self._keys: str | None = None  # the keys that act now, as last sent to the page
        self._keys_due = False  # ...and not yet sent
        self._ending = False
        self._wake = asyncio.Event()
        self._sender = asyncio.get_running_loop().create_task(self._send_queued())

    async def _receive(self) -> bytes:
        while True:
            message = await self.socket.receive()
            if message.type == WSMsgType.BINARY:
                data: bytes = message.data
                if data:
                    return data
            elif message.type == WSMsgType.TEXT:
                size = _size(message.data)
                if size is not None:
                    raise Resized(*size)
            elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return b""
            elif message.type == WSMsgType.ERROR:  # a malformed or oversized frame
                return b""

    def _write(self, data: bytes) -> None:
        if self._ending:
            return
        self._queued.append(data)
        self._queued_bytes += len(data)
        self._wake.set()

    def keys_shown(self, keys: list[tuple[str, str]]) -> None:
        """Sent to the page as `{"keys": [[label, input], ...]}`: each key the page may show
        as a button, and what touching it sends (the bytes a terminal sends for that key)."""
        found = json.dumps(
            {"keys": [[label, typed] for key, label in keys if (typed := typing(key))]}
        )
        if found != self._keys and not self._ending:
            self._keys, self._keys_due = found, True
            self._wake.set()

    def backlog(self) -> int:
        transport = self._transport
        buffered = (
            transport.get_write_buffer_size()
            if isinstance(transport, asyncio.WriteTransport)
            else 0
        )
        return self._queued_bytes + buffered

    def _end(self) -> None:
        self._ending = True
        self._wake.set()

    def lost(self) -> None:
        super().lost()
        self._sender.cancel()

    async def _send_queued(self) -> None:
        """Hand what was written to the socket in order, then close it once the session ends."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queued:
                    data = b"".join(self._queued)
                    self._queued.clear()
                    self._queued_bytes = 0
                    await self.socket.send_bytes(data)
                if self._keys_due and self._keys is not None:
                    self._keys_due = False
                    await self.socket.send_str(self._keys)
                if self._ending:
                    break
        code = GOING_AWAY if self.come_back else ENDED
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.socket.close(code=code, message=b"the session has ended")

    async def sent(self) -> None:
        """Once everything written is sent and the socket closed (or the client gone)."""
        with contextlib.suppress(asyncio.CancelledError):
            await self._sender


def _size(text: str) -> tuple[int, int] | None:
    """The window size a text frame gives, or None if it gives none that reads."""
    try:
        columns, rows = json.loads(text)["resize"]
    except (ValueError, TypeError, KeyError):
        return None
    if type(columns) is not int or type(rows) is not int:
        return None
    return columns, rows


NAMED = {  # what a terminal sends for the keys with names
    "escape": "\x1b",
    "enter": "\r",
    "tab": "\t",
    "space": " ",
    "backspace": "\x7f",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
    "delete": "\x1b[3~",
    "shift+tab": "\x1b[Z",
    "slash": "/",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
}


def typing(key: str) -> str:
    """What a terminal sends for the Textual key `key` ("r", "question_mark", "ctrl+p",
    "escape"); "" for a key no terminal sends alone."""
    if key in NAMED:
        return NAMED[key]
    modifier, _, letter = key.rpartition("+")
    if modifier == "ctrl" and len(letter) == 1 and letter.isalpha():
        return chr(ord(letter.lower()) & 0x1F)
    return key_to_character(key) or ""
