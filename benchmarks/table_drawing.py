"""What drawing a move costs the SSH host, the code of another commit and this one side by side.

    .venv/bin/python benchmarks/table_drawing.py [--old REV] [--games bigshot,army,...]
        [--tables 8] [--moves 25] [--spectators 0 4] [--rounds 1]

For each game and each number of spectators, the same load is played against a server of each code
in turn (`--old`'s commit, checked out by benchmarks/checkout.py, and the working tree), `--rounds`
times, one after the other in one run (this machine's speed moves by a fifth between runs). The
load: `--tables` tables of the game, four people each, written to the server's data directory
waiting to start; each table's people (and its spectators) come from an address and a network of
their own (127.T.0.x) and the server keeps its default limits, so each household is held to its
share of the server's time. The players connect at once (the burst's first frames), the first of
the four starts the table from the lobby (g), the spectators come and watch it (w), and whoever's
turn it is presses a key after 0.2 to 0.6 s: the key the turn asks for, found by trying the game's
keys in turn and remembering what worked (a refused key reaches nobody else).

Printed for each code, over the moves made while every table played (from when every table's
people were playing and its spectators watching, so the arrivals are not counted, to the first
table's last move): the server's CPU per move; from a key to the other three players seeing the
move (the first bytes after it), p50, p90 and p99, and to the spectators; and how many of the
tables held their own key-to-others p99 at or under 100 ms. And the server's memory per
session, and the burst's first frames.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.checkout import checkout  # noqa: E402
from benchmarks.ssh_speed import Client, cpu_seconds, percentile, server_rss_kb  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TITLES = {"bigshot": "Big Shot", "army": "Army", "stadium": "Stadium", "million": "Million"}
TRIED = "rpenxa\rdkfyvlmsB"  # the games' keys that move a game on, tried in this order
REFUSED_SECONDS = 1.5  # a key that reaches nobody else in this long was refused
MISSED_SECONDS = 5.0  # a move that reaches one of the others but not another in this long
PLAYERS = 4
LISTED = re.compile(r"waiting|round \d+")  # a table's status in the lobby: it is listed
OWN_APP = b"Lobby - Boomtown"  # the window's title, named by a person's own app once it is up
READY = b"ready\n"  # a table's worker says so once its people play and its spectators watch
SEAT = """
import sys
from core.games import get_spec
from net.store.storage import SQLITE_FILE, Storage
game, tables, where = sys.argv[1], int(sys.argv[2]), sys.argv[3]
storage = Storage(f"{where}/{SQLITE_FILE}")
options = get_spec(game).resolve_options({})
for t in range(tables):
    seats = [{"name": f"t{t}p{i}", "kind": "human"} for i in range(4)]
    table = storage.create_table(game, options, 1000 + t, seats, seats[0]["name"], "heuristic")
    storage.update_table(table, seats, "waiting", seats[0]["name"], changes=0)
storage.close()
"""


def turn_of(client: Client, title: str) -> tuple[str, str] | None:
    """Whose turn the status line says it is, and what they are asked, if it says."""
    for row in client.rows():
        if f"{title} · round" in row:
            match = re.search(r"(\w+) \(you\) to ([a-z ,]+)", row)
            return (match.group(1), match.group(2).strip()) if match else None
    return None


async def play_table(port: int, game: str, table: int, start_at: float, moves: int, watchers: int):
    rng = random.Random(table)
    title = TITLES[game]
    people = [Client(f"t{table}p{i}") for i in range(PLAYERS)]
    spectators = [Client(f"t{table}w{i}") for i in range(watchers)]
    for client in people + spectators:
        client.watch_screen()
    home = f"127.{table + 1}.0.1"
    await asyncio.sleep(max(0.0, start_at - time.time()))
    await asyncio.gather(*(c.connect(port, address=home) for c in people))
    host = people[0]
    await host.wait_for(b"waiting")
    while sum(bool(LISTED.search(row)) for row in host.rows()) <= table:  # those before it listed
        await asyncio.sleep(0.05)
    await host.wait_for(OWN_APP)  # its own app, not the picture drawn first, takes the keys
    host.send("\x1b[B" * table)
    await asyncio.sleep(0.2)
    host.send("g")
    await asyncio.gather(*(p.wait_for(b"Ledger") for p in people))
    await asyncio.gather(*(c.connect(port, address=home) for c in spectators))
    await asyncio.gather(*(w.wait_for(OWN_APP) for w in spectators))
    for watcher in spectators:
        watcher.send("\x1b[B" * table)
    await asyncio.sleep(0.2)
    for watcher in spectators:
        watcher.send("w")
    await asyncio.gather(*(w.wait_for(b"Ledger") for w in spectators))
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    worked: dict[str, str] = {}  # what a turn asks -> the key that answered it last
    to_others, to_watchers, made_at, missed = [], [], [], 0
    while len(made_at) < moves:
        turn = None
        deadline = time.perf_counter() + 30
        while turn is None and time.perf_counter() < deadline:
            turn = next(
                ((p, t[1]) for p in people if (t := turn_of(p, title)) and t[0] == p.name), None
            )
            if turn is None:
                await asyncio.sleep(0.02)
        if turn is None:
            stuck(people[0], "nobody's turn for 30 s")
            break
        actor, asked = turn
        others = [p for p in people if p is not actor]
        await asyncio.sleep(rng.uniform(0.2, 0.6))  # a person thinks
        keys = [worked[asked]] if asked in worked else []
        for key in keys + [k for k in TRIED if k not in keys]:
            before = [len(c.text) for c in others + spectators]
            sent = time.perf_counter()
            actor.send(key)
            try:
                first = await asyncio.wait_for(next_bytes(others[0], before[0]), REFUSED_SECONDS)
            except TimeoutError:
                continue  # refused: try the next key
            arrivals = [first] + await asyncio.gather(
                *(
                    next_bytes(c, n, MISSED_SECONDS)
                    for c, n in zip(others[1:] + spectators, before[1:])
                )
            )
            missed += arrivals.count(None)
            made_at.append(time.time())
            to_others.append([t - sent for t in arrivals[: len(others)] if t is not None])
            to_watchers.append([t - sent for t in arrivals[len(others) :] if t is not None])
            worked[asked] = key
            break
        else:
            stuck(actor, "no key moved the game on")
            break
        await asyncio.sleep(0.1)  # the frame settles before the next turn is read
    for client in people + spectators:
        client.conn.close()
    return {
        "first_frames": [c.first_frame for c in people],
        "to_others": to_others,
        "to_watchers": to_watchers,
        "made_at": made_at,
        "missed": missed,
    }


def stuck(client: Client, why: str) -> None:
    """Say why a table stopped before its moves were made, with the screen it stopped at."""
    print(f"{client.name}: {why}; the screen:", *client.rows(), sep="\n", file=sys.stderr)


async def next_bytes(client: Client, after: int, timeout: float | None = None) -> float | None:
    """When the client next received something, once it has more than `after` bytes of text
    (None if nothing came within `timeout` seconds)."""
    try:
        async with asyncio.timeout(timeout):
            while len(client.text) <= after:
                client.changed.clear()
                await client.changed.wait()
    except TimeoutError:
        return None
    return client.arrived


def worker(port: str, game: str, table: str, start_at: str, moves: str, watchers: str) -> None:
    result = asyncio.run(
        play_table(int(port), game, int(table), float(start_at), int(moves), int(watchers))
    )
    print(json.dumps(result), flush=True)


async def run(code: Path, game: str, tables: int, moves: int, watchers: int) -> dict:
    """The load against a server of the code in `code`: what was measured."""
    data = tempfile.mkdtemp()
    subprocess.run([sys.executable, "-c", SEAT, game, str(tables), data], cwd=code, check=True)
    with open(Path(data) / "serve.log", "wb") as log:
        server, port = await serve_process(
            "--data", data, "--afk-seconds", "3600", stderr=log, cwd=code
        )
    try:
        visitor = Client("visitor")  # a first visit loads what later sessions share
        await visitor.connect(port)
        visitor.conn.close()
        await asyncio.sleep(2.5)  # a quiet moment: the server reclaims the visitor's app
        rss_warm = await server_rss_kb(server.pid)
        start_at = time.time() + 1.5  # every client process is up by then
        workers = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--worker",
                str(port),
                game,
                str(t),
                str(start_at),
                str(moves),
                str(watchers),
                stdout=subprocess.PIPE,
            )
            for t in range(tables)
        ]
        for w in workers:  # every table playing, and watched: the burst and the arrivals over
            if await w.stdout.readline() != READY:
                raise RuntimeError("a table never started; its screen is above")
        rss_playing = await server_rss_kb(server.pid)
        samples = [(time.time(), cpu_seconds(server.pid))]
        waiting = [asyncio.ensure_future(w.stdout.read()) for w in workers]
        while not all(task.done() for task in waiting):
            await asyncio.wait(waiting, timeout=0.25)
            samples.append((time.time(), cpu_seconds(server.pid)))
        results = [json.loads(task.result().decode()) for task in waiting]
        for w in workers:
            await w.wait()
    finally:
        server.kill()
        await server.wait()
    # CPU per move while every table played: from when all were, to the first table's last move
    begin = samples[0][0]
    end = min(r["made_at"][-1] for r in results if r["made_at"])
    cpu = cpu_at(samples, end) - samples[0][1]
    made = sum(begin <= t <= end for r in results for t in r["made_at"])
    # the latencies of the moves made once every table played, table by table
    to_others, to_watchers = [], []
    for r in results:
        counted = [m for m in zip(r["made_at"], r["to_others"], r["to_watchers"]) if m[0] >= begin]
        to_others.append([x for _, others, _ in counted for x in others])
        to_watchers.append([x for _, _, watchers in counted for x in watchers])
    others = [x for table in to_others for x in table]
    watching = [x for table in to_watchers for x in table]
    sessions = tables * (PLAYERS + watchers)
    return {
        "moves": made,
        "cpu_ms_per_move": cpu / max(1, made) * 1000,
        "others": [percentile(others, p) * 1000 for p in (50, 90, 99)] if others else None,
        "watchers": [percentile(watching, p) * 1000 for p in (50, 99)] if watching else None,
        "mb_per_session": (rss_playing - rss_warm) / 1024 / sessions,
        "first_frame": [
            percentile([x for r in results for x in r["first_frames"]], 50) * 1000,
            max(x for r in results for x in r["first_frames"]) * 1000,
        ],
        "missed": sum(r["missed"] for r in results),
        "tables_held": sum(1 for table in to_others if table and percentile(table, 99) <= 0.1),
    }


def cpu_at(samples: list[tuple[float, float]], when: float) -> float:
    """The server's CPU time at `when`, from the samples taken around it."""
    for (t0, c0), (t1, c1) in zip(samples, samples[1:]):
        if t0 <= when <= t1:
            return c0 + (c1 - c0) * (when - t0) / max(t1 - t0, 1e-9)
    return samples[-1][1]


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        worker(*sys.argv[2:8])
        return
    parser = argparse.ArgumentParser(description="A move's drawing: old and new side by side")
    parser.add_argument("--old", default="HEAD", help="the commit to compare with (HEAD)")
    parser.add_argument("--games", default="bigshot,army,stadium,million")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=25, help="people's moves per table")
    parser.add_argument("--spectators", type=int, nargs="+", default=[0, 4])
    parser.add_argument("--rounds", type=int, default=1, help="runs of each code, alternating")
    args = parser.parse_args()
    with checkout(args.old) as old:
        compare({f"old ({args.old})": old, "new": ROOT}, args)


def compare(codes: dict[str, Path], args: argparse.Namespace) -> None:
    """Each code's rows, `args.rounds` times each, alternating."""
    print(
        f"{args.tables} tables of 4 people, {args.moves} moves a table; CPU per move, ms; "
        "key to others p50/p90/p99, ms; to spectators p50/p99; MB a session; "
        "first frame p50/max, ms; tables with p99 <= 100 ms"
    )
    for game in args.games.split(","):
        for watchers in args.spectators:
            for _ in range(args.rounds):
                for name, code in codes.items():
                    r = asyncio.run(run(code, game, args.tables, args.moves, watchers))
                    print(format_row(game, watchers, name, r), flush=True)


def format_row(game: str, watchers: int, name: str, r: dict) -> str:
    def ms(values) -> str:
        return "/".join(f"{v:.0f}" for v in values) if values else "-"

    return (
        f"{game:8} {watchers} watching  {name:14} {r['moves']:4d} moves  "
        f"CPU {r['cpu_ms_per_move']:5.1f}  others {ms(r['others']):13}  "
        f"spectators {ms(r['watchers']):9}  {r['mb_per_session']:.2f} MB  "
        f"first {ms(r['first_frame']):9}  held {r['tables_held']}"
        + (f"  ({r['missed']} screens missed a move)" if r["missed"] else "")
    )


if __name__ == "__main__":
    main()
