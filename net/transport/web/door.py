"""The server's web door (`serve --web PORT`): the page, its own assets, one-time sign-in links,
and the WebSocket a browser's session runs over.

Nothing else is served: the assets are a fixed list read once, never a path from a request.
Who a browser is, net.identity says from its cookies (HttpOnly, SameSite=Strict, Secure behind
TLS): the one a one-time link or an invitation gave it, or a guest's own, which the name a guest
chooses on the page for strangers sets. A browser that is nobody here is shown that page (what
this server is, the ways in), not the terminal. Every limit of an SSH session holds per browser
session and per address; a form posted or a WebSocket whose Origin is not the page's own is
refused.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import web

from net.identity import (
    CANNOT_READ,
    COOKIE_DAYS,
    GUEST_COOKIE_HOURS,
    Banned,
    BrowserCame,
    Refused,
    Stranger,
)
from net.store.storage import StorageError
from net.transport.web.channel import ENDED, STRANGER, WebChannel
from net.transport.web.pages import Server, invite_page, no_invite_page, stranger_page

if TYPE_CHECKING:
    from net.transport.server import BoomtownServer

log = logging.getLogger("boomtown.net")

HERE = Path(__file__).parent
ASSETS = {  # what /static/ serves, and nothing else
    "xterm.js": "text/javascript",
    "addon-fit.js": "text/javascript",
    "addon-webgl.js": "text/javascript",  # draws box and block characters whole
    "boomtown.js": "text/javascript",
    "xterm.css": "text/css",
    "boomtown.css": "text/css",
    "page.css": "text/css",  # the pages for people not yet in
    "icon.svg": "image/svg+xml",  # the page's icon
    "turn.svg": "image/svg+xml",  # and while it is the person's turn
}
COOKIE = "boomtown"  # a browser signed in by a one-time link holds this
GUEST_COOKIE = "boomtown_guest"  # and a browser guest this
SHUTDOWN_SECONDS = 1.0  # at the server's stop, a request still being answered is cut after this
KEEPALIVE_SECONDS = 5.0  # an idle connection kept open for the page's next request, at most
MAX_FRAME_BYTES = 16 * 1024  # a frame from a page: keys, a mouse report, a paste's piece
POLICY = (  # the page's scripts are its own files. Styles may be inline: xterm.js writes
    # <style> elements whose rules depend on the cell's size, which its DOM renderer (the
    # fallback where there is no WebGL) cannot draw without; WebGL draws without them
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "connect-src 'self'; img-src 'self'; font-src 'self'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # (no-referrer makes a form's Origin "null")
    "Cache-Control": "no-store",
}


@dataclass(frozen=True)
class WebOptions:
    """`serve --web PORT`: where browsers connect, the address people open (default
    http://HOST:PORT/), whether a reverse proxy serves it over TLS (the cookie is then
    Secure), and whether people may invite friends with no SSH (`--no-invites`)."""

    port: int
    url: str = ""
    behind_tls: bool = False
    invites: bool = True  # people may invite friends to play here (net.identity)


class WebDoor:
    def __init__(self, server: BoomtownServer, secure: bool = False) -> None:
        """`secure`: the page is served behind TLS by a reverse proxy on this machine: its
        cookie says so, and the proxy's X-Forwarded-For says where each browser is."""
        self.server = server
        self.secure = secure
        self.page = (HERE / "page.html").read_bytes()
        self.assets = {name: (HERE / "static" / name).read_bytes() for name in ASSETS}
        self._runner: web.AppRunner | None = None
        self._listening: asyncio.Server | None = None
        self._guards: dict[asyncio.BaseTransport, _Guard] = {}  # by connection
        app = web.Application(client_max_size=1024)  # no request has a body worth more
        app.router.add_get("/", self._page)
        app.router.add_get("/static/{name}", self._asset)
        app.router.add_get("/link/{secret}", self._link)
        app.router.add_post("/guest", self._guest)
        app.router.add_get("/invite/{secret}", self._invitation)
        app.router.add_post("/invite/{secret}", self._take_up)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/favicon.ico", self._icon)
        self.app = app

    async def start(self, address: str, port: int, reuse_port: bool = False) -> int:
        """Listen; returns the port (useful with port 0)."""
        self._runner = web.AppRunner(
            self.app,
            access_log=None,
            handle_signals=False,
            keepalive_timeout=KEEPALIVE_SECONDS,
            shutdown_timeout=SHUTDOWN_SECONDS,
        )
        await self._runner.setup()
        handlers = self._runner.server
        assert handlers is not None  # (made by setup)
        self._listening = await asyncio.get_running_loop().create_server(
            lambda: _Guard(handlers(), self), address, port, reuse_port=reuse_port or None
        )
        return int(self._listening.sockets[0].getsockname()[1])

    def close(self) -> None:
        """No new connections."""
        if self._listening is not None:
            self._listening.close()

    async def stop(self) -> None:
        """Once the sessions have ended: the connections left closed, at once."""
        self.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- connections not yet served: the SSH logins' caps (net.transport.admission) ----------------

    def _arrived(self, guard: _Guard) -> bool:
        """Count a new connection among those still to be served (with the SSH logins);
        False if there is no room for it. One that sends no request in time is cut."""
        if not self.server.pending.admit(guard):
            return False
        asyncio.get_running_loop().call_later(
            self.server.limits.login_grace_seconds, self._cut_if_silent, guard
        )
        return True

    def _served(self, request: web.Request) -> None:
        """The connection sent a whole request: no longer waiting to be served."""
        guard = self._guards.get(request.transport) if request.transport is not None else None
        if guard is not None and guard.silent:
            guard.silent = False
            self.server.pending.leave(guard)

    def _cut_if_silent(self, guard: _Guard) -> None:
        if guard.silent:
            self.server.pending.leave(guard)
            guard.drop()

    # -- what is served -------------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        """The terminal, for a browser that is someone here; else the page for strangers."""
        self._served(request)
        cookies = request.cookies
        if await self.server.identity.knows(cookies.get(COOKIE), cookies.get(GUEST_COOKIE)):
            return web.Response(body=self.page, content_type="text/html", headers=HEADERS)
        return _html(200, stranger_page(self._about(request)))

    def _about(self, request: web.Request) -> Server:
        """This server, as its page for strangers tells it: SSH at the address people open
        (--web-url's, else the one this page was asked for by)."""
        server = self.server
        url = server.host.web_url
        host = (urlsplit(url).hostname if url else None) or urlsplit(f"//{request.host}").hostname
        return Server(host or "localhost", server.ssh_port, server.identity.allow_guests)

    async def _guest(self, request: web.Request) -> web.Response:
        """A name chosen on the page for strangers: a guest's, held by their own cookie."""
        self._served(request)
        name = await self._form_name(request)
        try:
            cookie = await self.server.identity.guest_comes(
                name, request.cookies.get(GUEST_COOKIE), self._address(request)
            )
        except Refused as refused:
            status = 403 if isinstance(refused, Banned) else 409
            return _html(status, stranger_page(self._about(request), name, str(refused)))
        except StorageError:
            return _text(503, CANNOT_READ)
        response = web.HTTPSeeOther("/", headers=HEADERS)
        self._set_cookie(response, GUEST_COOKIE, cookie, GUEST_COOKIE_HOURS * 3600)
        raise response

    async def _invitation(self, request: web.Request) -> web.Response:
        """An invitation's page: who invites, and a name to choose."""
        self._served(request)
        secret = request.match_info["secret"]
        try:
            inviter = await self.server.identity.inviter(secret)
        except StorageError:
            return _text(503, CANNOT_READ)
        if inviter is None:
            return _html(410, no_invite_page())
        return _html(200, invite_page(inviter, secret))

    async def _take_up(self, request: web.Request) -> web.Response:
        """An invitation taken up under the name chosen: the browser is signed in as it."""
        self._served(request)
        secret = request.match_info["secret"]
        name = await self._form_name(request)
        identity = self.server.identity
        try:
            cookie = await identity.accept_invite(secret, name, self._address(request))
        except Refused as refused:
            inviter = await identity.inviter(secret)
            if inviter is None:
                return _html(410, no_invite_page())
            status = 403 if isinstance(refused, Banned) else 409
            return _html(status, invite_page(inviter, secret, name, str(refused)))
        except StorageError:
            return _text(503, CANNOT_READ)
        response = web.HTTPSeeOther("/", headers=HEADERS)
        self._set_cookie(response, COOKIE, cookie, COOKIE_DAYS * 86400)
        raise response

    async def _form_name(self, request: web.Request) -> str:
        """The name a form posted from this server's own page gives (403 for another site's)."""
        if not _same_origin(request):
            raise web.HTTPForbidden(text="This page's own origin only.", headers=HEADERS)
        form = await request.post()
        name = form.get("name")
        return name[:100] if isinstance(name, str) else ""

    async def _icon(self, request: web.Request) -> web.Response:
        self._served(request)
        return web.Response(
            body=self.assets["icon.svg"], content_type=ASSETS["icon.svg"], headers=HEADERS
        )

    async def _asset(self, request: web.Request) -> web.Response:
        self._served(request)
        name = request.match_info["name"]
        if name not in ASSETS:
            raise web.HTTPNotFound()
        return web.Response(body=self.assets[name], content_type=ASSETS[name], headers=HEADERS)

    async def _link(self, request: web.Request) -> web.Response:
        """A one-time link: the browser is signed in as the name it was made for, once."""
        self._served(request)
        try:
            cookie = await self.server.identity.sign_in(request.match_info["secret"])
        except StorageError:
            return _text(503, CANNOT_READ)
        if cookie is None:
            return _text(
                403, "This link was used already, or has expired: press W in the lobby for another."
            )
        response = web.HTTPSeeOther("/", headers=HEADERS)
        self._set_cookie(response, COOKIE, cookie, COOKIE_DAYS * 86400)
        raise response

    def _set_cookie(self, response: web.StreamResponse, name: str, value: str, age: int) -> None:
        response.set_cookie(
            name, value, max_age=age, httponly=True, samesite="Strict", secure=self.secure, path="/"
        )

    # -- a browser's session --------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        self._served(request)
        if not _same_origin(request):
            log.info("refusing a WebSocket from %s: its Origin is another site's", request.remote)
            raise web.HTTPForbidden(text="This page's own origin only.")
        server = self.server
        address = self._address(request)
        connections, terminals = server.connections, server.terminals
        reason = server.no_room(address, terminals)
        if reason is not None:
            log.info("refusing a browser from %s: %s", address, reason)
            raise web.HTTPServiceUnavailable(text=reason)
        socket = web.WebSocketResponse(max_msg_size=MAX_FRAME_BYTES, heartbeat=30, compress=False)
        connections.add(address)
        terminals.add(address)
        try:
            try:
                came: BrowserCame | Refused = await server.identity.browser(
                    request.cookies.get(COOKIE), request.cookies.get(GUEST_COOKIE), address
                )
            except Refused as refused:
                came = refused
            await socket.prepare(request)
            if isinstance(came, Refused):
                await _refuse(socket, str(came), STRANGER if isinstance(came, Stranger) else ENDED)
            else:
                await self._run(request, socket, came)
        finally:
            connections.remove(address)
            terminals.remove(address)
        return socket

    def _address(self, request: web.Request) -> str:
        """Where the browser is: the connection's address, or behind a reverse proxy on this
        machine, the address the proxy says it serves (the last X-Forwarded-For)."""
        remote = request.remote or "?"
        forwarded = request.headers.get("X-Forwarded-For", "")
        if self.secure and forwarded and ipaddress.ip_address(remote).is_loopback:
            return forwarded.split(",")[-1].strip()[:64] or remote
        return remote

    async def _run(
        self, request: web.Request, socket: web.WebSocketResponse, came: BrowserCame
    ) -> None:
        server = self.server
        size = (_number(request.query.get("cols"), 80), _number(request.query.get("rows"), 24))
        channel = WebChannel(socket, request.transport, server.limits, size, came.who.address)
        try:
            await server.run_session(channel, came.name, came.who)
        finally:
            channel.close()
            try:
                await asyncio.wait_for(channel.sent(), server.limits.stalled_client_seconds)
            except TimeoutError:  # a browser that stopped reading: cut off
                if request.transport is not None:
                    request.transport.abort()


class _Guard(asyncio.Protocol):
    """One connection to the web door: aiohttp's handler of it, counted among the connections
    still to be served (`silent` until a whole request came) as `net.transport.admission.Pending`
    counts SSH logins; `drop` cuts it."""

    def __init__(self, handler: asyncio.Protocol, door: WebDoor) -> None:
        self.handler, self.door = handler, door
        self.ip = "?"
        self.silent = True
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # (a TCP connection)
        self.transport = transport
        self.ip = (transport.get_extra_info("peername") or ("?",))[0]
        self.handler.connection_made(transport)
        self.door._guards[transport] = self
        if not self.door._arrived(self):
            log.info("refusing %s: too many connections waiting to be served", self.ip)
            self.silent = False
            transport.abort()

    def drop(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.silent:
            self.silent = False
            self.door.server.pending.leave(self)
        if self.transport is not None:
            self.door._guards.pop(self.transport, None)
        self.handler.connection_lost(exc)


def _same_origin(request: web.Request) -> bool:
    """Whether the WebSocket comes from the page this server served (its Origin's host is the
    one the request was sent to)."""
    origin = request.headers.get("Origin")
    return origin is not None and urlsplit(origin).netloc == request.host


def _number(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


def _text(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, headers=HEADERS)


def _html(status: int, page: bytes) -> web.Response:
    return web.Response(status=status, body=page, content_type="text/html", headers=HEADERS)


async def _refuse(socket: web.WebSocketResponse, why: str, code: int) -> None:
    """Tell the page why, on its terminal, and end (STRANGER: the page goes to the page for
    strangers instead)."""
    await socket.send_bytes(f"{why}\r\n".encode())
    await socket.close(code=code, message=why[:100].encode())
