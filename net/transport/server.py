"""`boomtown serve`: one asyncssh server process holding every table; each session runs the app.

Only the app is served: shell sessions with a terminal. Commands, subsystems (sftp), X11, agent
and port forwarding are refused. Who a connection is, net.identity decides: the SSH door only
says which key signed the login (none: a guest, with --allow-guests).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import asyncssh

from net.hosting.community import Community
from net.hosting.host import Host
from net.hosting.thinking import Thinkers
from net.identity import SWEEP_SECONDS, Identity, Refused, Who, player_name
from net.limits import STOP_SECONDS, Limits
from net.loop import loop_share
from net.loop.collector import Collector
from net.loop.fresh_reading import FreshReading
from net.loop.stall_watch import StallWatch
from net.render import changed_rows, lean_strips, shared_styles
from net.render.broadcast import Broadcasts
from net.render.first_frame import FirstFrames
from net.store.dialects import dialect_for
from net.store.storage import SQLITE_FILE, Storage, StorageError
from net.transport.admission import Counter, Pending
from net.transport.channel import Channel, SSHChannel
from net.transport.packets import one_packet_a_frame
from net.transport.session import Session
from net.transport.web.door import WebDoor, WebOptions
from tui.games import PLAYABLE, screen_class

SFTP_VERSION = 3  # asyncssh's least; unused, as sftp is refused
STOPPING = "The server is stopping; please come back in a minute."
log = logging.getLogger("boomtown.net")
DEFAULT_LIMITS = Limits()


class HostKeyError(ValueError):
    """The host key given to serve with cannot be used."""


def given_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key in `path` (an unencrypted private key, OpenSSH's or PEM), which several
    servers may share so that clients' known_hosts stay valid whichever answers."""
    try:
        return asyncssh.read_private_key(str(path))
    except (OSError, asyncssh.KeyImportError, ValueError) as exc:
        raise HostKeyError(f"cannot use the host key {path}: {exc}") from None


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's key: made once, kept in the data directory so known_hosts stay valid."""
    path = data_dir / "host_key"
    if not path.exists():
        path.write_bytes(_new_host_key())
        path.chmod(0o600)
    return asyncssh.read_private_key(str(path))


def shared_host_key(storage: Storage) -> asyncssh.SSHKey:
    """The key every server on a shared database answers with: the first one's, kept there."""
    return asyncssh.import_private_key(storage.host_key(_new_host_key().decode()))


def _new_host_key() -> bytes:
    return asyncssh.generate_private_key("ssh-ed25519").export_private_key()


class Terminal(asyncssh.SSHServerProcess):
    """A terminal session's channel, which says when it closes so that it is counted out."""

    def __init__(self, factory, closed) -> None:
        super().__init__(factory, None, SFTP_VERSION, False)  # no sftp, no scp
        self._closed = closed

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._closed()


class Gate(asyncssh.SSHServer):
    """One connection's way in: the limits, and which key signed its login (the identity
    authority says whether that key, or a guest, may come as the name asked).

    A connection still logging in counts as pending, with a small cap of its own, so that those
    who never log in cannot take the room of those who did. The limits on logged-in connections
    are checked once the keys are exchanged, so that the client can print why it was refused.
    A key refused for a name (another key owns it) leaves the client to offer its next key.
    """

    def __init__(self, server: BoomtownServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection  # set as the connection is made, before any use
        self.who: Who | None = None  # who logged in (net.identity), once they have
        self._offered: str | None = None  # the last key accepted, signed or merely offered
        self.ip = "?"
        self.counted = False  # among the logged-in connections
        self.sessions: set[Session] = set()  # this connection's sessions, ended when it is lost
        self.ever_opened = False
        self.open_channels = 0  # terminal sessions open now
        self._told: set[str] = set()  # what the client was told as its logins were refused

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        one_packet_a_frame(conn)
        self.ip = (conn.get_extra_info("peername") or ("?",))[0]
        loop = asyncio.get_running_loop()
        if not self.server.pending.admit(self):
            log.info("refusing %s: too many connections logging in", self.ip)
            loop.call_soon(conn.abort)  # before any key exchange work
            return
        loop.call_later(self.server.limits.silent_seconds, self._cut_if_silent)

    @property
    def silent(self) -> bool:
        """Whether the client has yet to say which SSH it speaks (its version line)."""
        return self.conn.get_extra_info("client_version") is None

    def drop(self) -> None:
        """Close this connection, still logging in (to make room for another, or the server
        stops)."""
        log.info("dropping a connection from %s still logging in", self.ip)
        self.conn.abort()

    def _cut_if_silent(self) -> None:
        if self.silent:
            self.server.pending.leave(self)
            self.conn.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        for session in list(self.sessions):
            session.connection_lost()
        self.server.pending.leave(self)
        if self.counted:
            self.counted = False
            self.server.connections.remove(self.ip)

    def begin_auth(self, username: str) -> bool:
        self._refused_for_room()
        return True

    def _refused_for_room(self) -> bool:
        """Disconnect, saying why, if the logged-in connections leave no room for this one."""
        reason = self.server.no_room(self.ip, self.server.connections)
        if reason is None:
            return False
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)
        return True

    def auth_completed(self) -> None:
        # asyncssh asks validate_public_key both when a key is merely offered and when a
        # signature is to be checked, and never says which key signed. A signed request is
        # validated, verified and answered with success in one step, so the last key accepted
        # is the signer's; a guest login (keyboard-interactive) forgets any key offered first.
        self.who = self.server.identity.ssh_person(self._offered, self.ip)
        if self._refused_for_room():  # others logged in while this one did
            return
        self.server.pending.leave(self)
        self.counted = True
        self.server.connections.add(self.ip)
        asyncio.get_running_loop().call_later(
            self.server.limits.login_grace_seconds, self._require_session
        )

    def _require_session(self) -> None:
        """A connection that logs in must open a terminal session in time (no `ssh -N`)."""
        if not self.ever_opened and self.counted:
            self.conn.disconnect(
                asyncssh.DISC_BY_APPLICATION, "Boomtown serves games in a terminal session only."
            )

    def session_requested(self) -> Terminal:
        """A terminal session may open while this connection and its address have room for it:
        the limits count sessions, each of which runs an app, not only connections."""
        limits, terminals = self.server.limits, self.server.terminals
        if (
            self.open_channels >= limits.sessions_per_connection
            or terminals.by_ip.get(self.ip, 0) >= limits.connections_per_ip
        ):
            log.info("refusing a session from %s: too many open", self.ip)
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                "Too many sessions open from your address.",
            )
        self.open_channels += 1
        terminals.add(self.ip)

        def closed() -> None:
            self.open_channels -= 1
            terminals.remove(self.ip)

        return Terminal(self.server._session, closed)

    def session_opened(self, session: Session) -> None:
        self.ever_opened = True
        self.sessions.add(session)

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = key.get_fingerprint("sha256")
        try:
            await self.server.identity.ssh_key(username, fingerprint, self.ip)
        except Refused as refused:
            self._tell(str(refused))
            return False
        self._offered = fingerprint  # proven only if the login completes by it
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.server.identity.allow_guests

    async def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        self._offered = None  # a guest is nobody's key, whatever keys it offered before
        try:
            await self.server.identity.ssh_guest(username, self.ip)
        except Refused as refused:
            self._tell(str(refused))
            return False
        return True  # a guest: no questions

    def _tell(self, why: str) -> None:
        """Tell the client why a login was refused, once for each reason."""
        if why not in self._told:
            self._told.add(why)
            self.conn.send_auth_banner(f"{why}\r\n")

    def password_auth_supported(self) -> bool:
        return False


def warm_up() -> None:
    """Import every game's screens now: an import on the first table would stall every session."""
    for slug in PLAYABLE:
        screen_class(slug)


class DataDirError(ValueError):
    """The server's data directory or database cannot be used: it refuses to start."""


class BoomtownServer:
    def __init__(
        self,
        data_dir: Path,
        limits: Limits = DEFAULT_LIMITS,
        allow_guests: bool = False,
        host_key_file: Path | None = None,
        database: str | None = None,
    ) -> None:
        """A server keeping its tables in `data_dir`, and its host key there too unless
        `host_key_file` gives one (HostKeyError if it cannot be used). With a `database`
        (postgresql://...) both are kept there instead, shared with every server using it."""
        given = given_host_key(host_key_file) if host_key_file is not None else None
        self.data_dir = data_dir
        self.limits = limits
        self.connections = Counter()  # logged in
        self.pending = Pending(
            limits.pending_total, limits.pending_per_ip, limits.pending_per_network
        )  # still logging in
        self.terminals = Counter()  # terminal sessions open
        self.thinkers = Thinkers()  # its processes start with the first search bot's move
        try:
            if database is not None:
                self.storage = Storage(database)
                self.key = given or shared_host_key(self.storage)
            else:
                data_dir.mkdir(parents=True, exist_ok=True)
                self.key = given or host_key(data_dir)
                self.storage = Storage(data_dir / SQLITE_FILE)
            self.host = Host(self.storage, limits, self.thinkers)
        except (OSError, StorageError) as exc:
            where = (
                f"the database {dialect_for(database)}"
                if database
                else f"the data directory {data_dir}"
            )
            raise DataDirError(f"cannot use {where}: {exc}") from None
        self.broadcasts = Broadcasts(self.host, limits)
        self.first_frames = FirstFrames(self.host, limits)
        self.collector = Collector(lambda: self.host.last_change)
        self.sessions: set[Session] = set()
        self.catch_up = FreshReading(self._read_changes_elsewhere)  # every door, before it admits
        self.identity = Identity(self.storage, allow_guests, self.sessions, self.catch_up)
        self.shares = loop_share.Shares(
            limits.session_loop_share, limits.address_loop_share, limits.loop_burst_seconds
        )
        self._running: set[asyncio.Task] = set()  # the sessions' tasks, awaited on stop
        self._server: asyncssh.SSHAcceptor | None = None
        self._web: WebDoor | None = None
        self.ssh_port = 0  # where SSH clients connect, once it listens
        self.web_port: int | None = None  # where browsers connect (serve --web), if they may
        self._host_watch: asyncio.Task | None = None
        self.community: Community | None = None  # the processes sharing its database
        self.stall_watch = StallWatch(limits.stall_seconds)

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    async def start_web(self, address: str, options: WebOptions, reuse_port: bool = False) -> int:
        """Answer browsers too (net.transport.web), on `options.port`; returns that port (useful
        with port 0). Call after `start`."""
        self._web = WebDoor(self, options.behind_tls)
        self.identity.invites_allowed = options.invites
        bound = self.web_port = await self._web.start(address, options.port, reuse_port)
        self.host.web_url = (options.url or f"http://{address}:{bound}").rstrip("/")
        return bound

    async def start(
        self, address: str = "127.0.0.1", port: int = 2222, reuse_port: bool = False
    ) -> int:
        """Listen; returns the port (useful with port 0). With `reuse_port`, other processes
        (serve --workers) listen on the same port, and the system shares connections out."""
        if self.storage.dialect.name == "postgresql":  # other processes may share it
            self.community = Community(self.host, self.catch_up)
        self._server = await asyncssh.create_server(
            lambda: Gate(self),
            address,
            port,
            server_host_keys=[self.key],
            reuse_port=reuse_port,
            encoding=None,
            line_editor=False,
            login_timeout=self.limits.login_grace_seconds,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            keepalive_interval=30,
        )
        loop_share.install(asyncio.get_running_loop())
        self.host.resume_bots()
        self._host_watch = asyncio.get_running_loop().create_task(self._watch_host())
        lean_strips.install()  # the server holds every session's lines: keep them small
        shared_styles.install()  # and parses each stylesheet once for all of them
        changed_rows.install()  # and draws a move's rows, not every line near them
        warm_up()
        self.collector.start()
        self.stall_watch.start()
        self.ssh_port = int(self._server.sockets[0].getsockname()[1])
        return self.ssh_port

    async def stop(self) -> None:
        """Shut down within about STOP_SECONDS: no new connections, no more bot moves, every
        session told and ended (a browser tries again: the server may be restarting), the
        shared screens ended, and only then the storage closed."""
        if self._server is not None:
            self._server.close()
            self.pending.drop_all()
        if self._web is not None:
            self._web.close()
        self.host.stop()
        for session in list(self.sessions):
            session.end(STOPPING, come_back=True)
        if self._running:
            await asyncio.wait(self._running, timeout=STOP_SECONDS)
        await self.host.saved()
        if self.community is not None:
            await self.community.stop()
        self.thinkers.stop()
        if self._host_watch is not None:
            self._host_watch.cancel()
        await self.broadcasts.stop()
        await self.first_frames.stop()
        if self._web is not None:
            await self._web.stop()
        if self._server is not None:
            await self._server.wait_closed()
        self.collector.stop()
        self.stall_watch.stop()
        self.storage.close()
        loop_share.uninstall(asyncio.get_running_loop())

    def no_room(self, address: str, open_here: Counter) -> str | None:
        """Why one more connection from `address` finds no room (None: it finds some): the
        server full, or as many from the address as it may have open, counted in `open_here`
        (SSH logins count connections; a browser, or an SSH terminal, counts sessions)."""
        limits = self.limits
        if self.connections.total >= limits.connections_total:
            return "The server is full; try later."
        if open_here.by_ip.get(address, 0) >= limits.connections_per_ip:
            return "Too many connections from your address."
        return None

    async def _read_changes_elsewhere(self) -> None:
        """What the host's commands (`boomtown ban`, `boomtown tables --close`), a browser
        signed out or another process changed; the sessions of anyone now banned, or of a
        browser signed out, end. Called through `catch_up`, which its callers share."""
        storage = self.storage
        try:
            if await storage.soon(storage.changed_elsewhere):
                await self.identity.reread()
                await self.host.closed_elsewhere()
        except StorageError as exc:  # the bans read last stand
            log.warning("cannot read the bans or tables (%s)", exc)
        self.identity.send_away()

    async def _watch_host(self) -> None:
        """Every few seconds, end the sessions of anyone the host has banned or of a browser
        signed out, take away tables the host closed (read once a round, only if the database
        changed, not once for each session: processes sharing a database hear of it at once)
        and close waiting tables left deserted."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await self.catch_up()
            await self.host.close_deserted()

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        if process.command is not None or process.subsystem is not None:
            process.stderr.write(
                b"Boomtown only plays games here: commands and file transfer are not available.\r\n"
            )
            process.exit(1)
            return
        if process.get_terminal_type() is None:
            process.stderr.write(b"Boomtown needs a terminal: connect with ssh -t.\r\n")
            process.exit(1)
            return
        gate: Gate = process.get_extra_info("connection").get_owner()
        name = player_name(process.get_extra_info("username") or "")
        assert gate.who is not None  # (a session opens once logged in)
        await self.run_session(SSHChannel(process, self.limits), name, gate.who, gate)

    async def run_session(
        self, channel: Channel, name: str, who: Who, gate: Gate | None = None
    ) -> None:
        """A person's session over `channel` (SSH, or a browser's: net.transport.web), `who` the
        identity authority let in, asking to be called `name`, until it ends; `gate`: its SSH
        connection's."""
        address = channel.peer
        session = Session(
            channel,
            self.host,
            self.identity,
            who,
            name,
            self.broadcasts,
            self.collector,
            self.first_frames,
        )
        self.sessions.add(session)
        if gate is not None:
            gate.session_opened(session)
        task = asyncio.current_task()
        assert task is not None  # (a session runs in a task of its own)
        self._running.add(task)
        meter = session.meter = self.shares.meter(address)
        began = time.monotonic()
        try:
            with meter.current():  # what the session's apps do is charged to its share
                await session.run()
        finally:
            self.shares.release(address)
            log.info(
                "session of %s from %s ended: %.2f s of the server's time in %.0f s",
                session.name,
                address,
                meter.used,
                time.monotonic() - began,
            )
            self.sessions.discard(session)
            if gate is not None:
                gate.sessions.discard(session)
            self._running.discard(task)


async def serve(
    address: str,
    port: int,
    data_dir: Path,
    allow_guests: bool,
    limits: Limits,
    host_key_file: Path | None = None,
    database: str | None = None,
    worker: bool = False,
    web: WebOptions | None = None,
) -> None:
    """Serve until stopped; a `worker` of several (net.transport.workers) shares the port, and says
    nothing: the parent told where to join."""
    server = BoomtownServer(data_dir, limits, allow_guests, host_key_file, database)
    bound = await server.start(address, port, reuse_port=worker)
    if web is not None:
        await server.start_web(address, web, reuse_port=worker)
    if not worker:
        print(f"Boomtown is serving on {address}:{bound}", flush=True)
        print(f"Host key fingerprint: {server.fingerprint}", flush=True)
        print(f"Join with: ssh -p {bound} YOURNAME@{address}", flush=True)
        if web is not None:
            print(f"Browsers join at {server.host.web_url}/ (a link from the lobby's W)")
    # SIGTERM (systemd, docker, the parent of `--workers`) stops it as Ctrl+C does: saves
    # finished, sessions ended, this process's tables and people let go of in the database
    stopping: asyncio.Future[str] = asyncio.get_running_loop().create_future()  # why

    def stop(why: str) -> None:
        if not stopping.done():
            stopping.set_result(why)

    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop, "SIGTERM")
    if worker:
        _end_with_supervisor(stop)
    try:
        log.info("stopping: %s", await stopping)
    finally:
        await server.stop()


def _end_with_supervisor(stop: Callable[[str], None]) -> None:
    """A worker's stdin is a pipe from its parent (net.transport.workers): once the parent is gone,
    however it died, the pipe closes, and the worker stops as by SIGTERM."""
    loop = asyncio.get_running_loop()
    fd = sys.stdin.fileno()

    def readable() -> None:
        try:
            left = os.read(fd, 4096)
        except OSError:
            left = b""
        if not left:
            loop.remove_reader(fd)
            stop("the parent process has ended")

    loop.add_reader(fd, readable)


def run(serving: Coroutine[Any, Any, None]) -> None:
    """Run `serving` (a `serve(...)`) until Ctrl+C or SIGTERM, logging to stderr."""
    logging.basicConfig(
        stream=sys.__stderr__, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s"
    )
    try:
        asyncio.run(serving)
    except KeyboardInterrupt:
        pass
