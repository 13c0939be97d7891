"""Whether a change to the rules or the bots leaves the games as they were: a fingerprint of
seeded games for every game, bot kind, number of players and the variants that change play.

    python benchmarks/game_fingerprints.py > before.txt      # before the change
    python benchmarks/game_fingerprints.py --compare before.txt   # after it

A fingerprint is a hash of each game's actions count, events, payments and result, over a set
of seeds played through `core.sim.play_one` (the path `boomtown sim` takes). `--compare` prints
the sets whose games changed and exits 1 if any did. The speed work on the rules keeps these
the same; a change that means to play differently says so, and why, in its commit.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.games import SLUGS, get_spec  # noqa: E402
from core.sim import play_one  # noqa: E402

SEEDS = {"bigshot": 40, "army": 20, "stadium": 6, "million": 10}  # games per set
VARIANTS = {
    "bigshot": ({}, {"hidden_money": True}, {"loan_timing": "when_short"}),
    "army": ({}, {"short_game": True}),
}  # options that change how a game plays


def fingerprints(slug: str):
    """(label, digest) for each set of `slug`'s seeded games."""
    spec = get_spec(slug)
    for bots in ("random", "heuristic"):
        for players in sorted({spec.min_players, 3, 4}):
            for variant in VARIANTS.get(slug, ({},)):
                options = spec.resolve_options({**spec.sim_options, **variant})
                digest = hashlib.sha256()
                for seed in range(SEEDS.get(slug, 10)):
                    names = [f"p{i}" for i in range(players)]
                    state, actions = play_one(spec, names, [bots] * players, seed, options)
                    digest.update(
                        repr(
                            (
                                actions,
                                [tuple(e) for e in state.events],
                                [tuple(t) for t in state.ledger.entries],
                                state.result(),
                            )
                        ).encode()
                    )
                label = " ".join(
                    [slug, bots, f"{players}p", *(f"{k}={v}" for k, v in variant.items())]
                )
                yield label, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="FILE",
        help="an earlier run's output: print the sets that changed",
    )
    parser.add_argument("--games", default=",".join(SLUGS), help="comma-separated slugs")
    args = parser.parse_args()
    before = {}
    if args.compare:
        for line in args.compare.read_text().splitlines():
            label, _, digest = line.rpartition(" ")
            before[label] = digest
    changed = 0
    for slug in args.games.split(","):
        for label, digest in fingerprints(slug):
            if args.compare:
                if before.get(label) != digest:
                    changed += 1
                    print(f"changed: {label}", flush=True)
            else:
                print(label, digest, flush=True)
    if args.compare:
        print("the same games" if not changed else f"{changed} sets of games changed")
        sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
