"""A browser's session beside an SSH session: memory, first frame, CPU at a table.

    .venv/bin/python benchmarks/web_session.py [--sessions 10] [--moves 60] [--people 2]
        [--old REV]

The server runs in its own process (`boomtown serve --web`); the clients run here: SSH clients
(asyncssh, as the tests use) and browsers' WebSockets (aiohttp, speaking as the page does), each
with a 120x40 terminal, and a headless Chromium for the page's own first frame. Memory per
session is the growth of the server's RSS divided by the sessions, from a server that has had
one visitor of each kind come and go. CPU per move is the server's CPU time over a Big Shot
game between `--people` people (all over SSH, then all in browsers) and bots in the seats left,
divided by the moves the server saved meanwhile (the bots' too); whoever's turn it is presses
the keys that move a game on until one does (benchmarks/table_drawing.py's, remembered for what
the turn asks). With `--old REV`, the server of
that commit's code (checked out in a git worktree, benchmarks/checkout.py) is
measured first and this tree's after it, in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.checkout import checkout  # noqa: E402
from benchmarks.table_drawing import ROOT, TRIED  # noqa: E402
from net.store.storage import SQLITE_FILE, Storage  # noqa: E402
from tests.net.chromium import chromium, screen_text  # noqa: E402
from tests.net.harness import browse, connect  # noqa: E402

SSH_PORT, WEB_PORT = 8751, 8752
ASKED = re.compile(r"\w+ \(you\) to ([a-z ,]+)")  # what the status line asks of this person


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no RSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def link(data: Path, name: str) -> str:
    """A one-time link's path for `name`, made in the server's database as the lobby's W does."""
    storage = Storage(data / SQLITE_FILE)
    try:
        return "/link/" + storage.queue(storage.make_link, name, 600).result()
    finally:
        storage.close()


async def cookie_for(data: Path, name: str) -> str:
    import aiohttp

    async with aiohttp.ClientSession() as client:
        url = f"http://127.0.0.1:{WEB_PORT}{link(data, name)}"
        async with client.get(url, allow_redirects=False) as got:
            return got.cookies["boomtown"].value


async def ssh_person(data: Path, name: str):
    return await connect(SSH_PORT, name)


async def browser_person(data: Path, name: str):
    return await browse(WEB_PORT, await cookie_for(data, name))


async def first_frames(make, data: Path, names: list[str]) -> list[float]:
    """Seconds from connecting to the lobby drawn, for each of `names` in turn; they stay."""
    times, people = [], []
    for name in names:
        start = time.perf_counter()
        person = await make(data, name)
        await person.wait_for("You are", timeout=30)
        times.append(time.perf_counter() - start)
        people.append(person)
    return times, people


def chromium_first_frames(data: Path, runs: int) -> list[float]:
    """Seconds from a page opened by a fresh link to its lobby drawn, in headless Chromium."""
    times = []
    driver = chromium()
    try:
        for run in range(runs):
            url = f"http://127.0.0.1:{WEB_PORT}{link(data, f'page{run}')}"
            start = time.perf_counter()
            driver.get(url)
            while "You are" not in screen_text(driver):
                time.sleep(0.005)
            times.append(time.perf_counter() - start)
            driver.delete_all_cookies()
    finally:
        driver.quit()
    return times


async def cpu_per_move(pid: int, data: Path, make, names: list[str], moves: int) -> float:
    """The server's CPU seconds per move saved, over `moves` of a Big Shot game between `names`
    (made by `make`, two to four) and bots in the seats left, whoever's turn it is pressing
    keys until one moves the game on."""
    people = [await make(data, name) for name in names]
    for person in people:
        await person.wait_for("You are", timeout=30)
    await people[0].press("n")
    await people[0].wait_for("A new table")
    await people[0].press("c")  # Big Shot, 4 seats
    await people[0].wait_for("waiting")
    for person, name in zip(people[1:], names[1:]):
        await person.wait_for("waiting")
        await person.press("\x1b[F", "\r")  # sits at the newest table (End, Enter)
        await people[0].wait_for(name)  # among the table's seats
    if len(people) < 4:
        await people[0].press("b")  # bots in the rest
        await people[0].wait_for("Ada")
    await people[0].press("g")
    for person in people:
        await person.wait_for("Ledger", timeout=30)
    start, first = cpu_seconds(pid), moves_saved(data)
    worked: dict[str, str] = {}  # what a turn asks -> the key that answered it last
    deadline = time.monotonic() + 120
    while moves_saved(data) - first < moves and time.monotonic() < deadline:
        for person in people:
            asked = ASKED.search(person.text())
            if asked is None:
                continue
            keys = [worked[asked[1]]] if asked[1] in worked else []
            for key in keys + [k for k in TRIED if k not in keys]:  # as table_drawing finds keys
                before = moves_saved(data)
                await person.press(key)
                await asyncio.sleep(0.1)
                if moves_saved(data) > before:
                    worked[asked[1]] = key
                    break
        await asyncio.sleep(0.05)
    used, made = cpu_seconds(pid) - start, moves_saved(data) - first
    for person in people:
        await person.close()
    return used / max(1, made)


def moves_saved(data: Path) -> int:
    """The moves the server has committed to its database (every table's, bots' too)."""
    with contextlib.closing(sqlite3.connect(data / SQLITE_FILE)) as db:
        return db.execute("SELECT count(*) FROM actions").fetchone()[0]


async def run(sessions: int, moves: int, seated: int, code: Path) -> None:
    data = Path(tempfile.mkdtemp())
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "boomtown.cli",
            "serve",
            "--port",
            str(SSH_PORT),
            "--web",
            str(WEB_PORT),
            "--data",
            str(data),
            "--bot-pace",
            "0.2",
            "--max-per-ip",
            str(4 * sessions),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=code,
    )
    try:
        assert server.stdout is not None
        while b"Browsers join" not in server.stdout.readline():
            pass
        for make in (ssh_person, browser_person):  # what every later session shares, loaded
            _, (visitor,) = await first_frames(make, data, ["visitor"])
            await visitor.close()
        await asyncio.sleep(1)
        results = {}
        for kind, make in (("ssh", ssh_person), ("browser", browser_person)):
            before = rss_kb(server.pid)
            times, people = await first_frames(make, data, [f"{kind}{i}" for i in range(sessions)])
            await asyncio.sleep(1)
            grown = rss_kb(server.pid) - before
            results[kind] = (grown / 1024 / sessions, statistics.median(times), max(times))
            for person in people:
                await person.close()
            await asyncio.sleep(1)
        page = chromium_first_frames(data, 5)
        cpu = {
            kind: await cpu_per_move(
                server.pid, data, make, [f"{kind[0]}{i}" for i in range(seated)], moves
            )
            for kind, make in (("ssh", ssh_person), ("browser", browser_person))
        }
    finally:
        server.terminate()
        server.communicate()  # its end, and its output's pipe closed
    print(f"{code}: {sessions} sessions of each kind, 120x40, one server process; {seated} people")
    print(f"{'':<9} {'MB a session':>12} {'first frame median / max':>26} {'CPU ms a move':>14}")
    for kind, (memory, median, worst) in results.items():
        print(
            f"{kind:<9} {memory:>12.2f} {1000 * median:>15.0f} / {1000 * worst:>4.0f} ms "
            f"{1000 * cpu[kind]:>14.1f}"
        )
    print(
        f"Chromium, a page opened by a fresh link to its lobby drawn: median "
        f"{1000 * statistics.median(page):.0f} ms, at most {1000 * max(page):.0f} ms "
        f"({len(page)} pages)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--people", type=int, default=2, choices=(2, 3, 4), help="at the table")
    parser.add_argument("--old", help="a commit whose server to measure first")
    args = parser.parse_args()

    with contextlib.ExitStack() as stack:
        codes = ([stack.enter_context(checkout(args.old))] if args.old else []) + [ROOT]
        for code in codes:
            asyncio.run(run(args.sessions, args.moves, args.people, code))


if __name__ == "__main__":
    main()
