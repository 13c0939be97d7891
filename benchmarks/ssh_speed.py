"""How the SSH host holds up: memory per session, connect to first frame, broadcast latency.

    .venv/bin/python benchmarks/ssh_speed.py [--sessions 2 10 30] [--actions 40]

The server runs in its own process (`boomtown serve`); the clients run here, each with a
120x40 terminal. A 4-seat Big Shot table: with 2 sessions, 2 people and 2 bots; with more,
4 people and the rest watching. Latency is measured from the moment a player's key is sent to
the moment each session has received the log line of that action.

Memory per session is the growth of the server's RSS divided by the sessions, counted from a
server that has had one visitor come and go (what every later session shares is loaded then:
Textual's module caches, the screens' styles); in brackets, counted from the server's start.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh
import pyte

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.net.harness import serve_process  # noqa: E402

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]")
TURN = re.compile(rb"(\w+) \(you\) to (bid or pass|roll|place the cubes|decide on a loan|pay)")


class Client:
    def __init__(self, name: str) -> None:
        self.name = name
        self.text = bytearray()  # everything received, escape codes removed (appends are cheap)
        self.first_frame = 0.0
        self.arrived = 0.0
        self.changed = asyncio.Event()
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.screen: pyte.ByteStream | None = None  # the screen as drawn, for a client that
        # reads it (watch_screen)
        self._unread: list[bytes] = []  # received, not yet drawn on `screen` (drawn when read)

    def watch_screen(self) -> None:
        """Keep the screen as drawn (rows, not only the text that went by)."""
        self.screen = pyte.ByteStream(pyte.Screen(120, 40))

    def rows(self) -> list[str]:
        """The screen's rows as drawn (the bytes received are drawn now, not as they arrive:
        drawing them as they came delayed the reading of the next, and so what was measured)."""
        unread, self._unread = self._unread, []
        for data in unread:
            self.screen.feed(data)
        return self.screen.listener.display

    async def connect(
        self, port: int, ready: bytes = b"You are", address: str | None = None
    ) -> None:
        """Connect (from `address`, a loopback address); `first_frame` is how long until
        `ready` was on screen."""
        start = time.perf_counter()
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=self.name,
            client_keys=[self.key],
            known_hosts=None,
            agent_path=None,
            local_addr=(address, 0) if address else None,
        )
        self.process = await self.conn.create_process(
            term_type="xterm-256color", term_size=(120, 40), encoding=None
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())
        self.first_frame = await self.wait_for(ready) - start

    async def _read(self) -> None:
        pending = b""
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            arrived = time.perf_counter()
            pending += data
            if self.screen is not None:
                self._unread.append(data)
            cut = pending.rfind(b"\x1b")  # keep a possibly unfinished escape for next time
            cut = len(pending) if cut < len(pending) - 32 else max(cut, 0)
            self.text += ANSI.sub(b"", pending[:cut])
            pending = pending[cut:]
            self.arrived = arrived
            self.changed.set()

    async def wait_for(self, needle: bytes, count: int = 1, timeout: float = 30) -> float:
        """When the count-th copy of needle arrived (the time its bytes were read, not noticed)."""
        deadline = time.perf_counter() + timeout
        seen, searched = 0, 0
        while True:
            seen += self.text.count(needle, searched)
            searched = max(searched, len(self.text) - len(needle) + 1)
            if seen >= count:
                return self.arrived
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.perf_counter())
            except TimeoutError:
                raise TimeoutError(f"{self.name} never saw {needle!r}") from None

    def my_turn(self) -> bytes | None:
        """What this player must do, if the latest status line says it is their turn."""
        marker = b"Big Shot \xc2\xb7 round"
        start = self.text.rfind(marker) + len(marker)
        status = bytes(self.text[start : start + 120])
        match = TURN.search(status)
        return match.group(2) if match and match.group(1) == self.name.encode() else None

    def send(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def server_rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


async def run(sessions: int, actions: int) -> dict:
    data = tempfile.mkdtemp()
    server, port = await serve_process(
        "--data",
        data,
        "--bot-pace",
        "0.05",
        "--max-per-ip",
        "500",
        "--input-rate",
        "100000",
        "--afk-seconds",
        "3600",
    )
    try:
        people = min(4, sessions)
        players = [Client(f"p{i}") for i in range(people)]
        watchers = [Client(f"w{i}") for i in range(sessions - people)]
        rss_cold = await server_rss_kb(server.pid)
        visitor = Client("visitor")  # a first visit loads what every later session shares
        await visitor.connect(port)
        visitor.conn.close()
        await asyncio.sleep(2.5)  # a quiet moment: the server reclaims the visitor's app
        rss_warm = await server_rss_kb(server.pid)
        for client in players:
            await client.connect(port)
        players[0].send("n")
        await players[0].wait_for(b"A new table")
        players[0].send("c")
        for client in players[1:]:
            await client.wait_for(b"(open)")
            client.send("s")
            await client.wait_for(b", " + client.name.encode())
        players[0].send("b")
        await asyncio.sleep(0.3)
        players[0].send("g")
        for client in players:
            await client.wait_for(b"Ledger")
        for client in watchers:
            await client.connect(port)
            await client.wait_for(b"round")
            client.send("w")
            await client.wait_for(b"Ledger")
        everyone = players + watchers
        await asyncio.sleep(3.0)  # a quiet moment: the server reclaims the apps that have ended
        rss_after = await server_rss_kb(server.pid)
        deliveries, all_seen, by_kind = [], [], {}
        server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
        for _ in range(actions):
            actor, doing = None, None
            deadline = time.perf_counter() + 30
            while actor is None:  # bots move by themselves; wait for a person's turn
                for client in players:
                    doing = client.my_turn()
                    if doing:
                        actor = client
                        break
                else:
                    if time.perf_counter() > deadline:
                        break  # the screen did not show whose turn it is: report what we have
                    await asyncio.sleep(0.005)
            if actor is None:
                break
            name = actor.name.encode()
            key, marker = {
                b"roll": ("r", name + b" rolls"),
                b"bid or pass": ("p", name + b" passes."),
                b"place the cubes": ("\r", name + b" places a"),
            }.get(doing, ("\r", name + b" "))
            seen_before = [c.text.count(marker) for c in everyone]
            sent = time.perf_counter()
            actor.send(key)
            arrivals = await asyncio.gather(
                *(c.wait_for(marker, n + 1) for c, n in zip(everyone, seen_before))
            )
            deliveries.extend(t - sent for t in arrivals)
            all_seen.append(max(arrivals) - sent)
            by_kind.setdefault(doing.decode(), []).append(max(arrivals) - sent)
            await asyncio.sleep(0.05)  # let the next status line arrive
        server_cpu = cpu_seconds(server.pid) - server_cpu
        client_cpu = time.process_time() - client_cpu
        for client in everyone:
            client.conn.close()
        return {
            "server_cpu_ms": server_cpu / max(1, len(all_seen)) * 1000,
            "client_cpu_ms": client_cpu / max(1, len(all_seen)) * 1000,
            "sessions": sessions,
            "memory_per_session_mb": (rss_after - rss_warm) / 1024 / sessions,
            "cold_memory_per_session_mb": (rss_after - rss_cold) / 1024 / sessions,
            "first_frame_ms": statistics.median(c.first_frame for c in everyone) * 1000,
            "delivery_p50_ms": percentile(deliveries, 50) * 1000,
            "delivery_p99_ms": percentile(deliveries, 99) * 1000,
            "all_p50_ms": percentile(all_seen, 50) * 1000,
            "all_p99_ms": percentile(all_seen, 99) * 1000,
            "actions": len(all_seen),
            "by_kind": {
                k: (len(v), percentile(v, 50) * 1000, max(v) * 1000) for k, v in by_kind.items()
            },
        }
    finally:
        server.kill()
        await server.wait()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main() -> None:
    parser = argparse.ArgumentParser(description="SSH host timings")
    parser.add_argument("--sessions", type=int, nargs="+", default=[2, 10, 30])
    parser.add_argument("--actions", type=int, default=40)
    args = parser.parse_args()
    print(
        "sessions  MB/session (cold)  first frame  to one session p50/p99  to all p50/p99  actions"
    )
    for n in args.sessions:
        r = asyncio.run(run(n, args.actions))
        print(
            f"{r['sessions']:>8}  {r['memory_per_session_mb']:>10.2f} "
            f"({r['cold_memory_per_session_mb']:.2f})  "
            f"{r['first_frame_ms']:>8.0f} ms  {r['delivery_p50_ms']:>9.1f} / "
            f"{r['delivery_p99_ms']:>6.1f} ms  {r['all_p50_ms']:>6.1f} / "
            f"{r['all_p99_ms']:>6.1f} ms  {r['actions']:>7}"
        )
        print(
            f"{'':>10}CPU per action: server {r['server_cpu_ms']:.0f} ms (bots' moves "
            f"included), these clients {r['client_cpu_ms']:.0f} ms"
        )
        for kind, (count, p50, worst) in r["by_kind"].items():
            print(f"{'':>10}{kind}: {count} actions, to all p50 {p50:.0f} ms, worst {worst:.0f} ms")


if __name__ == "__main__":
    main()
