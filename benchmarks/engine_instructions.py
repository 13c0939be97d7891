"""How much work a game is, in machine instructions: a yardstick that a busy machine does not bend.

    python benchmarks/engine_instructions.py [--games N] [GAME:BOTS ...]

Timings on a shared machine move by a fifth from one run to the next; the instructions a game
takes do not (valgrind's callgrind counts them; the same count twice, whatever else runs). Each
GAME:BOTS (default: every game with random and with heuristic bots) is played N times through
`core.engine.bots.play_out`, 4 players, the simulator's options, in a child process under
callgrind, and once with no game at all; the difference over N is what one game takes. A change
meant to make the rules faster is measured by this before and after (`engine_speed.py` gives
the games per second it comes to). Needs valgrind (Debian's package).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = (
    "bigshot:random",
    "bigshot:heuristic",
    "army:random",
    "army:heuristic",
    "stadium:random",
    "stadium:heuristic",
    "million:random",
    "million:heuristic",
)
GAMES = {"bigshot": 50, "army": 5, "stadium": 5, "million": 10}  # games a run, longer games fewer

PLAY = """
import sys
sys.path.insert(0, {root!r})
from core.games import get_spec
from core.engine.bots import play_out
spec = get_spec({game!r})
options = spec.resolve_options(spec.sim_options)
for index in range({games}):
    state = spec.start(["a", "b", "c", "d"], index, options)
    play_out(state, [spec.bots[{bots!r}](index * 31 + seat) for seat in range(4)])
"""


def instructions(game: str, bots: str, games: int) -> int:
    """Instructions callgrind counts for a child process that plays `games` games."""
    code = PLAY.format(root=str(ROOT), game=game, bots=bots, games=games)
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if not found:
        raise RuntimeError(f"callgrind printed no count: {done.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", default=DEFAULT, metavar="GAME:BOTS")
    parser.add_argument(
        "--games",
        type=int,
        help="games a run (default: 50 Big Shot, 10 Million, 5 Army or Stadium)",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed: apt-get install valgrind")
    print(f"{'game':<8} {'bots':<10} {'games':>5} {'instructions a game':>20}")
    no_game: dict[str, int] = {}  # starting Python and importing the game's rules
    for run in args.runs:
        game, bots = run.split(":")
        games = args.games or GAMES[game]
        if game not in no_game:
            no_game[game] = instructions(game, bots, 0)
        per_game = (instructions(game, bots, games) - no_game[game]) // games
        print(f"{game:<8} {bots:<10} {games:>5} {per_game:>20,}")


if __name__ == "__main__":
    main()
