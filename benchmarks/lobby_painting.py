"""What drawing a newcomer's first lobby costs the server, another commit's code and this one's
side by side.

    .venv/bin/python benchmarks/lobby_painting.py [--old REV] [--newcomers 12] [--rounds 3]

Newcomers connect one after another over SSH (asyncssh clients in this process, 120x40) while
no app of their own may start, so each is shown the shared lobby painter's frame
(net.render.first_frame). Printed for each code: the milliseconds the painter took to draw one
newcomer's lobby (`LobbyPainter.paint`, its median after the first two), and how many of them
rendered the whole screen. Each code runs in a process of its own (`--code`, the old one in a
git worktree, benchmarks/checkout.py), `--rounds` times, alternating.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


async def measure(newcomers: int) -> dict:
    from net.render import first_frame
    from tests.net.harness import connect, start_server

    spent: list[float] = []
    wholes = [0]
    paint, render_whole = first_frame.LobbyPainter.paint, first_frame.render_whole

    def timed_paint(self, session):
        start = time.perf_counter()
        try:
            return paint(self, session)
        finally:
            spent.append(time.perf_counter() - start)

    def counted_whole(*args):
        wholes[0] += 1
        return render_whole(*args)

    first_frame.LobbyPainter.paint = timed_paint
    first_frame.render_whole = counted_whole
    server, port = await start_server(Path(tempfile.mkdtemp()), connections_per_ip=newcomers + 1)
    people = []
    async with server.first_frames.starting:  # no app starts: each sees the painter's frame
        for i in range(newcomers):
            person = await connect(port, f"p{i}")
            await person.wait_for(f"You are p{i}")
            people.append(person)
    await asyncio.gather(*(person.close() for person in people))
    await server.stop()
    return {"paint_ms": statistics.median(spent[2:]) * 1000, "wholes": wholes[0], "n": len(spent)}


def main() -> None:
    parser = argparse.ArgumentParser(description="A newcomer's first lobby: old and new")
    parser.add_argument("--old", default="HEAD")
    parser.add_argument("--newcomers", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--code", help=argparse.SUPPRESS)  # run in this code (a child's)
    args = parser.parse_args()
    if args.code:
        sys.path.insert(0, args.code)
        print(json.dumps(asyncio.run(measure(args.newcomers))))
        return
    sys.path.insert(0, str(ROOT))
    from benchmarks.checkout import checkout

    with checkout(args.old) as old:
        compare({f"old ({args.old})": old, "new": ROOT}, args)


def compare(codes: dict[str, Path], args: argparse.Namespace) -> None:
    """Each code's figures, from a child process run in it."""
    print(f"{args.newcomers} newcomers one after another; ms the painter took for one (median)")
    for _ in range(args.rounds):
        for name, code in codes.items():
            out = subprocess.run(
                [sys.executable, __file__, "--code", str(code), "--newcomers", str(args.newcomers)],
                cwd=code,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            r = json.loads(out.splitlines()[-1])
            print(
                f"{name:14} paint {r['paint_ms']:5.2f} ms, "
                f"the whole screen rendered {r['wholes']} times of {r['n']}"
            )


if __name__ == "__main__":
    main()
