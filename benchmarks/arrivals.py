"""What a person arriving over SSH costs the server, and so how long a crowd's first frames take.

    .venv/bin/python benchmarks/arrivals.py [--old REV] [--rounds 2] [--logins 16]
        [--households 8] [--people 4]

Against a `boomtown serve` process of this code, and with `--old` of that commit's as well
(benchmarks/checkout.py), in turn `--rounds` times in one run, after a first visitor has
loaded what sessions share:

1. Logins alone: SSH connections opened and closed one after another (the key exchange, the
   host key's signature, a public-key login; no session): the server's CPU for each.
2. A crowd: `--households` households of `--people` people connecting at once, each household
   from a loopback address of its own and its clients in a process of its own (as the burst of
   benchmarks/table_drawing.py). Printed: their first frames (until the lobby's "You are" came),
   p50 and max; the server's CPU from the crowd's start to the last first frame, a person; and
   from then until every person's own app was up (the window's title it sets), a person.

The server serves a crowd on one event loop, so the last first frame comes about when the
server has done every arrival's work up to it: people × the second figure, plus the clients'
own share of the two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.checkout import checkout  # noqa: E402
from benchmarks.ssh_speed import Client, cpu_seconds, percentile  # noqa: E402
from benchmarks.table_drawing import OWN_APP, cpu_at  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402


async def household(port: int, number: int, people: int, start_at: float) -> None:
    """One household's people connecting at `start_at`: prints when each first frame and each
    own app came (time.perf_counter, the same clock in every process here)."""
    clients = [Client(f"h{number}p{i}") for i in range(people)]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    began = time.perf_counter()
    await asyncio.gather(*(c.connect(port, address=f"127.{number + 1}.0.1") for c in clients))
    firsts = [c.first_frame for c in clients]
    apps = await asyncio.gather(*(c.wait_for(OWN_APP) for c in clients))
    print(
        json.dumps(
            {"first_frames": firsts, "first_at": [began + f for f in firsts], "app_at": apps}
        )
    )


async def logins(port: int, count: int, pid: int) -> float:
    """The server's CPU for each of `count` SSH logins made one after another, ms."""
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    before = cpu_seconds(pid)
    for i, key in enumerate(keys):
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=f"login{i}",
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            local_addr=(f"127.200.{i}.1", 0),  # each an address of its own: no limit is met
        )
        conn.close()
        await conn.wait_closed()
    await asyncio.sleep(1.0)  # the server's side of the last close
    return (cpu_seconds(pid) - before) / count * 1000


async def measure(code: Path, login_count: int, households: int, people: int) -> dict:
    server, port = await serve_process("--data", tempfile.mkdtemp(), cwd=code)
    try:
        visitor = Client("visitor")
        await visitor.connect(port)
        visitor.conn.close()
        await asyncio.sleep(2.5)  # a quiet moment: the server reclaims the visitor's app
        login_ms = await logins(port, login_count, server.pid)
        start_at = time.time() + 1.5  # every client process is up by then
        workers = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--household",
                str(port),
                str(number),
                str(people),
                str(start_at),
                stdout=asyncio.subprocess.PIPE,
            )
            for number in range(households)
        ]
        await asyncio.sleep(max(0.0, start_at - time.time() - 0.2))
        samples = [(time.perf_counter(), cpu_seconds(server.pid))]
        waiting = [asyncio.ensure_future(w.stdout.read()) for w in workers]
        while not all(task.done() for task in waiting):
            await asyncio.wait(waiting, timeout=0.01)
            samples.append((time.perf_counter(), cpu_seconds(server.pid)))
        results = [json.loads(task.result()) for task in waiting]
    finally:
        server.kill()
        await server.wait()
    crowd = households * people
    firsts = [x for r in results for x in r["first_frames"]]
    last_first = max(t for r in results for t in r["first_at"])
    last_app = max(t for r in results for t in r["app_at"])
    return {
        "login_ms": login_ms,
        "crowd": crowd,
        "first_p50_ms": percentile(firsts, 50) * 1000,
        "first_max_ms": max(firsts) * 1000,
        "to_first_ms": (cpu_at(samples, last_first) - samples[0][1]) / crowd * 1000,
        "to_app_ms": (cpu_at(samples, last_app) - cpu_at(samples, last_first)) / crowd * 1000,
    }


def main() -> None:
    if sys.argv[1:2] == ["--household"]:
        port, number, people, start_at = sys.argv[2:6]
        asyncio.run(household(int(port), int(number), int(people), float(start_at)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="a commit to measure beside this code")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--logins", type=int, default=16)
    parser.add_argument("--households", type=int, default=8)
    parser.add_argument("--people", type=int, default=4)
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        codes = {"new": Path(__file__).resolve().parent.parent}
        if args.old:
            codes = {f"old ({args.old})": stack.enter_context(checkout(args.old)), **codes}
        print(
            f"{args.households * args.people} people at once; the server's CPU: an SSH login "
            "alone, and a person to the last first frame and then until every own app was up"
        )
        for _ in range(args.rounds):
            for name, code in codes.items():
                r = asyncio.run(measure(code, args.logins, args.households, args.people))
                print(
                    f"{name:14} login {r['login_ms']:4.1f} ms   first frames p50 "
                    f"{r['first_p50_ms']:4.0f} max {r['first_max_ms']:4.0f} ms   CPU a person "
                    f"{r['to_first_ms']:4.1f} + {r['to_app_ms']:4.1f} ms",
                    flush=True,
                )


if __name__ == "__main__":
    main()
