"""Each person's rating at a game: OpenSkill's Plackett-Luce model (the `openskill` package,
Weng and Lin's Bayesian approximation) over a finished game's finishing order.

A rating is a belief about a player's skill: `mu`, its mean, and `sigma`, how unsure it is
(25 and 8.33 for a newcomer, as the package starts everyone). Bots take part as fixed players
of their kind: their ratings below are set, never updated, so that beating bots counts for as
much as they are worth, and no more. A leaderboard ranks by `ordinal` (mu - 3 sigma), so that a
newcomer's lucky first win does not put them first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from core.engine.game import Result

MODEL = PlackettLuce()
# chosen, not measured: a kind's strength against the others (manual: "How strong the bots are")
BOT_RATINGS = {"random": (15.0, 1.0), "heuristic": (25.0, 1.0), "search": (28.0, 1.0)}


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0  # rated games played
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """What a leaderboard ranks by: a skill the player has with near certainty."""
        return self.mu - 3 * self.sigma


NEW = Rating()


@dataclass(frozen=True)
class Player:
    """A seat of a finished game as ratings see it: a person by name, or a bot of a kind."""

    name: str
    bot_kind: str | None = None  # None: a person


def finishing_ranks(result: Result) -> list[int]:
    """Each seat's place, 1 first: the winners, then the others by their scores, equal scores
    sharing a place."""
    others = sorted(
        {s for i, s in enumerate(result.scores) if i not in result.winners}, reverse=True
    )
    place = {score: 2 + others.index(score) for score in others}
    return [
        1 if seat in result.winners else place[score] for seat, score in enumerate(result.scores)
    ]


def rate(
    players: Sequence[Player], result: Result, before: Mapping[str, Rating]
) -> dict[str, Rating]:
    """The people's ratings after the game that came out as `result`, from theirs `before`
    (a person without one starts as NEW); the bots' stay as they are."""
    teams = [
        [MODEL.rating(*BOT_RATINGS.get(p.bot_kind, BOT_RATINGS["heuristic"]))]
        if p.bot_kind is not None
        else [MODEL.rating(before.get(p.name, NEW).mu, before.get(p.name, NEW).sigma)]
        for p in players
    ]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in finishing_ranks(result)])
    rated = {}
    for seat, (player, (new,)) in enumerate(zip(players, after)):
        if player.bot_kind is None:
            old = before.get(player.name, NEW)
            rated[player.name] = Rating(
                new.mu, new.sigma, old.games + 1, old.wins + (seat in result.winners)
            )
    return rated


class RatingChanges:
    """The people's ratings before and after a finished game, as the server works them out
    (`arrived`), with listeners told when they come; `unrated` for a game that changes none."""

    def __init__(self, unrated: str = "") -> None:
        self.unrated = unrated  # why the game changes no rating ("" if it does)
        self.changes: dict[str, tuple[Rating, Rating]] | None = None
        self._listeners: list[Callable[[], None]] = []

    def arrived(self, changes: dict[str, tuple[Rating, Rating]]) -> None:
        self.changes = changes
        for listener in list(self._listeners):
            listener()
        self._listeners.clear()

    def listen(self, listener: Callable[[], None]) -> None:
        if self.changes is None:
            self._listeners.append(listener)

    def forget(self, listener: Callable[[], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def sentence(self, game: str) -> str:
        """The changes in words, as the end screen gives them."""
        if self.unrated:
            return self.unrated
        if self.changes is None:
            return f"Ratings at {game}: being worked out…"
        return f"Ratings at {game}: " + ", ".join(
            f"{name} {old.mu:.1f} → {new.mu:.1f}" for name, (old, new) in self.changes.items()
        )
