"""The `boomtown` command."""

from __future__ import annotations

import argparse
import json
import sys

from core.games import GAMES, get_spec


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option takes name=value, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boomtown", description="Property-trading board games "
                                     "in the terminal.")
    commands = parser.add_subparsers(dest="command")
    sim = commands.add_parser("sim", help="play many seeded games between bots, headless")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int)
    sim.add_argument("--bots", default="random", help="comma-separated bot kinds, one per seat "
                     "(or one for all)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    return parser


def run_sim(args: argparse.Namespace) -> int:
    from core.sim import simulate

    spec = get_spec(args.game)
    progress = None
    if sys.stderr.isatty():
        def progress(done: int) -> None:
            sys.stderr.write(f"\r{done}/{args.games} games")
            if done == args.games:
                sys.stderr.write("\n")
    summary = simulate(spec, args.games, seed=args.seed, players=args.players,
                       bots=args.bots.split(","), options=_options(args.option),
                       progress=progress)
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>14}: {value}")
    return 1 if summary["errors"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "sim":
            return run_sim(args)
    except ValueError as exc:
        parser.exit(2, f"boomtown: {exc}\n")
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
