"""The SSH host with every session a seated player: several tables of people playing at once.

    .venv/bin/python benchmarks/ssh_seated.py [--tables 8] [--moves 25] [--address-loop-share 1]
        [--db postgresql://...|temp] [--processes 1] [--find] [--households]

Before the server starts, `--tables` Big Shot tables of four people each are written to its
data directory, every seat taken, not yet started; the server (`boomtown serve`, one process)
loads them. Each table's four people run in a client process of their own, 120x40 terminals,
and all connect at the same moment: a person's first frame is the lobby. Every client comes from
127.0.0.1, so the server lets 500 connect from it and, unless `--address-loop-share` says
otherwise, lifts the address's share of its time, as if each person had an address of their
own (an address alone on the server is not held to its share anyway). Measured: each first
frame; when the other three's own apps first answer a key (x, refused: the first frame may be
the shared lobby, net.render.first_frame). Once all have arrived (3 s after connecting), each
table's host selects it and starts it (`g`), everyone is taken to their table, and they play:
whoever's turn it is presses a key after 0.2 to 0.6 s. Measured: from a key to the moment each of
the other three players has that move's log line; the server's memory per session (RSS growth from
a server that one visitor has warmed); its CPU per move; and the first frame of a newcomer who
connects to the lobby while every table plays.

`--db` keeps everything in PostgreSQL (`temp`: a server of the run's own, tests/postgres.py),
and `--processes N` runs N `serve` processes on it, each on a port of its own: a table's four
people are spread over them, so that most moves travel from one process to another (the
cross-process figures). `--find` plays 1, 2, 3... tables, a fresh server each time, until the
key-to-others p99 passes `--p99` ms (100), and prints the most tables held under it.

`--households` plays as people at home do: each table's four people come from an address of
their own (127.T.0.1) and the server keeps its default limits per address (its time share
among them); nothing is written beforehand: the first of the four makes the table in the lobby
by keys (n, c), the others go down to it and sit (s), and the first starts it (g).
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
from net.store.storage import SQLITE_FILE, Storage  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402

ARRIVED_SECONDS = 3.0  # after connecting together, when the tables start: everyone is in
KEYS = {
    b"roll": ("r", b" rolls"),
    b"bid or pass": ("p", b" passes."),
    b"place the cubes": ("\r", b" places a"),
    b"decide on a loan": ("\r", b" "),
    b"pay": ("\r", b" pays"),
}


def seat_tables(where: str | Path, tables: int) -> None:
    """Tables of four people each, waiting to start, as the server will load them."""
    storage = Storage(where)
    options = get_spec("bigshot").resolve_options({})
    for t in range(tables):
        seats = [{"name": f"t{t}p{i}", "kind": "human"} for i in range(4)]
        table_id = storage.create_table(
            "bigshot", options, 1000 + t, seats, seats[0]["name"], "heuristic"
        )
        storage.update_table(table_id, seats, "waiting", seats[0]["name"], changes=0)
    storage.close()


async def play_table(
    ports: list[int], table: int, start_at: float, moves: int, households: int = 0
) -> dict:
    """One table's four people: connect together at `start_at` (person i of table t to the
    process (t + i) mod N), then play `moves` moves. With `households` (how many tables in
    all), the four come from an address of their own, and make and start their table by keys."""
    rng = random.Random(table)
    people = [Client(f"t{table}p{i}") for i in range(4)]
    at = {person.name: ports[(table + i) % len(ports)] for i, person in enumerate(people)}
    home = f"127.{table + 1}.0.1" if households else None  # each a /24 of its own
    await asyncio.sleep(max(0.0, start_at - time.time()))
    await asyncio.gather(*(person.connect(at[person.name], address=home) for person in people))
    host = people[0]
    if households:
        answered = []
        await make_and_start(people, table, households)
    else:
        answered = await asyncio.gather(*(first_answer(person) for person in people[1:]))
        await host.wait_for(b"round" if table else b"waiting")  # the lobby lists the tables
        await asyncio.sleep(max(0.0, start_at + ARRIVED_SECONDS - time.time()))  # all arrived
        host.send("\x1b[B" * table)  # down to this table's row
        await asyncio.sleep(0.2)
        host.send("g")
    await asyncio.gather(*(person.wait_for(b"Ledger") for person in people))
    latencies, crossing = [], []
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
        arrivals = await asyncio.gather(
            *(p.wait_for(marker, n + 1) for p, n in zip(others, counts))
        )
        latencies.extend(t - sent for t in arrivals)
        crossing.extend(at[p.name] != at[actor.name] for p in others)
        await asyncio.sleep(0.05)  # the next status line
    for person in people:
        person.conn.close()
    return {
        "first_frames": [p.first_frame for p in people],
        "latencies": latencies,
        "crossing": crossing,
        "first_answers": answered,
    }


async def make_and_start(people: list[Client], table: int, tables: int) -> None:
    """As a household does by keys: the first makes a table (n, then c: Big Shot, four
    seats, no bots); once every household's table is listed, the others each go down to it
    and sit (s), and the first, seeing it full, starts it (g)."""
    for person in people:
        person.watch_screen()
    host, mine = people[0], f"t{table}p0"
    host.send("n")
    await host.wait_for(b"Bot kind")  # the new table's choices
    host.send("c")

    def row() -> int | None:  # this table's row among those listed, once all are
        rows = people[-1].rows()
        listed = [line for line in rows if "Big Shot" in line]
        if len(listed) < tables:
            return None
        return next(i for i, line in enumerate(listed) if mine in line)

    while (index := row()) is None:
        await asyncio.sleep(0.05)
    for person in people:
        person.send("\x1b[A" * tables + "\x1b[B" * index)  # from the top, down to it
    await asyncio.sleep(0.2)
    for person in people[1:]:
        person.send("s")
    while any(mine in line and "(open)" in line for line in host.rows()) or not any(
        mine in line for line in host.rows()
    ):
        await asyncio.sleep(0.05)
    host.send("g")


async def first_answer(person: Client) -> float:
    """How long after the first frame the person's own app answers a key (x: refused, as
    only the table's host may replace absent players)."""
    sent = time.perf_counter()
    person.send("x")
    arrived = await person.wait_for(b"who hosts table")
    return person.first_frame + arrived - sent


def worker(ports: str, table: int, start_at: float, moves: int, households: int) -> None:
    ports_ = [int(port) for port in ports.split(",")]
    print(
        json.dumps(asyncio.run(play_table(ports_, table, start_at, moves, households))), flush=True
    )


async def start_servers(
    data: str, database: str | None, processes: int, address_share: str | None
) -> list[tuple[asyncio.subprocess.Process, int]]:
    """`processes` serve processes on the data directory, or on the database; with
    `address_share` None, each address held to the server's own limits (households)."""
    where = ["--db", database, "--workers", "1"] if database else ["--data", data]
    lifted = (
        []
        if address_share is None
        else [
            "--max-per-ip",
            "500",
            "--max-pending-per-ip",
            "500",
            "--max-pending-per-network",
            "500",
            "--input-rate",
            "100000",
            "--address-loop-share",
            address_share,
        ]
    )
    servers = []
    for n in range(processes):
        with open(Path(data) / f"serve-{n + 1}.log", "wb") as log:  # what went wrong, if anything
            servers.append(
                await serve_process(
                    *where, *lifted, "--max-pending", "500", "--afk-seconds", "3600", stderr=log
                )
            )
    return servers


async def run(
    tables: int,
    moves: int,
    address_share: str,
    database: str | None = None,
    processes: int = 1,
    households: bool = False,
) -> dict:
    data = tempfile.mkdtemp()
    print(f"server logs in {data}", file=sys.stderr)
    if not households:
        seat_tables(database or Path(data) / SQLITE_FILE, tables)
    servers = await start_servers(data, database, processes, None if households else address_share)
    pids, ports = [server.pid for server, _ in servers], [port for _, port in servers]
    try:
        for i, port in enumerate(ports):
            visitor = Client(f"visitor{i}")  # a first visit loads what later sessions share
            await visitor.connect(port)
            visitor.conn.close()
        await asyncio.sleep(2.5)  # a quiet moment: the server reclaims the visitor's app
        rss_warm = sum([await server_rss_kb(pid) for pid in pids])
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        start_at = time.time() + 1.5  # every client process is up by then
        workers = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--worker",
                ",".join(map(str, ports)),
                str(t),
                str(start_at),
                str(moves),
                str(tables if households else 0),
                stdout=subprocess.PIPE,
            )
            for t in range(tables)
        ]
        await asyncio.sleep(max(0.0, start_at + ARRIVED_SECONDS - time.time()) + 4.0)  # all play
        rss_playing = sum([await server_rss_kb(pid) for pid in pids])
        newcomer = Client("newcomer")
        await newcomer.connect(ports[0])
        newcomer.conn.close()
        results = [json.loads((await w.stdout.read()).decode()) for w in workers]
        for w in workers:
            await w.wait()
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
        latencies = [x for r in results for x in r["latencies"]]
        crossing = [x for r in results for x, cross in zip(r["latencies"], r["crossing"]) if cross]
        firsts = [x for r in results for x in r["first_frames"]]
        answers = [x for r in results for x in r["first_answers"]]
        made = len(latencies) // 3
        return {
            "sessions": 4 * tables,
            "memory_per_session_mb": (rss_playing - rss_warm) / 1024 / (4 * tables),
            "first_frame_p50_ms": percentile(firsts, 50) * 1000,
            "first_frame_max_ms": max(firsts) * 1000,
            "first_answer_p50_ms": percentile(answers, 50) * 1000 if answers else None,
            "first_answer_max_ms": max(answers) * 1000 if answers else None,
            "newcomer_first_frame_ms": newcomer.first_frame * 1000,
            "to_others_p50_ms": percentile(latencies, 50) * 1000,
            "to_others_p99_ms": percentile(latencies, 99) * 1000,
            "cross_process_p99_ms": percentile(crossing, 99) * 1000 if crossing else None,
            "moves": made,
            "server_cpu_ms_per_move": server_cpu / max(1, made) * 1000,
        }
    finally:
        for server, _ in servers:
            server.kill()
            await server.wait()


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        ports, table, start_at, moves, households = sys.argv[2:7]
        worker(ports, int(table), float(start_at), int(moves), int(households))
        return
    parser = argparse.ArgumentParser(description="SSH host timings with seated players")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=25, help="people's moves per table")
    parser.add_argument(
        "--address-loop-share",
        default="1",
        help="every person here comes from 127.0.0.1: 1 (the default) treats "
        "them as if each had an address of their own",
    )
    parser.add_argument(
        "--db",
        help="keep everything in this PostgreSQL database (temp: a "
        "server of the run's own); default: SQLite",
    )
    parser.add_argument("--processes", type=int, default=1, help="serve processes (--db)")
    parser.add_argument(
        "--find",
        action="store_true",
        help="the most tables held at a key-to-others p99 of --p99 ms",
    )
    parser.add_argument(
        "--p99", type=float, default=100.0, help="what --find holds the p99 to (ms)"
    )
    parser.add_argument(
        "--households",
        action="store_true",
        help="each table's four people "
        "from an address of their own, held to the server's default limits "
        "per address, making and starting their table in the lobby by keys",
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.db:
        parser.error("several processes share a PostgreSQL database: give --db")
    postgres = None
    if args.db == "temp":
        from tests.postgres import PostgresServer

        postgres = PostgresServer()
    try:
        if args.find:
            find(args, postgres)
        else:
            database = postgres.database() if postgres else args.db
            report(
                args.tables,
                asyncio.run(
                    run(
                        args.tables,
                        args.moves,
                        args.address_loop_share,
                        database,
                        args.processes,
                        args.households,
                    )
                ),
            )
    finally:
        if postgres is not None:
            postgres.stop()


def find(args: argparse.Namespace, postgres) -> None:
    """Play 1, 2, 3... tables until the p99 passes --p99: the most held under it."""
    held, tables = 0, 1
    while True:
        database = postgres.database() if postgres else args.db
        r = asyncio.run(
            run(
                tables,
                args.moves,
                args.address_loop_share,
                database,
                args.processes,
                args.households,
            )
        )
        cross = r["cross_process_p99_ms"]
        print(
            f"{tables:3d} tables: key to others p50 {r['to_others_p50_ms']:.0f} ms, p99 "
            f"{r['to_others_p99_ms']:.0f} ms"
            + (f", across processes p99 {cross:.0f} ms" if cross is not None else "")
            + f", server CPU {r['server_cpu_ms_per_move']:.0f} ms a move",
            flush=True,
        )
        if r["to_others_p99_ms"] > args.p99:
            break
        held, tables = tables, tables + 1
    print(
        f"held at p99 <= {args.p99:.0f} ms: {held} tables ({4 * held} seated people), "
        f"{args.processes} process{'es' if args.processes > 1 else ''} on "
        f"{'PostgreSQL' if args.db else 'SQLite'}"
    )


def report(tables: int, r: dict) -> None:
    print(f"{r['sessions']} seated sessions at {tables} tables, {r['moves']} moves")
    print(f"  memory per session      {r['memory_per_session_mb']:.2f} MB")
    print(
        f"  first frame, all at once p50 {r['first_frame_p50_ms']:.0f} ms, "
        f"max {r['first_frame_max_ms']:.0f} ms"
    )
    if r["first_answer_p50_ms"] is not None:
        print(
            f"  first key answered       p50 {r['first_answer_p50_ms']:.0f} ms, "
            f"max {r['first_answer_max_ms']:.0f} ms (from connecting; their own app is up)"
        )
    print(f"  newcomer's first frame  {r['newcomer_first_frame_ms']:.0f} ms (while tables play)")
    print(
        f"  key to the other players p50 {r['to_others_p50_ms']:.0f} ms, "
        f"p99 {r['to_others_p99_ms']:.0f} ms"
    )
    if r["cross_process_p99_ms"] is not None:
        print(f"  ... at another process   p99 {r['cross_process_p99_ms']:.0f} ms")
    print(f"  server CPU per move     {r['server_cpu_ms_per_move']:.0f} ms")


if __name__ == "__main__":
    main()
