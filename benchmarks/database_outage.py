"""PostgreSQL away for 30 s under a server: what the people at a table see, and how soon play
goes on once it is back.

    .venv/bin/python benchmarks/database_outage.py [--seconds 30]

A server on a PostgreSQL server of the run's own (tests/postgres.py); ann and ben at a Big Shot
table over SSH. The database is stopped; every 5 s the player to move presses their key and
says a line at the table: each should be refused, the screen saying so, changing nothing,
while both sessions stay up. Then it is started again, and the player presses their key every 0.25 s
until the move is made. Printed: the refusals seen, whether every session stayed up, and how
long after the database came back the move was made.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.net.harness import ann_and_ben_at, start_server  # noqa: E402
from tests.postgres import PostgresServer  # noqa: E402

TRY_EVERY_SECONDS = 5.0  # while the database is away
RETRY_SECONDS = 0.25  # once it is back
SETTLE_SECONDS = 0.5  # after a key, before the screen is read (a benchmark, not a test)


async def run(postgres: PostgresServer, seconds: float) -> dict:
    server, port = await start_server(Path(tempfile.mkdtemp()), database=postgres.database())
    try:
        ann, ben, table = await ann_and_ben_at(server, port, "bigshot", lambda state: True)
        people = {"ann": ann, "ben": ben}
        name = table.seats[table.actor()].name
        person = people[name]
        await person.wait_for(f"{name} (you) to")
        key = "r" if table.match.state.phase == "roll" else "p"
        moves = len(table.match.record.actions)
        postgres.pause()
        away_until = time.monotonic() + seconds
        refused_moves = refused_lines = 0
        lines, tries = table.chat.total, 0
        while time.monotonic() < away_until:
            tries += 1
            told = await refused(person, key, "cannot save")
            refused_moves += told and len(table.match.record.actions) == moves
            await refused(person, "t", "Say to the table")
            told = await refused(person, f"still there? {tries}\r", "cannot save just now")
            refused_lines += told and table.chat.total == lines
            await asyncio.sleep(TRY_EVERY_SECONDS)
        sessions_up = not ann.closed.is_set() and not ben.closed.is_set()
        postgres.resume()
        back = time.monotonic()
        while len(table.match.record.actions) == moves:
            await person.press(key)
            await asyncio.sleep(RETRY_SECONDS)
        resumed = time.monotonic() - back
        for each in (ann, ben):
            await each.close()
        return {
            "tries": tries,
            "refused_moves": refused_moves,
            "refused_lines": refused_lines,
            "sessions_up": sessions_up,
            "resumed_s": resumed,
        }
    finally:
        await server.stop()


async def refused(person, keys: str, told: str) -> bool:
    """`person` presses `keys`; whether their screen then tells them `told`."""
    await person.press(keys)
    await asyncio.sleep(SETTLE_SECONDS)
    return told in person.text()


def main() -> None:
    parser = argparse.ArgumentParser(description="a server on PostgreSQL, the database away")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long it is away")
    args = parser.parse_args()
    postgres = PostgresServer()
    try:
        r = asyncio.run(run(postgres, args.seconds))
    finally:
        postgres.stop()
    print(
        f"database away {args.seconds:.0f} s: of {r['tries']} moves and chat lines tried, "
        f"{r['refused_moves']} moves and {r['refused_lines']} lines refused, saying 'cannot "
        f"save'; every session "
        f"{'stayed up' if r['sessions_up'] else 'DID NOT stay up'}"
    )
    print(f"  the move was made {r['resumed_s']:.2f} s after the database was back")


if __name__ == "__main__":
    main()
