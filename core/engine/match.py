"""A game in progress with its record: the one object a user interface or a server drives."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .record import Record


class Match:
    def __init__(self, game: str, players: Sequence[str], seed: int,
                 options: dict[str, Any] | None = None) -> None:
        from core.games import get_spec

        spec = get_spec(game)
        self.spec = spec
        self.state = spec.start(players, seed, options)
        self.record = Record(spec.slug, list(players), seed, spec.resolve_options(options))

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Continue a saved game; RecordError if it does not replay."""
        match = cls.__new__(cls)
        from core.games import get_spec

        match.spec = get_spec(record.game)
        match.state = record.replay()
        match.record = record
        return match

    def act(self, seat: int, action: Action, version: int | None = None,
            persist: Callable[[int, int, Action], None] | None = None) -> None:
        """Play `action` for `seat`. On an ActionError nothing changes and nothing is recorded.

        `persist(n, seat, action)` runs after the action proved legal and before it takes effect:
        a server commits it to disk there, and if that raises, the action does not happen.
        """
        nxt = self.state.apply(seat, action, version)
        if persist is not None:
            persist(len(self.record.actions), seat, action)
        self.state = nxt
        self.record.actions.append((seat, action))
