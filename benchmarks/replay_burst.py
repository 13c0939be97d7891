"""What a burst of replays costs the people who are not replaying: a bystander's help, the
server's memory, and the replaying sessions themselves.

    .venv/bin/python benchmarks/replay_burst.py [--replays 46] [--sessions 16] [--spread 10]
        [--seconds 60] [--games 6] [--rounds 1] [--before REV]

Before the server starts, `--games` long Stadium games (four heuristic bots, about 1,500 moves
each; their first seat a person's) are written to its data directory as finished, without an
analysis. Then `--sessions` people from four addresses (127.0.0.2-5, four apiece: the default
limits per address hold) open `--replays` replays between them, begun at moments spread over
`--spread` seconds: `p` (past games), a game, Enter, End, a few moves back, `q`, `q`. For
`--seconds` from the first, a bystander in the lobby, from an address of their own, presses `?`
every second and times it to the help on their screen.

Printed, for each server: the bystander's help p50 / p99 / max, before the burst (alone) and
during it; the replays opened and how long each took to open (from Enter to its first frame:
what the burst costs its own people); the server's RSS before the burst and once everyone has
left; the sessions that ended on an error, and the errors the server logged. `--rounds N` makes
N bursts at one server, one after another (memory that keeps growing is a leak; memory that
stays, Python's allocator and caches). `--before REV` runs the same against the code of
revision REV first (benchmarks/checkout.py), each server on its own copy of the same games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.checkout import checkout  # noqa: E402
from benchmarks.ssh_speed import Client, server_rss_kb  # noqa: E402
from core.sim import recorded_game  # noqa: E402
from net.store.storage import Storage  # noqa: E402
from tests.net.harness import serve_process  # noqa: E402
from tests.net.test_processes import children_of  # noqa: E402

HELP = b"Keys for the table"  # a heading of the lobby's help
REPLAY = b"Replay, move"
ADDRESSES = [f"127.0.0.{n}" for n in range(2, 6)]
BYSTANDER = "127.0.0.9"


def write_games(folder: Path, games: int) -> None:
    """`games` long finished Stadium games in a server's database in `folder`."""
    storage = Storage(folder / "boomtown.sqlite3")
    try:
        for seed in range(games):
            names = ["ann", "Ada", "Brick", "Coin"]
            record = recorded_game("stadium", names, ["heuristic"] * 4, 100 + seed, {})
            seats = [{"name": "ann", "kind": "human"}] + [
                {"name": name, "kind": "heuristic"} for name in names[1:]
            ]
            table = storage.create_table(
                "stadium", record.options, record.seed, seats, "ann", "heuristic"
            )
            for n, (seat, action) in enumerate(record.actions):
                storage.add_action(table, n, seat, action.to_json())
            match_result = record.replay().result()
            assert match_result is not None
            storage.end_table(table, match_result.reason, list(match_result.winners))
    finally:
        storage.close()


async def look_at_help(person: Client, until: float, pause: float = 1.0) -> list[float]:
    """`?` every `pause` s until `until` (perf_counter): the times to the help, in seconds."""
    times = []
    while time.perf_counter() < until:
        seen = person.text.count(HELP)
        sent = time.perf_counter()
        person.send("?")
        times.append(await person.wait_for(HELP, seen + 1, timeout=60) - sent)
        person.send("\x1b")
        await asyncio.sleep(pause)
    return times


async def replay_some(
    person: Client, games: int, times: list[float], rng: random.Random
) -> list[float]:
    """Open a replay at each of `times` (perf_counter), looking around it a little; how long
    each took to open (from Enter to its first frame). A session that ends early (an error)
    stops."""
    opened = []
    for at in times:
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        if person.process.stdout.at_eof():
            break
        seen = person.text.count(REPLAY)
        person.send("p")
        await person.wait_for(b"Past games", person.text.count(b"Past games") + 1, timeout=60)
        person.send("\x1b[B" * rng.randrange(games))
        await asyncio.sleep(0.1)
        asked = time.perf_counter()
        person.send("\r")
        opened.append(await person.wait_for(REPLAY, seen + 1, timeout=120) - asked)
        person.send("\x1b[F")  # End
        for _ in range(3):
            person.send("\x1b[D")  # a move back
            await asyncio.sleep(0.2)
        person.send("qq")  # the replay, then the list
        await asyncio.sleep(0.3)
    return opened


async def bursts(code: Path | None, data: Path, args) -> list[dict]:
    """`args.rounds` bursts at one server (run from `code`, None: this checkout)."""
    log = data / "serve.log"
    with open(log, "wb") as errors:
        server, port = await serve_process(
            "--data", str(data), "--input-rate", "100000", stderr=errors, cwd=code
        )
    try:
        bystander = Client("bystander")
        await bystander.connect(port, address=BYSTANDER)
        alone = await look_at_help(bystander, time.perf_counter() + 8)
        found = []
        for n in range(args.rounds):
            found.append(await burst(server.pid, port, bystander, n, args))
            found[-1]["alone"] = alone
        logged = log.read_text(errors="replace")
        found[-1].update(errors=logged.count(" ERROR "), nomatches=logged.count("NoMatches"))
        return found
    finally:
        for pid in children_of(server.pid):  # (older code left its worker processes behind)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        server.kill()
        await server.wait()


async def burst(pid: int, port: int, bystander: Client, n: int, args) -> dict:
    """Burst `n` of replays, the bystander looking at their help meanwhile."""
    rss_before = await server_rss_kb(pid)
    people = [Client(f"r{n}-{i}") for i in range(args.sessions)]  # (new people each time)
    for i, person in enumerate(people):
        await person.connect(port, address=ADDRESSES[i % len(ADDRESSES)])
    rng = random.Random(7)
    start = time.perf_counter() + 1
    moments = sorted(start + rng.uniform(0, args.spread) for _ in range(args.replays))
    shares = [moments[i :: len(people)] for i in range(len(people))]
    watching = asyncio.create_task(look_at_help(bystander, start + args.seconds))
    opened = await asyncio.gather(
        *(
            replay_some(p, args.games, s, random.Random(i))
            for i, (p, s) in enumerate(zip(people, shares))
        ),
        return_exceptions=True,
    )
    during = await watching
    failed = sum(b"hit an error" in bytes(person.text) for person in people)
    for person in people:
        person.conn.close()
    await asyncio.sleep(5)  # everyone has left: what the server keeps
    return {
        "during": during,
        "opens": [t for times in opened if isinstance(times, list) for t in times],
        "stuck": sum(not isinstance(times, list) for times in opened),
        "failed": failed,
        "rss": (rss_before, await server_rss_kb(pid)),
    }


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def report(name: str, rounds: list[dict]) -> None:
    alone = rounds[0]["alone"]
    print(f"{name}: bystander's help alone p50 {statistics.median(alone) * 1000:.0f} ms")
    for n, found in enumerate(rounds, 1):
        during, opens = found["during"], found["opens"]
        before, after = found["rss"]
        print(
            f"  burst {n}: bystander's help p50 {statistics.median(during) * 1000:.0f} ms, p99 "
            f"{quantile(during, 0.99):.0f} ms, max {max(during) * 1000:.0f} ms ({len(during)} "
            f"looks); {len(opens)} replays opened in p50 "
            f"{statistics.median(opens) * 1000:.0f} ms, p99 {quantile(opens, 0.99):.0f} ms "
            f"({found['stuck']} sessions stuck, {found['failed']} ended on an error); server "
            f"RSS {before / 1024:.0f} MB before, {after / 1024:.0f} MB once everyone left",
            flush=True,
        )
    last = rounds[-1]
    print(f"  errors logged {last['errors']} (NoMatches {last['nomatches']})", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=46)
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--spread", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=1, help="bursts, one after another")
    parser.add_argument("--before", help="also run the code of this revision, first")
    args = parser.parse_args()
    games = Path(tempfile.mkdtemp())
    began = time.perf_counter()
    write_games(games, args.games)
    print(f"{args.games} Stadium games written in {time.perf_counter() - began:.0f} s", flush=True)
    runs = [("before", args.before), ("now", None)] if args.before else [("now", None)]
    with contextlib.ExitStack() as stack:
        for name, revision in runs:
            code = stack.enter_context(checkout(revision)) if revision else None
            data = Path(tempfile.mkdtemp())
            shutil.copy(games / "boomtown.sqlite3", data / "boomtown.sqlite3")
            report(f"{name} ({revision or 'this checkout'})", await bursts(code, data, args))


if __name__ == "__main__":
    asyncio.run(main())
