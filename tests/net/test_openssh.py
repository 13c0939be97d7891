"""The real OpenSSH client, in a real terminal (tmux), against the real server."""

import asyncio
import contextlib
import os
import shutil
import subprocess

import pytest

from .harness import hold_silent_sockets, key_for, peek, start_server, until

# On CI these programs are installed by .ci/run, so a missing one fails there instead of skipping.
pytestmark = pytest.mark.skipif(
    not (shutil.which("ssh") and shutil.which("tmux")) and not os.environ.get("CI"),
    reason="needs the ssh and tmux programs (.ci/run installs them)",
)


class Tmux:
    def __init__(self, socket: str) -> None:
        self.socket = socket

    async def run(self, *args: str) -> str:
        proc = await asyncio.create_subprocess_exec(
            "tmux", "-L", self.socket, *args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        out, _ = await proc.communicate()
        return out.decode()

    async def screen(self) -> str:
        return await self.run("capture-pane", "-p", "-t", "ssh")

    async def wait_for(self, text: str, timeout: float = 20) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            screen = await self.screen()
            if text in screen:
                return screen
            if loop.time() > deadline:
                raise AssertionError(f"{text!r} never appeared in tmux:\n{screen}")
            await asyncio.sleep(0.1)

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.run("send-keys", "-t", "ssh", key)
            await asyncio.sleep(0.1)


async def test_the_openssh_client_plays_at_a_table(tmp_path):
    server, port = await start_server(tmp_path / "server")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key_for("kim").export_private_key())
    key_file.chmod(0o600)
    tmux = Tmux(f"boomtown-test-{os.getpid()}")
    command = (
        f"ssh -tt -i {key_file} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
        f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -p {port} kim@127.0.0.1"
    )
    try:
        await tmux.run("new-session", "-d", "-s", "ssh", "-x", "120", "-y", "40", command)
        await tmux.wait_for("You are kim")
        await tmux.keys("n")
        await tmux.wait_for("A new table")
        await tmux.keys("c")
        await tmux.wait_for("(open)")
        await tmux.keys("b")
        await tmux.wait_for("[bot]")
        await tmux.keys("g")
        await tmux.wait_for("Board")
        screen = await tmux.wait_for("kim (you)", timeout=30)
        assert "Auction" in screen and "Ledger" in screen
        table = next(iter(server.host.tables.values()))
        version = table.match.state.version
        await tmux.keys("r" if "to roll" in screen else "p" if "to bid" in screen else "Enter")
        for _ in range(100):
            if table.match.state.version > version:
                break
            await asyncio.sleep(0.05)
        assert any(seat == table.seat_of("kim") for seat, _ in table.match.record.actions)
        await tmux.keys("q")
        await tmux.wait_for("Leave this game?")
        await tmux.keys("y")
        await tmux.wait_for("Lobby")
        await tmux.keys("q")
        for _ in range(100):  # quitting the app ends the ssh client
            if "ssh" not in await tmux.run("list-sessions"):
                break
            await asyncio.sleep(0.1)
        assert "ssh" not in await tmux.run("list-sessions")
    finally:
        await tmux.run("kill-server")
        await server.stop()


async def test_a_public_key_offered_without_its_private_key_is_nobody(tmp_path):
    """alice's public key beside junk where her private key should be: OpenSSH offers the key,
    the server says it would accept it, the client cannot sign, and logs in as a guest. That
    guest is not alice: the name stays hers, and the newcomer is asked for another."""
    server, port = await start_server(tmp_path / "server", allow_guests=True)
    alice = key_for("alice")
    peek(server.storage).claim("alice", alice.get_fingerprint("sha256"))
    spoof = tmp_path / "spoof"
    spoof.mkdir()
    (spoof / "id.pub").write_bytes(alice.export_public_key())
    (spoof / "id").write_text("junk\n")
    (spoof / "id").chmod(0o600)
    tmux = Tmux(f"boomtown-spoof-{os.getpid()}")
    command = (
        f"ssh -tt -i {spoof / 'id'} -o IdentitiesOnly=yes -o StrictHostKeyChecking=no "
        f"-o UserKnownHostsFile=/dev/null -p {port} alice@127.0.0.1"
    )
    try:
        await tmux.run("new-session", "-d", "-s", "ssh", "-x", "120", "-y", "40", command)
        screen = await tmux.wait_for("That name is taken")
        assert "You are alice" not in screen
        assert [session.key for session in server.sessions] == [None]
        assert not any(session.joined for session in server.sessions)
    finally:
        await tmux.run("kill-server")
        await server.stop()


async def reaches_the_lobby(command: list[str], within: float) -> bool:
    ssh = await asyncio.create_subprocess_exec(
        *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    seen = b""
    try:
        async with asyncio.timeout(within):
            while b"Lobby" not in seen:
                data = await ssh.stdout.read(65536)
                if not data:
                    return False
                seen = seen[-64:] + data
        return True
    except TimeoutError:
        return False
    finally:
        with contextlib.suppress(ProcessLookupError):  # it may have ended by itself
            ssh.kill()
        await ssh.wait()


@pytest.mark.long
async def test_people_log_in_while_silent_connections_flood_the_server(tmp_path):
    """Four addresses hold 8 silent sockets each, more than the server lets wait, and reopen
    any it closes: ordinary logins with the real client still reach the lobby within 5 s."""
    server, port = await start_server(tmp_path / "server")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key_for("kim").export_private_key())
    key_file.chmod(0o600)
    stop = asyncio.Event()
    flood = [
        asyncio.create_task(hold_silent_sockets(port, f"127.0.0.{2 + i}", stop)) for i in range(4)
    ]
    try:
        await until(lambda: server.pending.total >= 16)
        logins = [
            await reaches_the_lobby(
                [
                    "ssh",
                    "-tt",
                    "-i",
                    str(key_file),
                    "-o",
                    "IdentitiesOnly=yes",
                    "-o",
                    "StrictHostKeyChecking=no",
                    "-o",
                    "UserKnownHostsFile=/dev/null",
                    "-o",
                    "LogLevel=ERROR",
                    "-p",
                    str(port),
                    f"person{i}@127.0.0.1",
                ],
                within=5.0,
            )
            for i in range(30)
        ]
        assert sum(logins) >= 29
    finally:
        stop.set()
        for task in flood:
            task.cancel()
        await server.stop()
