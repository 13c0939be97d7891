"""How many lines a move makes the server render, widget by widget, another commit's code and
this one's side by side.

    .venv/bin/python benchmarks/lines_per_move.py [--old REV] [--games bigshot,army,...]
        [--moves 30]

One table of four people, each over SSH (asyncssh clients in this process, 120x40), is played
by heuristic bots through the host, a move at a time, each drawn on the four screens before the
next. Counted for each move: the lines Textual renders afresh (its styles cache's misses: a
line of a panel, the board or the log made again), by widget, for the four sessions together;
the lines the screens' updates asked their widgets for (afresh or from the cache); and the
milliseconds the four spent updating their screens (the compositor) and working out
what to show (the table screen's `refresh_view`). Each code runs in a process of its own
(`--code`, the old one in a git worktree, benchmarks/checkout.py).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["ann", "ben", "cat", "dan"]


async def measure(game: str, moves: int) -> dict:
    from textual._styles_cache import StylesCache
    from textual.screen import Screen

    from core.games import get_spec
    from tests.net.harness import connect, start_server, table_with
    from tui.screens.table import TableScreen

    lines: collections.Counter[str] = collections.Counter()
    asked = [0]  # lines asked for, afresh or from the cache
    spent: collections.Counter[str] = collections.Counter()
    widget = [""]
    render_widget, render_line = StylesCache.render_widget, StylesCache.render_line

    def counted_widget(self, shown, crop):
        widget[0] = type(shown).__name__
        asked[0] += crop.height
        return render_widget(self, shown, crop)

    def counted_line(self, *args, **kwargs):
        lines[widget[0]] += 1
        return render_line(self, *args, **kwargs)

    def timed(name, method):
        def run(self, *args, **kwargs):
            start = time.perf_counter()
            try:
                return method(self, *args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - start

        return run

    StylesCache.render_widget, StylesCache.render_line = counted_widget, counted_line
    Screen._compositor_refresh = timed("compositor", Screen._compositor_refresh)
    TableScreen.refresh_view = timed("refresh_view", TableScreen.refresh_view)

    server, port = await start_server(Path(tempfile.mkdtemp()))
    people = [await connect(port, name) for name in NAMES]
    for person, name in zip(people, NAMES):
        await person.wait_for(f"You are {name}")
    table = await table_with(server, NAMES, bots=0, game=game, seed=5)
    for person in people:
        await person.wait_for("Ledger")
    await asyncio.sleep(0.5)  # every screen drawn
    bot = get_spec(game).bots["heuristic"](1)
    lines.clear()
    spent.clear()
    asked[0] = 0
    made = 0
    for _ in range(moves):
        state = table.match.state
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        await server.host.act(table.id, NAMES[seat], action)
        made += 1
        received = [len(p.received) for p in people]
        for _ in range(100):  # until the four screens have settled
            await asyncio.sleep(0.02)
            now = [len(p.received) for p in people]
            if now == received:
                break
            received = now
    await server.stop()
    return {
        "moves": made,
        "lines": {name: count / made for name, count in lines.most_common()},
        "asked": asked[0] / made,
        "ms": {name: seconds * 1000 / made for name, seconds in spent.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="Lines a move renders: old and new")
    parser.add_argument("--old", default="HEAD")
    parser.add_argument("--games", default="bigshot,army,stadium,million")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--code", help=argparse.SUPPRESS)  # run in this code (a child's)
    args = parser.parse_args()
    if args.code:
        sys.path.insert(0, args.code)
        print(json.dumps({g: asyncio.run(measure(g, args.moves)) for g in args.games.split(",")}))
        return
    sys.path.insert(0, str(ROOT))
    from benchmarks.checkout import checkout

    with checkout(args.old) as old:
        compare({f"old ({args.old})": old, "new": ROOT}, args)


def compare(codes: dict[str, Path], args: argparse.Namespace) -> None:
    """Each code's figures, from a child process run in it."""
    found = {}
    for name, code in codes.items():
        out = subprocess.run(
            [sys.executable, __file__, "--code", str(code), "--games", args.games]
            + ["--moves", str(args.moves)],
            cwd=code,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        found[name] = json.loads(out.splitlines()[-1])
    print("lines rendered a move, four sessions together; ms a move, four sessions together")
    for game in args.games.split(","):
        for name, results in found.items():
            r = results[game]
            widgets = ", ".join(f"{w} {n:.0f}" for w, n in r["lines"].items())
            print(
                f"{game:8} {name:14} {sum(r['lines'].values()):5.0f} lines "
                f"({r['asked']:5.0f} asked for, "
                f"compositor {r['ms']['compositor']:5.1f} ms, "
                f"refresh_view {r['ms']['refresh_view']:5.1f} ms): {widgets}"
            )


if __name__ == "__main__":
    main()
