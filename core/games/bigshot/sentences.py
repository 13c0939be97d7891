"""Big Shot's events: each kind's fields and how it reads in the log."""

from core.engine.events import Sentences

from .board import COLOURS, Cubes


def _cubes(counts: Cubes) -> str:
    """Cube counts by colour: "2 red, 1 yellow"."""
    return ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(counts) if n)


SENTENCES = Sentences(
    {
        "takes-loan": (("colour", "payout", "debt"), "{} takes a loan: +{}, debt {}."),
        "places": (("player", "colour", "lot"), "{} places a {} cube on {}."),
        "lot-to-nobody": (
            ("lot", "cubes"),
            lambda lot, cubes: f"{lot} goes to nobody: {_cubes(cubes)}.",
        ),
        "lot-won": (
            ("lot", "owner", "cubes"),
            lambda lot, owner, cubes: f"{lot} goes to {owner}: {_cubes(cubes)}.",
        ),
        "game-over": (("outcome",), "{}"),
        "starts": (("player", "space"), "{} starts; the broker stands on space {}."),
        "rolls": (
            ("player", "pips", "space", "cubes"),
            lambda player, pips, space, cubes: (
                f"{player} rolls {pips}: the broker moves to space {space} ({_cubes(cubes)})."
            ),
        ),
        "buys-cubes": (("colour", "price"), "{} buys the cubes for {}."),
        "bids": (("player", "amount"), "{} bids {}."),
        "cubes-free": (("player",), "Nobody bids: {} takes the cubes free."),
        "passes": (("player",), "{} passes."),
    }
)
