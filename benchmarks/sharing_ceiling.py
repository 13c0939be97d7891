"""What a move would cost the SSH host if one drawing of a table served its four people: the
ceiling of any shared frame, measured against what a move costs now.

    .venv/bin/python benchmarks/sharing_ceiling.py [--games bigshot,army,...] [--moves 40]
        [--rounds 2]

One table of four people, each over SSH at 120x40, is played in a server process of its own
(heuristic bots choose the moves, not counted, and they are made through the host at a
steady pace). Its CPU per move is measured four ways, alternating, in one run:

- **every app draws**: each person's app shows each move, as the host does;
- **one app draws**: only the first person's app shows the moves; the other three skip them
  (their screens go stale). That is what a move would cost if one frame of the table served all
  four and nothing of anyone's own had to be drawn, so no design that shares the drawing of a
  table among its people does better than this;
- **one app draws, the others their own lines**: as the second, but the other three redraw their
  status line and key bar (the two lines that differ between players who are not to move), by
  Textual as now: what each seat's own lines would add to one shared frame.
- **players not to move follow one frame**: a spectator watches (its shared app, drawing every
  move, stands for one frame drawn for the players not to move), and each player's app draws
  only while its seat is to move, its whole screen once it comes to move (its terminal showed
  the shared frame till then). What a design sharing one frame among the players who are not
  to move would cost, before the bytes sent to each.

The clients run in this process, and after the first frame they only read.
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

NAMES = ["ann", "ben", "cat", "dan"]
PACE_SECONDS = 0.08  # between moves: several times what the four screens take to draw one
WARM_MOVES = 5  # made before measuring: the first moves draw caches' first entries


async def serve(mode: str, game: str, moves: int) -> None:
    """The server's side, in a process of its own: made, seated, then played at a pace."""
    from core.games import get_spec
    from net.screens import app as session_app
    from tests.net.harness import start_server, table_with

    server, port = await start_server(Path(tempfile.mkdtemp()))
    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    print(port, flush=True)
    await stdin.readline()  # the four are in the lobby
    table = await table_with(server, NAMES, bots=0, game=game, seed=5)
    print("seated", flush=True)
    await stdin.readline()  # the four see the table
    if mode != "every":
        every = session_app.refresh_table_screen

        to_move: dict[str, bool] = {}  # by player: whether their seat was to move

        def as_the_mode_draws(app) -> None:
            if mode == "follow":
                moving = NAMES.index(app.player) in table.match.state.to_act()
                if moving and not to_move.get(app.player):
                    app.refresh(repaint=True, layout=True)  # its terminal showed the shared frame
                if moving:
                    every(app)
                to_move[app.player] = moving
            elif app.player == NAMES[0]:
                every(app)
            elif mode == "own":
                own_lines(app.screen)

        session_app.refresh_table_screen = as_the_mode_draws
    bot = get_spec(game).bots["heuristic"](1)
    made, started, choosing = 0, 0.0, 0.0  # the bot's choosing is the benchmark's, not a move's
    for n in range(WARM_MOVES + moves):
        if n == WARM_MOVES:
            started, made, choosing = time.process_time(), 0, 0.0
        state = table.match.state
        if state.is_over():
            break
        seat = state.to_act()[0]
        chose = time.process_time()
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        choosing += time.process_time() - chose
        await server.host.act(table.id, NAMES[seat], action)
        made += 1
        await asyncio.sleep(PACE_SECONDS)
    spent = time.process_time() - started - choosing
    print(json.dumps({"moves": made, "ms": spent * 1000 / max(1, made)}), flush=True)
    await server.stop()


def own_lines(screen) -> None:
    """What is a seat's own at a table: its status line and its key bar, from its view now."""
    from tui.widgets.panel import TextPanel

    screen.place.look()
    screen.query_one("#status", TextPanel).show_text(screen.status_line())
    screen._refresh_keys()


async def measure(mode: str, game: str, moves: int) -> dict:
    """One server's CPU per move, its four people connected from here."""
    from tests.net.harness import connect

    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        mode,
        "--games",
        game,
        "--moves",
        str(moves),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert child.stdin is not None and child.stdout is not None
    port = int(await child.stdout.readline())
    people = [await connect(port, name) for name in NAMES]
    for person, name in zip(people, NAMES):
        await person.wait_for(f"You are {name}")
    child.stdin.write(b"seat\n")
    await child.stdout.readline()
    if mode == "follow":  # a spectator's shared app draws the frame the others follow
        watcher = await connect(port, "eve")
        await watcher.wait_for("You are eve")
        await watcher.press("w")
        people.append(watcher)
    for person in people:  # from now on their screens are not looked at, so not drawn
        await person.wait_for("Ledger")
    child.stdin.write(b"go\n")
    result = json.loads(await child.stdout.readline())
    await child.wait()
    for person in people:
        await person.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description="A move's CPU: every app drawing, or one")
    parser.add_argument("--games", default="bigshot,army,stadium,million")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2, help="runs of each way, alternating")
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # the server's side, and its way
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve, args.games, args.moves))
        return
    print("one table of four over SSH; server CPU per move, ms (each round's figures)")
    for game in args.games.split(","):
        found: dict[str, list[float]] = {"every": [], "one": [], "own": [], "follow": []}
        for _ in range(args.rounds):
            for mode, figures in found.items():
                figures.append(asyncio.run(measure(mode, game, args.moves))["ms"])
        every, one, own, follow = (statistics.median(figures) for figures in found.values())
        print(
            f"{game:8} every app draws {every:5.1f} ({rounds(found['every'])})   "
            f"one {one:5.1f} ({rounds(found['one'])}, {one / every:.2f} of every)   "
            f"one + own lines {own:5.1f} ({rounds(found['own'])}, {own / every:.2f})   "
            f"followers {follow:5.1f} ({rounds(found['follow'])}, {follow / every:.2f})"
        )


def rounds(figures: list[float]) -> str:
    return ", ".join(f"{figure:.1f}" for figure in figures)


if __name__ == "__main__":
    main()
