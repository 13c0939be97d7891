"""A disk that stops answering, for real: how long a bystander waits while a table's moves
cannot be written (issue 42, item 9). Needs root (a loop-mounted filesystem and fsfreeze).

    sudo .venv/bin/python benchmarks/hung_disk.py [--freeze 8] [--checkout DIR]

The server (`boomtown serve`, from this checkout or `--checkout DIR`, another one, to compare)
keeps its data on a small ext4 image mounted here. ann makes a Big Shot table with three bots
and goes idle, so bots play every seat, a move every 0.05 s. ben, in the lobby, opens the help
and closes it again and again, timing each (the server's loop shares are off: ben's own
help-opening is not held back, so the times are the disk's). After 2 s the filesystem is
frozen (fsfreeze) for `--freeze` seconds, then thawed. Printed: ben's times before, during and
after the freeze, and how many dice the table threw in the 3 s after the thaw.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ssh_speed import Client  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402

HELP = b"Keys for the table"  # a heading of the lobby's help
VERBOSE = False


def mounted_image(where: Path) -> Path:
    image = where / "disk.img"
    subprocess.run(["truncate", "-s", "64M", str(image)], check=True)
    subprocess.run(["mkfs.ext4", "-q", str(image)], check=True)
    mount = where / "mnt"
    mount.mkdir()
    subprocess.run(["mount", "-o", "loop", str(image), str(mount)], check=True)
    return mount


async def make_a_table_of_bots(ann: Client) -> None:
    for key, shown in (("n", b"A new table"), ("c", b"(open)"), ("b", b"[bot]"), ("g", b"Auction")):
        ann.send(key)
        await ann.wait_for(shown)


async def probe(ben: Client, times: list[tuple[float, float]], stop: asyncio.Event) -> None:
    """ben opens the help and closes it, again and again: (when, how long) each time."""
    while not stop.is_set():
        mark, began = len(ben.text), time.perf_counter()
        ben.send("?")
        while HELP not in ben.text[mark:] and time.perf_counter() - began < 30:
            ben.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ben.changed.wait(), 1.0)
        times.append((began, ben.arrived - began))
        ben.send("\x1b")
        await asyncio.sleep(0.3)


def summary(label: str, times: list[float]) -> str:
    if not times:
        return f"{label}: no probe"
    return (
        f"{label}: {len(times)} probes, median {statistics.median(times) * 1000:.0f} ms, "
        f"slowest {max(times) * 1000:.0f} ms"
    )


async def run(freeze: float, checkout: Path) -> None:
    where = Path(tempfile.mkdtemp())
    mount = mounted_image(where)
    server, port = await serve_process(
        "--data",
        str(mount / "server"),
        "--bot-pace",
        "0.05",
        "--afk-seconds",
        "0.5",
        "--loop-share",
        "1",
        "--address-loop-share",
        "1",
        cwd=checkout,
    )
    frozen = False
    try:
        ann, ben = Client("ann"), Client("ben")
        await ann.connect(port)
        await ben.connect(port)
        await make_a_table_of_bots(ann)
        await asyncio.sleep(1.5)  # ann is away: bots play every seat
        times: list[tuple[float, float]] = []
        stop = asyncio.Event()
        prober = asyncio.create_task(probe(ben, times, stop))
        await asyncio.sleep(2.0)
        froze = time.perf_counter()
        subprocess.run(["fsfreeze", "-f", str(mount)], check=True)
        frozen = True
        await asyncio.sleep(freeze)
        subprocess.run(["fsfreeze", "-u", str(mount)], check=True)
        frozen = False
        thawed = time.perf_counter()
        rolls = ann.text.count(b" rolls ")
        await asyncio.sleep(3.0)
        stop.set()
        await prober
        if VERBOSE:
            print(" ".join(f"{at - froze:+.1f}:{t * 1000:.0f}" for at, t in times))
        print(summary("before the freeze", [t for at, t in times if at < froze]))
        print(
            summary(
                f"during the freeze ({freeze:g} s)", [t for at, t in times if froze <= at < thawed]
            )
        )
        print(summary("after the thaw", [t for at, t in times if at >= thawed]))
        print(
            f"dice thrown at the table in the 3 s after the thaw: "
            f"{ann.text.count(b' rolls ') - rolls}"
        )
        for client in (ann, ben):
            client.conn.close()
    finally:
        if frozen:
            subprocess.run(["fsfreeze", "-u", str(mount)], check=False)
        server.terminate()
        with contextlib.suppress(ProcessLookupError):
            await server.wait()
        subprocess.run(["umount", str(mount)], check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--freeze", type=float, default=8.0)
    parser.add_argument("-v", "--verbose", action="store_true", help="every probe's time")
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    asyncio.run(run(args.freeze, args.checkout))


if __name__ == "__main__":
    main()
