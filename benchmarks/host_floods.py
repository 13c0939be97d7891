"""What one person's flood leaves of the server for everyone else (issue 42's attacks).

    .venv/bin/python benchmarks/host_floods.py sessions [--count 1000]
    .venv/bin/python benchmarks/host_floods.py pending [--logins 30]
    .venv/bin/python benchmarks/host_floods.py spectators [--spectators 16] [--checkout DIR]
    .venv/bin/python benchmarks/host_floods.py search-bots [--tables 30] [--checkout DIR]

`sessions`: one connection asks for `--count` terminal sessions, one after another. Printed: how
many the server opened, its memory before and after, and the CPU it spent.

`pending`: four loopback addresses (127.0.0.2-5) hold 8 silent TCP sockets each, reopening any the
server closes, while 30 people log in one after another from 127.0.0.1 with a key and reach the
lobby. Printed: how many reached it within 5 s, and their times.

`spectators`: ann's Big Shot table is played by bots (a move every 0.2 s); spectators from two
addresses (127.0.0.2-3) watch it and change their window size every 0.3 s, each to a random
size from 80 x 24 to 200 x 60, for 20 s. ben, in the lobby, opens the help every second and
times it. Printed: ben's times, and the server's CPU use meanwhile (`--checkout DIR` runs the
server from another checkout, to compare).

`search-bots`: six names from two addresses (127.0.0.2-3) ask for `--tables` tables of three
Big Shot search bots each and start them (made through the server's host, as its lobby would,
so that the server's limits apply; the makers are away, so bots play their seats too). ben,
in the lobby, opens the help every second for 20 s. Printed: how many tables were made, ben's
times, and the server's CPU use (its worker processes' included).

The server runs in its own process (`boomtown serve`, default limits, `--checkout DIR` to run
another checkout's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ssh_speed import Client, cpu_seconds, server_rss_kb  # noqa: E402
from tests.net.harness import hold_silent_sockets, serve_process  # noqa: E402

LOGIN_SECONDS = 5.0  # the goal: an ordinary login reaches the lobby within this
CHECKOUT = Path(__file__).resolve().parent.parent


async def start_server(
    *options: str, checkout: Path = CHECKOUT
) -> tuple[asyncio.subprocess.Process, int]:
    return await serve_process("--data", tempfile.mkdtemp(), *options, cwd=checkout)


async def connect(port: int, name: str) -> asyncssh.SSHClientConnection:
    key = asyncssh.generate_private_key("ssh-ed25519")
    return await asyncssh.connect(
        "127.0.0.1", port, username=name, client_keys=[key], known_hosts=None, agent_path=None
    )


async def sessions(count: int) -> None:
    server, port = await start_server()
    try:
        conn = await connect(port, "flooder")
        await asyncio.sleep(1.0)
        rss_before, cpu_before = await server_rss_kb(server.pid), cpu_seconds(server.pid)
        opened, began = 0, time.monotonic()
        processes = []
        for _ in range(count):
            try:
                processes.append(await conn.create_process(term_type="xterm", term_size=(80, 24)))
                opened += 1
            except asyncssh.ChannelOpenError:
                pass
        await asyncio.sleep(2.0)  # the apps opened get going
        print(f"sessions asked: {count}, opened: {opened} in {time.monotonic() - began:.1f} s")
        print(
            f"server memory: {rss_before / 1024:.0f} -> "
            f"{await server_rss_kb(server.pid) / 1024:.0f} MB; "
            f"CPU {cpu_seconds(server.pid) - cpu_before:.1f} s"
        )
        conn.close()
    finally:
        server.terminate()
        await server.wait()


async def lobby_time(port: int, name: str) -> float | None:
    """Seconds from connecting to the lobby on screen; None if not within LOGIN_SECONDS."""
    began = time.monotonic()
    try:
        async with asyncio.timeout(LOGIN_SECONDS):
            conn = await connect(port, name)
            process = await conn.create_process(
                term_type="xterm", term_size=(100, 30), encoding=None
            )
            seen = b""
            while b"Lobby" not in seen:
                data = await process.stdout.read(65536)
                if not data:
                    return None
                seen = seen[-64:] + data
            conn.close()
            return time.monotonic() - began
    except (TimeoutError, OSError, asyncssh.Error):
        return None


async def pending(logins: int) -> None:
    server, port = await start_server()
    stop = asyncio.Event()
    flood = [
        asyncio.create_task(hold_silent_sockets(port, f"127.0.0.{2 + i}", stop)) for i in range(4)
    ]
    try:
        await asyncio.sleep(1.0)
        times = [await lobby_time(port, f"person{i}") for i in range(logins)]
        done = sorted(t for t in times if t is not None)
        print(f"logins reaching the lobby within {LOGIN_SECONDS:.0f} s: {len(done)} of {logins}")
        if done:
            print(f"their times: median {statistics.median(done):.2f} s, slowest {done[-1]:.2f} s")
    finally:
        stop.set()
        for task in flood:
            task.cancel()
        server.terminate()
        await server.wait()


async def change_sizes(
    port: int, name: str, address: str, rng: random.Random, stop: asyncio.Event
) -> None:
    """A spectator who watches ann's table and keeps changing the window's size."""
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=name,
        known_hosts=None,
        agent_path=None,
        local_addr=(address, 0),
        client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
    )
    process = await conn.create_process(term_type="xterm", term_size=(120, 40), encoding=None)
    drain = asyncio.create_task(process.stdout.read(1 << 30))
    await asyncio.sleep(1.0)
    process.stdin.write(b"w")
    while not stop.is_set():
        await asyncio.sleep(0.3)
        process.change_terminal_size(rng.randint(80, 200), rng.randint(24, 60))
    drain.cancel()
    conn.close()


async def spectators(count: int, checkout: Path) -> None:
    server, port = await start_server(
        "--bot-pace", "0.2", "--afk-seconds", "0.5", checkout=checkout
    )
    try:
        ann, ben = Client("ann"), Client("ben")
        await ann.connect(port)
        for key, shown in (
            ("n", b"A new table"),
            ("c", b"(open)"),
            ("b", b"[bot]"),
            ("g", b"Auction"),
        ):
            ann.send(key)
            await ann.wait_for(shown)
        await ben.connect(port)
        stop = asyncio.Event()
        rng = random.Random(42)
        crowd = [
            asyncio.create_task(
                change_sizes(port, f"watcher{i}", f"127.0.0.{2 + i % 2}", rng, stop)
            )
            for i in range(count)
        ]
        await asyncio.sleep(3.0)
        cpu, began = cpu_seconds(server.pid), time.monotonic()
        times = await help_times(ben, 20.0)
        busy = (cpu_seconds(server.pid) - cpu) / (time.monotonic() - began)
        stop.set()
        await asyncio.gather(*crowd, return_exceptions=True)
        for client in (ann, ben):
            client.conn.close()
        print(
            f"{count} spectators changing sizes: the server {busy:.0%} busy; ben's help in "
            f"{spread(times)}"
        )
    finally:
        server.terminate()
        await server.wait()


SEARCH_SERVER = """
import asyncio, inspect, sys
from pathlib import Path
from net.limits import Limits
from net.transport.server import BoomtownServer
from net.hosting.tables import HostError

async def done(result):  # the host's requests are awaited since the database is never
    return await result if inspect.isawaitable(result) else result  # waited on in the loop

async def main(tables, data):
    server = BoomtownServer(Path(data), Limits(afk_seconds=1.0))
    port = await server.start("127.0.0.1", 0)
    made = 0
    for i in range(tables):
        name, address = f"attacker{i % 6}", f"127.0.0.{2 + i % 2}"
        request = dict(players=4, bots=3, bot_kind="search")
        try:
            try:
                table = await done(server.host.create_table(name, "bigshot", {},
                                                            address=address, **request))
            except TypeError:  # a checkout from before tables were counted per address
                table = await done(server.host.create_table(name, "bigshot", {}, **request))
            await done(server.host.start(table.id, name))
            made += 1
        except HostError:
            pass
    print(port, made, flush=True)
    await asyncio.Event().wait()

asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
"""


def cpu_with_children(pid: int) -> float:
    """CPU time of a process and of every process it started that is still running."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return cpu_seconds(pid) + sum(cpu_with_children(int(child)) for child in children)


async def search_bots(tables: int, checkout: Path) -> None:
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SEARCH_SERVER,
        str(tables),
        tempfile.mkdtemp(),
        cwd=checkout,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        port, made = map(int, (await server.stdout.readline()).split())
        ben = Client("ben")
        await ben.connect(port)
        await asyncio.sleep(3.0)  # the bots are at work
        cpu, began = cpu_with_children(server.pid), time.monotonic()
        times = await help_times(ben, 20.0)
        busy = (cpu_with_children(server.pid) - cpu) / (time.monotonic() - began)
        ben.conn.close()
        print(
            f"{made} of {tables} tables of search bots made; the server and its workers "
            f"{busy:.0%} of a core; ben's help in {spread(times)}"
        )
    finally:
        server.terminate()
        await server.wait()


async def help_times(person: Client, seconds: float) -> list[float]:
    """How long the lobby's help takes to show, opened once a second for `seconds`."""
    began, times = time.monotonic(), []
    while time.monotonic() - began < seconds:
        mark, asked = len(person.text), time.perf_counter()
        person.send("?")
        while b"Keys for the table" not in person.text[mark:]:
            person.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(person.changed.wait(), 1.0)
        times.append(person.arrived - asked)
        person.send("\x1b")
        await asyncio.sleep(1.0)
    return sorted(times)


def spread(times: list[float]) -> str:
    return (
        f"median {statistics.median(times) * 1000:.0f} ms, p90 "
        f"{times[int(len(times) * 0.9)] * 1000:.0f} ms, slowest {times[-1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = parser.add_subparsers(dest="flood", required=True)
    which.add_parser("sessions").add_argument("--count", type=int, default=1000)
    which.add_parser("pending").add_argument("--logins", type=int, default=30)
    watching = which.add_parser("spectators")
    watching.add_argument("--spectators", type=int, default=16)
    watching.add_argument("--checkout", type=Path, default=CHECKOUT)
    bots = which.add_parser("search-bots")
    bots.add_argument("--tables", type=int, default=30)
    bots.add_argument("--checkout", type=Path, default=CHECKOUT)
    args = parser.parse_args()
    if args.flood == "search-bots":
        asyncio.run(search_bots(args.tables, args.checkout))
    elif args.flood == "sessions":
        asyncio.run(sessions(args.count))
    elif args.flood == "pending":
        asyncio.run(pending(args.logins))
    else:
        asyncio.run(spectators(args.spectators, args.checkout))


if __name__ == "__main__":
    main()
