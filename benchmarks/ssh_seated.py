"""The SSH host with every session a seated player: several tables of people playing at once.

    .venv/bin/python benchmarks/ssh_seated.py [--tables 8] [--moves 25] [--address-loop-share 1]

Before the server starts, `--tables` Big Shot tables of four people each are written to its
data directory, every seat taken, not yet started; the server (`boomtown serve`, one process)
loads them. Each table's four people run in a client process of their own, 120x40 terminals,
and all connect at the same moment: a person's first frame is the lobby. Every client comes from
127.0.0.1, so the server lets 500 connect from it and, unless `--address-loop-share` says
otherwise, lifts the address's share of its time, as if each person had an address of their
own (an address alone on the server is not held to its share anyway). Measured: each first
frame; when the other three's own apps first answer a key (x, refused: the first frame may be
the shared lobby, net.first_frame). Once all have arrived (3 s after connecting), each table's
host selects it and starts it (`g`), everyone is taken to their table, and they play: whoever's
turn it is presses a key after 0.2 to 0.6 s. Measured: from a key to the moment each of the
other three players has that move's log line; the server's memory per session (RSS growth from
a server that one visitor has warmed); its CPU per move; and the first frame of a newcomer who
connects to the lobby while every table plays.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ssh_speed import Client, cpu_seconds, percentile, server_rss_kb  # noqa: E402
from core.games import get_spec  # noqa: E402
from net.storage import Storage  # noqa: E402

ARRIVED_SECONDS = 3.0  # after connecting together, when the tables start: everyone is in
KEYS = {b"roll": ("r", b" rolls"), b"bid or pass": ("p", b" passes."),
        b"place the cubes": ("\r", b" places a"), b"decide on a loan": ("\r", b" "),
        b"pay": ("\r", b" pays")}


def seat_tables(data: str, tables: int) -> None:
    """Tables of four people each, waiting to start, as the server will load them."""
    storage = Storage(Path(data) / "boomtown.sqlite3")
    options = get_spec("bigshot").resolve_options({})
    for t in range(tables):
        seats = [{"name": f"t{t}p{i}", "kind": "human"} for i in range(4)]
        table_id = storage.create_table("bigshot", options, 1000 + t, seats, seats[0]["name"],
                                        "heuristic")
        storage.update_table(table_id, seats, "waiting", seats[0]["name"])
    storage.close()


async def play_table(port: int, table: int, start_at: float, moves: int) -> dict:
    """One table's four people: connect together at `start_at`, then play `moves` moves."""
    rng = random.Random(table)
    people = [Client(f"t{table}p{i}") for i in range(4)]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    await asyncio.gather(*(person.connect(port) for person in people))
    host = people[0]
    answered = await asyncio.gather(*(first_answer(person) for person in people[1:]))
    await host.wait_for(b"round" if table else b"waiting")  # the lobby lists the tables
    await asyncio.sleep(max(0.0, start_at + ARRIVED_SECONDS - time.time()))  # all have arrived
    host.send("\x1b[B" * table)  # down to this table's row
    await asyncio.sleep(0.2)
    host.send("g")
    await asyncio.gather(*(person.wait_for(b"Ledger") for person in people))
    latencies = []
    for _ in range(moves):
        actor, doing = None, None
        deadline = time.perf_counter() + 30
        while actor is None and time.perf_counter() < deadline:
            actor = next((p for p in people if p.my_turn()), None)
            if actor is None:
                await asyncio.sleep(0.01)
        if actor is None:
            break
        doing = actor.my_turn()
        key, tail = KEYS.get(doing, ("\r", b" "))
        marker = actor.name.encode() + tail
        others = [p for p in people if p is not actor]
        counts = [p.text.count(marker) for p in others]
        await asyncio.sleep(rng.uniform(0.2, 0.6))  # a person thinks
        sent = time.perf_counter()
        actor.send(key)
        arrivals = await asyncio.gather(*(p.wait_for(marker, n + 1)
                                          for p, n in zip(others, counts)))
        latencies.extend(t - sent for t in arrivals)
        await asyncio.sleep(0.05)  # the next status line
    for person in people:
        person.conn.close()
    return {"first_frames": [p.first_frame for p in people], "latencies": latencies,
            "first_answers": answered}


async def first_answer(person: Client) -> float:
    """How long after the first frame the person's own app answers a key (x: refused, as
    only the table's host may replace absent players)."""
    sent = time.perf_counter()
    person.send("x")
    arrived = await person.wait_for(b"who hosts table")
    return person.first_frame + arrived - sent


def worker(port: int, table: int, start_at: float, moves: int) -> None:
    print(json.dumps(asyncio.run(play_table(port, table, start_at, moves))), flush=True)


async def run(tables: int, moves: int, address_share: str) -> dict:
    data = tempfile.mkdtemp()
    seat_tables(data, tables)
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data", data,
        "--max-per-ip", "500", "--max-pending-per-ip", "500", "--input-rate", "100000",
        "--afk-seconds", "3600", "--address-loop-share", address_share,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    port = int((await server.stdout.readline()).split(b":")[-1])
    try:
        visitor = Client("visitor")  # a first visit loads what every later session shares
        await visitor.connect(port)
        visitor.conn.close()
        await asyncio.sleep(2.5)  # a quiet moment: the server reclaims the visitor's app
        rss_warm = await server_rss_kb(server.pid)
        cpu_before = cpu_seconds(server.pid)
        start_at = time.time() + 1.5  # every client process is up by then
        workers = [await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--worker", str(port), str(t), str(start_at), str(moves),
            stdout=subprocess.PIPE) for t in range(tables)]
        await asyncio.sleep(max(0.0, start_at + ARRIVED_SECONDS - time.time()) + 4.0)  # all play
        rss_playing = await server_rss_kb(server.pid)
        newcomer = Client("newcomer")
        await newcomer.connect(port)
        newcomer.conn.close()
        results = [json.loads((await w.stdout.read()).decode()) for w in workers]
        for w in workers:
            await w.wait()
        server_cpu = cpu_seconds(server.pid) - cpu_before
        latencies = [x for r in results for x in r["latencies"]]
        firsts = [x for r in results for x in r["first_frames"]]
        answers = [x for r in results for x in r["first_answers"]]
        made = len(latencies) // 3
        return {
            "sessions": 4 * tables,
            "memory_per_session_mb": (rss_playing - rss_warm) / 1024 / (4 * tables),
            "first_frame_p50_ms": percentile(firsts, 50) * 1000,
            "first_frame_max_ms": max(firsts) * 1000,
            "first_answer_p50_ms": percentile(answers, 50) * 1000,
            "first_answer_max_ms": max(answers) * 1000,
            "newcomer_first_frame_ms": newcomer.first_frame * 1000,
            "to_others_p50_ms": percentile(latencies, 50) * 1000,
            "to_others_p99_ms": percentile(latencies, 99) * 1000,
            "moves": made,
            "server_cpu_ms_per_move": server_cpu / max(1, made) * 1000,
        }
    finally:
        server.kill()
        await server.wait()


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        port, table, start_at, moves = sys.argv[2:6]
        worker(int(port), int(table), float(start_at), int(moves))
        return
    parser = argparse.ArgumentParser(description="SSH host timings with seated players")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=25, help="people's moves per table")
    parser.add_argument("--address-loop-share", default="1",
                        help="every person here comes from 127.0.0.1: 1 (the default) treats "
                        "them as if each had an address of their own")
    args = parser.parse_args()
    r = asyncio.run(run(args.tables, args.moves, args.address_loop_share))
    print(f"{r['sessions']} seated sessions at {args.tables} tables, {r['moves']} moves")
    print(f"  memory per session      {r['memory_per_session_mb']:.2f} MB")
    print(f"  first frame, all at once p50 {r['first_frame_p50_ms']:.0f} ms, "
          f"max {r['first_frame_max_ms']:.0f} ms")
    print(f"  first key answered       p50 {r['first_answer_p50_ms']:.0f} ms, "
          f"max {r['first_answer_max_ms']:.0f} ms (from connecting; their own app is up)")
    print(f"  newcomer's first frame  {r['newcomer_first_frame_ms']:.0f} ms (while tables play)")
    print(f"  key to the other players p50 {r['to_others_p50_ms']:.0f} ms, "
          f"p99 {r['to_others_p99_ms']:.0f} ms")
    print(f"  server CPU per move     {r['server_cpu_ms_per_move']:.0f} ms")


if __name__ == "__main__":
    main()
