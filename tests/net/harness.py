"""A real Boomtown SSH server on 127.0.0.1 port 0, and SSH clients with a terminal each (and
browsers, over the server's web door).

Every client feeds what it receives into a pyte screen, so tests read what a person would see.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import subprocess
import sys
import time
from functools import cache, partial
from typing import Any

import aiohttp
import asyncssh
import pyte
from pyte import modes
from pyte.screens import Char, wcwidth

from net.limits import Limits
from net.screens.lobby import LobbyScreen
from net.transport.server import BoomtownServer
from tui.widgets.key_bar import KeyBar

GUEST_COOKIE = "boomtown_guest"  # the cookie a browser guest is known by (net.identity)
WINDOW_TITLE = re.compile(rb"\x1b\]2;([^\x07\x1b]*)\x07")
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>NOMDEHc78]")


@cache
def key_for(name: str) -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def until(condition, timeout: float = 20.0) -> None:
    """Wait for something the server shows, polling; fail if it never happens."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.01)


async def table_with(
    server, seats: list[str], bots: int, game: str = "bigshot", seed: int = 11, **options
):
    """A table made by the first person, the others seated, bots in the rest, started."""
    host = server.host
    table = await host.create_table(
        seats[0], game, options, players=len(seats) + bots, bots=bots, seed=seed
    )
    for name in seats[1:]:
        await host.sit(table.id, name)
    await host.start(table.id, seats[0])
    return table


class QuickScreen(pyte.Screen):
    """pyte's screen, drawing a run of one-cell characters that fits on its line at once (most
    of what Textual sends), and all else as pyte does: pyte drew each character in turn, and
    that was a tenth of the SSH tests' time. (tests/net/test_changed_rows.py compares what it
    shows with pyte's own, cell by cell.)"""

    def draw(self, data: str) -> None:
        text = data.translate(self.g1_charset if self.charset else self.g0_charset)
        cursor = self.cursor
        x, end = cursor.x, cursor.x + len(text)
        if (
            text
            and end <= self.columns
            and modes.IRM not in self.mode
            and (text.isascii() and text.isprintable() or all(wcwidth(c) == 1 for c in text))
        ):
            line = self.buffer[cursor.y]
            rest = tuple(cursor.attrs)[1:]
            for at, char in enumerate(text, x):
                line[at] = tuple.__new__(Char, (char, *rest))
            cursor.x = end
            self.dirty.add(cursor.y)
        else:
            super().draw(data)


class QuickStream(pyte.ByteStream):
    """pyte's stream, but a colour or a cursor move (`ESC [ n;n m` or `H`, which Textual sends
    around every piece of text it draws) is read whole rather than fed to pyte's parser a
    character at a time; everything else goes to the parser as before. (Equal to pyte's own,
    as QuickScreen is.)"""

    SGR_OR_MOVE = re.compile(r"\x1b\[([0-9;]*)([mH])")

    def feed(self, data: bytes) -> None:  # (pyte's ByteStream.feed, then its Stream.feed)
        self._text(self.utf8_decoder.decode(data) if self.use_utf8 else "".join(map(chr, data)))

    def _text(self, data: str) -> None:
        screen = self.listener
        draw, colour, move = screen.draw, screen.select_graphic_rendition, screen.cursor_position
        text_at, sequence_at = self._text_pattern.match, self.SGR_OR_MOVE.match
        plain = self._taking_plain_text
        at, length = 0, len(data)
        while at < length:
            if plain:
                text = text_at(data, at)
                if text:
                    start, at = text.span()
                    draw(data[start:at])
                    continue
                sequence = sequence_at(data, at)
                if sequence:
                    params = [min(int(p or 0), 9999) for p in sequence[1].split(";")]
                    (colour if sequence[2] == "m" else move)(*params)
                    at = sequence.end()
                    continue
                plain = False
            else:
                plain = self._send_to_parser(data[at : at + 1])
                at += 1
        self._taking_plain_text = plain


class Terminal:
    """One person at an SSH client: a pty, a screen, a record of every byte received."""

    def __init__(self, conn, process, width: int, height: int) -> None:
        self.conn = conn
        self.process = process
        self._blank(width, height)
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def _blank(self, width: int, height: int) -> None:
        self._screen = QuickScreen(width, height)
        self.stream = QuickStream(self._screen)
        self.received = bytearray()
        self._unread = 0  # bytes of `received` not yet drawn on the screen
        self._rows: tuple[tuple, list[str]] = ((), [])  # the screen's rows as last read
        self.closed = asyncio.Event()

    @property
    def screen(self) -> pyte.Screen:
        """The screen as everything received so far draws it (drawn when looked at: a test
        reads few of the frames a server sends, and drawing them all was a tenth of its CPU)."""
        if self._unread:
            self.stream.feed(bytes(self.received[-self._unread :]))
            self._unread = 0
        return self._screen

    def _arrived(self, data: bytes) -> None:
        self.received += data
        self._unread += len(data)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self._arrived(data)
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            self.closed.set()

    def rows(self) -> list[str]:
        """The screen's rows as text, read again only once more has come (or it was resized):
        a test waiting for something reads them every few milliseconds."""
        screen = self.screen
        drawn = (len(self.received), screen.columns, screen.lines)
        if self._rows[0] != drawn:
            self._rows = (drawn, screen.display)
        return self._rows[1]

    def text(self) -> str:
        return "\n".join(self.rows())

    def window_title(self) -> str:
        """The window's title as the app last named it (OSC 2; pyte reads Textual's OSC 22, the
        pointer's shape, as a title too)."""
        titles = WINDOW_TITLE.findall(bytes(self.received))
        return titles[-1].decode() if titles else ""

    def plain_history(self) -> str:
        """Everything ever received, escape sequences removed."""
        return ANSI.sub(b"", bytes(self.received)).decode("utf-8", "replace")

    def panel_text(self, title: str) -> str:
        """What the panel titled `title` says, its lines joined by a space (so a sentence
        wrapped over several reads as one); "" when no such panel is on the screen."""
        rows = self.rows()
        top = next((top for top, row in enumerate(rows) if f"╭─ {title} " in row), None)
        if top is None:
            return ""
        left = rows[top].index(f"╭─ {title} ")
        right = rows[top].index("╮", left)
        lines = []
        for row in rows[top + 1 :]:
            if row[left] == "╰":
                break
            lines.append(row[left + 1 : right].strip("│ "))
        return " ".join(" ".join(lines).split())

    async def wait_for(self, needle: str, timeout: float = 10.0, within: str = "") -> None:
        """Wait until `needle` is on the screen, or said in the panel titled `within`."""

        def seen() -> bool:
            return needle in (self.panel_text(within) if within else self.text())

        deadline = time.monotonic() + timeout
        while not seen():
            if time.monotonic() > deadline:
                raise AssertionError(f"{needle!r} never appeared; the screen is:\n{self.text()}")
            if self.closed.is_set() and not seen():
                raise AssertionError(f"closed before {needle!r} appeared:\n{self.text()}")
            await asyncio.sleep(0.02)

    async def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())
            await asyncio.sleep(0.05)  # let the server's app handle one key before the next

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._reader.cancel()


async def connect(
    port: int, name: str, width: int = 120, height: int = 40, key: str | None = "own", **options
) -> Terminal:
    keys = [key_for(name if key == "own" else key)] if key else None  # None: no key at all
    options.setdefault("client_keys", keys)
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, agent_path=None, **options
    )
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(width, height), encoding=None
    )
    return Terminal(conn, process, width, height)


async def hold_silent_sockets(port: int, address: str, stop: asyncio.Event) -> None:
    """Eight sockets from `address` that never say a word, each reopened once it is closed."""

    async def one() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0)
                )
                try:
                    while not stop.is_set() and await reader.read(4096):
                        pass
                except OSError:
                    pass
                finally:  # cancelled too
                    writer.close()
            await asyncio.sleep(0.01)

    await asyncio.gather(*(one() for _ in range(8)))


async def serve_process(
    *options: str, stderr: Any = subprocess.DEVNULL, cwd: Any = None
) -> tuple[asyncio.subprocess.Process, int]:
    """`boomtown serve` with `options` in a process of its own, on a free port, and that port
    (read from the first line it prints)."""
    server = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "boomtown.cli", "serve", "--port", "0", *options),
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=stderr,
    )
    assert server.stdout is not None
    line = await asyncio.wait_for(server.stdout.readline(), timeout=20)  # "... on HOST:PORT"
    return server, int(line.rsplit(b":", 1)[1])


async def ended(process: asyncio.subprocess.Process, timeout: float = 30) -> int | None:
    """`process`'s exit status, once it has ended and its output pipes have been read to their
    end (a pipe left open outlives the test's event loop, and complains of it then; a child
    still holding it open is a process left running, and this times out)."""
    await asyncio.wait_for(process.communicate(), timeout)
    return process.returncode


async def start_server(tmp_path, **limits) -> tuple[BoomtownServer, int]:
    base = dict(bot_pace_seconds=0.0, afk_seconds=30.0)
    base.update(limits)
    guests = base.pop("allow_guests", False)
    key_file = base.pop("host_key_file", None)
    database = base.pop("database", None)  # PostgreSQL's address; None: SQLite in tmp_path
    web = base.pop("web", None)  # net.transport.web.door.WebOptions: browsers too
    server = BoomtownServer(
        tmp_path, Limits(**base), allow_guests=guests, host_key_file=key_file, database=database
    )
    # No thaw of its own accord (a test that needs one thaws): here the heap a thaw walks is
    # the test worker's, every module and cache of the suite, 0.3 s a thaw, not the server's
    # (its timing has tests/net/test_collector.py).
    server.collector.quiet = math.inf
    port = await server.start("127.0.0.1", 0)
    if web is not None:
        await server.start_web("127.0.0.1", web)
    return server, port


async def ann_and_ben_at(server, port: int, game: str, until_state) -> tuple:
    """ann and ben connected and seated at a `game` table (seed 5), both showing it, the
    people's moves made for them by a heuristic bot until `until_state(state)` holds: the two
    sessions and the table."""
    ann, ben = await connect(port, "ann"), await connect(port, "ben")
    await ann.wait_for("You are ann")
    await ben.wait_for("You are ben")
    table = await table_with(server, ["ann", "ben"], bots=0, game=game, seed=5)
    await ann.wait_for("Ledger")
    await ben.wait_for("Ledger")
    play_until(server.host, table, until_state)
    return ann, ben, table


def play_until(host, table, until_state) -> None:
    """Every seat's moves made by a heuristic bot until `until_state(state)` holds, saved and
    made at once, without yielding to the sessions (they draw only where it stops). Where the
    host's bots play too, await `no_move_saving(table)` first: a move of theirs being saved
    would be made at the same place in the record as this one."""
    from core.games import get_spec

    assert table.running.saving is None, "a move is being saved: await no_move_saving(table) first"

    helper = get_spec(table.game).bots["heuristic"](1)
    state = table.match.state
    if until_state(state):
        return
    while not until_state(state):
        seat = state.to_act()[0]
        action = helper.choose(state.view(seat), state.legal_actions(seat))
        peek(host.storage).add_action(
            table.id, len(table.match.record.actions), seat, action.to_json()
        )
        table.match.act(seat, action)
        state = table.match.state
    host._made(table)  # as after any move: the game's end kept, everyone told
    host.storage.queue(lambda: None).result()  # the writes it handed the disk's thread done


async def no_move_saving(table) -> None:
    """Until no move of the table is being saved (one being saved is made once it is)."""
    await until(lambda: table.running.saving is None)


async def turn_the_bell(person) -> None:
    """`person`, at a table, turns the bell off (it is on at first) from the palette."""
    await person.press("\x10")  # Ctrl+P, the palette
    await person.wait_for("Search for commands")
    await person.press(*"bell")
    await person.wait_for("Bell when your turn comes after a wait: turn it off")
    await person.press("\r")


def session_of(server, name: str):
    """The server's session of the person called `name`."""
    return next(s for s in server.sessions if s.name == name)


def settled_in_lobby(session) -> bool:
    """The person's own app shows the lobby with its keys, and has drawn."""
    app = session.app
    if app is None or not app.is_running or not isinstance(app.screen, LobbyScreen):
        return False
    keys = app.screen.query(KeyBar)  # none yet while the screen is being composed
    return bool(keys) and bool(keys.first()._shown) and session.channel.drawn.is_set()


class peek:  # noqa: N801 (read as a function: peek(storage).table(1))
    """A storage's queries answered at once, for a test's checks: the test waits on the event
    loop, as the server never does (net.store.disk)."""

    def __init__(self, storage) -> None:
        self._storage = storage

    def __getattr__(self, name: str):
        query = getattr(self._storage, name)
        return lambda *args, **kwargs: self._storage.queue(
            partial(query, **kwargs) if kwargs else query, *args
        ).result()


class Browser(Terminal):
    """One person at a browser's terminal (net.transport.web): the page's WebSocket, a screen, a
    record of every byte received; `refused` the close's reason when the server sends it away."""

    def __init__(self, client, socket, width: int, height: int) -> None:
        self.client = client
        self.socket = socket
        self._blank(width, height)
        self.close_code: int | None = None
        self.cookie: str | None = None  # the one it holds
        self.guest_cookie: str | None = None  # a guest's, as the server set it
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self._arrived(message.data)
        finally:
            self.close_code = self.socket.close_code
            self.closed.set()

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.socket.send_bytes(key.encode())
            await asyncio.sleep(0.05)  # let the server's app handle one key before the next

    async def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        await self.socket.send_str(json.dumps({"resize": [width, height]}))

    async def close(self) -> None:
        try:
            await self.socket.close()
        finally:  # its HTTP client too, though the socket's close failed
            await self.client.close()
            self._reader.cancel()


async def browse(
    web_port: int,
    cookie: str | None = None,
    name: str | None = None,
    width: int = 120,
    height: int = 40,
    origin: str | None = "own",
    forwarded: str | None = None,
    guest_cookie: str | None = None,
) -> Browser:
    """A browser at the server's page, holding `cookie` (None: none), or a guest's
    `guest_cookie`, or a guest who chose `name` on the page for strangers; its WebSocket sent
    with the page's own Origin (or `origin`, None: no Origin), through a reverse proxy that
    says it serves the address `forwarded`, if given."""
    page = f"http://127.0.0.1:{web_port}"
    if name is not None and guest_cookie is None:  # a guest, who chose a name on the page
        status, guest_cookie, said = await guest_chooses(web_port, name)
        assert status == 303, said
    cookies = {"boomtown": cookie} if cookie else {}
    if guest_cookie:
        cookies[GUEST_COOKIE] = guest_cookie
    client = aiohttp.ClientSession(cookies=cookies or None)
    query = f"cols={width}&rows={height}"
    headers = {"Origin": page if origin == "own" else origin} if origin else {}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    try:
        socket = await client.ws_connect(f"{page}/ws?{query}", headers=headers)
    except BaseException:
        await client.close()
        raise
    browser = Browser(client, socket, width, height)
    browser.cookie, browser.guest_cookie = cookie, guest_cookie
    return browser


async def guest_chooses(
    web_port: int, name: str, guest_cookie: str | None = None
) -> tuple[int, str | None, str]:
    """A browser posts `name` from the page for strangers, to play as a guest: the response's
    status (303: in), the guest's cookie it set, and what the page says."""
    return await post_name(web_port, "/guest", name, GUEST_COOKIE, guest_cookie)


async def post_name(
    web_port: int, path: str, name: str, cookie_name: str, cookie: str | None = None
) -> tuple[int, str | None, str]:
    """A browser posts a name chosen on one of the server's pages (from that page: its own
    Origin): the status, the cookie `cookie_name` set (else None), and the page's text."""
    page = f"http://127.0.0.1:{web_port}"
    async with aiohttp.ClientSession(cookies={cookie_name: cookie} if cookie else None) as client:
        async with client.post(
            page + path, data={"name": name}, headers={"Origin": page}, allow_redirects=False
        ) as got:
            set_cookie = got.cookies.get(cookie_name)
            return got.status, set_cookie.value if set_cookie else None, await got.text()


async def sign_in_link(server, name: str) -> str:
    """The path of a one-time link that signs a browser in as `name`, as the lobby's W makes."""
    storage = server.storage
    return "/link/" + await storage.soon(storage.make_link, name, 600)


async def signed_in(web_port: int, link: str) -> str:
    """The cookie a browser gets from the one-time `link`."""
    async with aiohttp.ClientSession() as client:
        async with client.get(f"http://127.0.0.1:{web_port}{link}", allow_redirects=False) as got:
            assert got.status == 303, await got.text()
            return got.cookies["boomtown"].value


async def browser_as(server, name: str) -> Browser:
    """A browser signed in as `name` by a one-time link, showing the lobby."""
    cookie = await signed_in(server.web_port, await sign_in_link(server, name))
    browser = await browse(server.web_port, cookie)
    await browser.wait_for(f"You are {name}")
    return browser


async def backlog_peak(server, busy: Terminal, name: str, channel, changes: int = 60) -> int:
    """The most `channel` held unsent while `busy` (called `name`) changed the lobby `changes`
    times (a chat line each), waiting each time until their own lobby had redrawn."""
    peak = 0
    for i in range(changes):
        await server.host.chat(None, name, f"message {i}")
        await busy.wait_for(f"message {i}")
        peak = max(peak, channel.backlog())
    return peak
