"""A game in progress with its record: the one object a user interface or a server drives."""

from __future__ import annotations

from typing import Any, Sequence

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
    def from_record(cls, record: Record) -> "Match":
        """Continue a saved game; RecordError if it does not replay."""
        match = cls.__new__(cls)
        from core.games import get_spec

        match.spec = get_spec(record.game)
        match.state = record.replay()
        match.record = record
        return match

    def act(self, seat: int, action: Action, version: int | None = None) -> None:
        """Play `action` for `seat`; on an ActionError nothing changes and nothing is recorded."""
        self.state.step(seat, action, version)
        self.record.actions.append((seat, action))
