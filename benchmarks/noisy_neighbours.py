"""How much one session's keys cost everyone else: a person in the lobby opens its help now
and then, while others press the lobby's dearest keys as fast as the input rate lets them.

    .venv/bin/python benchmarks/noisy_neighbours.py [--pressers 0 1 3 6] [--loop-share 0.1]

The server runs in its own process (`boomtown serve`, default limits but for the share options
given and the connections allowed from one address: every client here comes from 127.0.0.1,
so `--address-loop-share` is 1 unless given, as if each presser had an address of its own).
Each presser sends, at the default input rate of 1,024 bytes a second, a random sequence of
`?` Esc (the help), `p` Esc (past games), `n` Esc (the new-table dialog) and arrow keys. The
person presses `?` every 3 s and times it to the help on their screen. Printed: that time
(median and slowest of 8), and the server's CPU use while it ran. `--loop-share 1` shows the
server without the limit.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ssh_speed import Client, cpu_seconds  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402

DEAR_KEYS = ("?\x1b", "p\x1b", "n\x1b", "\x1b[A", "\x1b[B", "pm\x1b")
INPUT_RATE = 1024  # bytes a second: the server's default
HELP = b"Keys for the table"  # a heading of the lobby's help
PAUSE_SECONDS = 3.0  # between the person's looks at the help
LOOKS = 8


async def press_dear_keys(client: Client, seed: int, stop: asyncio.Event) -> None:
    rng = random.Random(seed)
    while not stop.is_set():
        keys = rng.choice(DEAR_KEYS)
        client.send(keys)
        await asyncio.sleep(len(keys) / INPUT_RATE)


async def run(pressers: int, shares: list[str]) -> tuple[list[float], float]:
    """The person's times to the help, and the server's CPU share meanwhile."""
    server, port = await serve_process("--data", tempfile.mkdtemp(), "--max-per-ip", "500", *shares)
    try:
        person = Client("person")
        await person.connect(port)
        others = [Client(f"presser{i}") for i in range(pressers)]
        for other in others:
            await other.connect(port)
        stop = asyncio.Event()
        pressing = [
            asyncio.create_task(press_dear_keys(other, i, stop)) for i, other in enumerate(others)
        ]
        await asyncio.sleep(2.0)  # their bursts are spent
        cpu, start = cpu_seconds(server.pid), time.perf_counter()
        times = []
        for _ in range(LOOKS):
            seen = person.text.count(HELP)
            sent = time.perf_counter()
            person.send("?")
            times.append(await person.wait_for(HELP, seen + 1, timeout=60) - sent)
            await asyncio.sleep(0.3)
            person.send("\x1b")
            await asyncio.sleep(PAUSE_SECONDS)
        cpu = (cpu_seconds(server.pid) - cpu) / (time.perf_counter() - start)
        stop.set()
        await asyncio.gather(*pressing)
        for client in (person, *others):
            client.conn.close()
        return times, cpu
    finally:
        server.kill()
        await server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pressers", type=int, nargs="+", default=[0, 1, 3, 6])
    parser.add_argument("--loop-share")
    parser.add_argument("--address-loop-share", default="1")
    args = parser.parse_args()
    shares = ["--address-loop-share", args.address_loop_share]
    if args.loop_share:
        shares += ["--loop-share", args.loop_share]
    print(f"server: {' '.join(shares)}")
    for pressers in args.pressers:
        times, cpu = asyncio.run(run(pressers, shares))
        print(
            f"{pressers} pressing: the help in {statistics.median(times) * 1000:.0f} ms "
            f"(at most {max(times) * 1000:.0f} ms); server CPU {cpu:.0%}"
        )


if __name__ == "__main__":
    main()
