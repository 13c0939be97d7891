"""What the SSH host holds in memory as games finish: one table after another played to its end.

    .venv/bin/python benchmarks/host_memory.py [--game stadium] [--games 20]

Each game is made, started and played through the host (`Host.act`, as people's moves come)
by heuristic bots standing in for two people who are not connected, with its storage in a
temporary directory. Printed: the memory Python holds (tracemalloc) after the host has started,
and after every fifth game, and the tables the host still keeps.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import get_spec  # noqa: E402
from net.hosting.host import Host  # noqa: E402
from net.limits import Limits  # noqa: E402
from net.store.storage import Storage  # noqa: E402


async def play_to_the_end(host: Host, game: str, seed: int) -> None:
    table = await host.create_table("ann", game, {}, players=2, bots=0, seed=seed)
    await host.sit(table.id, "ben")
    await host.start(table.id, "ann")
    bots = [get_spec(game).bots["heuristic"](seat) for seat in range(2)]
    while not table.match.state.is_over():
        state = table.match.state
        seat = state.actor()
        view = state.view(seat)
        await host.act(table.id, table.seats[seat].name, bots[seat].choose(view, view.legal))


async def measure(game: str, games: int) -> None:
    """The host's timers need a running event loop; its bots never move (people's seats)."""
    with tempfile.TemporaryDirectory() as folder:
        tracemalloc.start()
        host = Host(Storage(Path(folder) / "db.sqlite3"), Limits(bot_pace_seconds=3600))
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        print(f"{game}: memory held by the host, after each group of games")
        for n in range(1, games + 1):
            await play_to_the_end(host, game, seed=n)
            await asyncio.sleep(0)  # the loop lets go of the timers each move cancelled
            if n % 5 == 0 or n == games:
                gc.collect()
                held = (tracemalloc.get_traced_memory()[0] - start) / 2**20
                print(f"  after {n:3} games: {held:6.2f} MB ({len(host.tables)} tables kept)")
        host.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="stadium")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(measure(args.game, args.games))


if __name__ == "__main__":
    main()
