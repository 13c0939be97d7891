"""How quickly the terminal app shows up and keeps up.

    .venv/bin/python benchmarks/tui_speed.py [--runs 5] [--game bigshot|army]

1. Launch to first frame: `boomtown play GAME` started in a pseudo-terminal (120x40), timed
   until the Board panel has been written to the terminal; and `boomtown` to its title screen
   (until its game list has been written).
2. Redraw after a bot move: in a headless app at 120x40, a bot's move is applied and the screen
   refreshed; timed until Textual runs its after-refresh callback (the frame has been drawn).
3. Opening a form: the SSH lobby's new-table dialog and the local setup screen, each pushed in a
   headless app at 120x40 and timed until their first frame has been drawn. Over SSH this runs
   on the event loop every session shares.
"""

import argparse
import asyncio
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from fcntl import ioctl
from termios import TIOCSWINSZ


def first_frame_seconds(arguments: list[str], drawn: bytes) -> float:
    leader, follower = pty.openpty()
    ioctl(follower, TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", BOOMTOWN_DATA_DIR=tempfile.mkdtemp())
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "boomtown.cli", *arguments],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    seen = b""
    try:
        while drawn not in seen:
            ready, _, _ = select.select([leader], [], [], 10)
            if not ready:
                raise RuntimeError("no frame within 10 s")
            seen += os.read(leader, 65536)
        return time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()
        os.close(leader)
        os.close(follower)


async def redraw_seconds(game: str, moves: int) -> list[float]:
    from tui.demo import app_for, table_at

    table = table_at(seed=4, humans=0, game=game)
    app = app_for(table)
    app.pace = 3600  # the benchmark moves the bots itself
    timings = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(moves):
            seat = table.bot_to_move()
            if seat is None:
                break
            version, action = table.bot_choice(seat)
            table.act(seat, action, version)
            drawn = asyncio.get_running_loop().create_future()
            start = time.perf_counter()
            screen.refresh_view()
            app.call_after_refresh(lambda d=drawn: d.done() or d.set_result(None))
            await drawn
            timings.append(time.perf_counter() - start)
            await pilot.pause()
    return timings


async def form_seconds(opens: int) -> dict[str, list[float]]:
    from pathlib import Path

    import tui
    from core.games import get_spec
    from net.screens.lobby import NewTableScreen
    from tui.base import BaseApp
    from tui.screens.setup import SetupScreen

    class Forms(BaseApp):
        CSS_PATH = Path(tui.__file__).parent / "app.tcss"

    forms = {
        "new-table dialog": NewTableScreen,
        "army setup screen": lambda: SetupScreen(get_spec("army")),
    }
    timings: dict[str, list[float]] = {name: [] for name in forms}
    app = Forms()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(opens):
            for name, form in forms.items():
                drawn = asyncio.get_running_loop().create_future()
                start = time.perf_counter()
                await app.push_screen(form())
                app.screen.call_after_refresh(lambda d=drawn: d.done() or d.set_result(None))
                await drawn
                timings[name].append(time.perf_counter() - start)
                await app.pop_screen()
                await pilot.pause()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description="terminal app timings")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--game", default="bigshot", choices=("bigshot", "army"))
    args = parser.parse_args()
    play = ["play", args.game, "--seed", "1", "--pace", "5"]
    for name, arguments, drawn in (
        (f"boomtown play {args.game}", play, b"Board"),
        ("boomtown (title screen)", [], b"New game of"),
    ):
        launches = [first_frame_seconds(arguments, drawn) for _ in range(args.runs)]
        print(
            f"launch to first frame, {name}: median {statistics.median(launches) * 1000:.0f} "
            f"ms (min {min(launches) * 1000:.0f}, max {max(launches) * 1000:.0f}, "
            f"{args.runs} runs)"
        )
    redraws = sorted(asyncio.run(redraw_seconds(args.game, 120)))
    p50 = redraws[len(redraws) // 2] * 1000
    p95 = redraws[int(len(redraws) * 0.95)] * 1000
    print(f"redraw after a bot move: p50 {p50:.1f} ms, p95 {p95:.1f} ms ({len(redraws)} moves)")
    for name, opens in asyncio.run(form_seconds(15)).items():
        print(
            f"open the {name} to its first frame: median "
            f"{statistics.median(opens) * 1000:.0f} ms (min {min(opens) * 1000:.0f}, "
            f"max {max(opens) * 1000:.0f}, {len(opens)} opens)"
        )


if __name__ == "__main__":
    main()
