"""What a move would cost the SSH host if one drawing of a table served its four people: the
ceiling of any shared frame, measured against what a move costs now.

    .venv/bin/python benchmarks/sharing_ceiling.py [--old REV] [--games bigshot,army,...]
        [--moves 40] [--rounds 2]

One table of four people, each over SSH at 120x40, is played in a server process of its own
(heuristic bots choose the moves, not counted, and they are made through the host at a
steady pace). Its CPU per move is measured five ways, alternating, in one run, for `--old`'s
code (checked out by benchmarks/checkout.py) and this one's, each way's figure also given as a
share of the old code's every app drawing (what issue 72's "a third of the old" is measured
against):

- **every app draws**: each person's app shows each move, as the host does;
- **one app draws**: only the first person's app shows the moves; the other three skip them
  (their screens go stale). That is what a move would cost if one frame of the table served all
  four and nothing of anyone's own had to be drawn, so no design that shares the drawing of a
  table among its people does better than this;
- **one app draws, the others their own lines**: as the second, but the other three redraw their
  status line and key bar (the two lines that differ between players who are not to move), by
  Textual as now: what each seat's own lines would add to one shared frame.
- **one app draws, the others their own panels**: as the second, but the other three work out
  and draw all but the board, the ledger and the log (the status line, the turn panel with its
  controls, the key bar), the seat to move among them: what a design would cost in which one
  frame of the table draws what is everyone's and each person's app draws only its own panels
  beside it (the frame's bytes sent to each, and a seat's own marks on the board, aside).
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
        left: set[str] = set()  # players whose screens no longer draw the shared panels

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
            elif mode == "panels":
                if app.player not in left:
                    leave_shared_panels(app.screen)
                    left.add(app.player)
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


def leave_shared_panels(screen) -> None:
    """The board, the ledger and the log of `screen` are no longer worked out or painted: a
    shared frame would draw them."""
    for panel in screen.query(",".join(f"#{name}" for name in SHARED_PANELS)):
        panel.show = panel.write_lines = lambda *args: None


SHARED_PANELS = {"board", "ledger", "log"}  # what a shared frame would draw for everyone


def own_lines(screen) -> None:
    """What is a seat's own at a table: its status line and its key bar, from its view now."""
    from tui.widgets.panel import TextPanel

    screen.place.look()
    screen.query_one("#status", TextPanel).show_text(screen.status_line())
    screen._refresh_keys()


async def measure(code: Path, mode: str, game: str, moves: int) -> dict:
    """One server's CPU per move, of the code in `code`, its four people connected from here."""
    from tests.net.harness import connect

    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--code",
        str(code),
        "--serve",
        mode,
        "--games",
        game,
        "--moves",
        str(moves),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=code,
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
    parser.add_argument("--old", default="HEAD", help="the commit to compare with (HEAD)")
    parser.add_argument("--games", default="bigshot,army,stadium,million")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2, help="runs of each way, alternating")
    parser.add_argument("--code", help=argparse.SUPPRESS)  # the server's code (a child's)
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # the server's side, and its way
    args = parser.parse_args()
    if args.serve:
        sys.path.insert(0, args.code)
        asyncio.run(serve(args.serve, args.games, args.moves))
        return
    from benchmarks.checkout import checkout

    print(
        "one table of four over SSH; server CPU per move, ms (each round's figures; "
        "in brackets, the share of the old code's every app drawing)"
    )
    with checkout(args.old) as old:
        codes = {f"old ({args.old})": old, "new": ROOT}
        for game in args.games.split(","):
            found: dict[str, dict[str, list[float]]] = {
                name: {mode: [] for mode in MODES} for name in codes
            }
            for _ in range(args.rounds):
                for name, code in codes.items():
                    for mode, figures in found[name].items():
                        figures.append(asyncio.run(measure(code, mode, game, args.moves))["ms"])
            medians = {
                name: {mode: statistics.median(figures) for mode, figures in ways.items()}
                for name, ways in found.items()
            }
            base = medians[f"old ({args.old})"]["every"]
            for name, ways in found.items():
                print(
                    f"{game:8} {name:14} "
                    + "   ".join(
                        f"{label} {medians[name][mode]:5.1f} ({rounds(ways[mode])}; "
                        f"{medians[name][mode] / base:.2f})"
                        for mode, label in MODES.items()
                    )
                )


MODES = {  # the ways a move is drawn, and what each is called in the figures
    "every": "every app draws",
    "one": "one",
    "own": "one + own lines",
    "panels": "one + own panels",
    "follow": "followers",
}


def rounds(figures: list[float]) -> str:
    return ", ".join(f"{figure:.1f}" for figure in figures)


if __name__ == "__main__":
    main()
