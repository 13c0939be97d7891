"""A game's record: its setup and every action, saved as JSON and replayed to the same state."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.games import get_spec

from .actions import Action
from .errors import ActionError
from .findings import Analysis

if TYPE_CHECKING:
    from .game import GameState

FORMAT = 1


class RecordError(Exception):
    """A saved game that cannot be read or does not replay; the message says why."""


@dataclass
class Record:
    game: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, Action]] = field(default_factory=list)
    # moves were taken back or hints asked: the game counts in no record of wins
    assisted: bool = False
    analysis: Analysis | None = None  # the finished game's, once worked out

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [[seat, action.to_json()] for seat, action in self.actions],
            **({"assisted": True} if self.assisted else {}),
            **({"analysis": self.analysis.to_json()} if self.analysis else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        try:
            if data.get("format") != FORMAT:
                raise RecordError(f"unknown save format {data.get('format')!r}")
            spec = get_spec(data["game"])
            players = [str(p) for p in data["players"]]
            seed = int(data["seed"])
            options = spec.resolve_options(dict(data["options"]))
            actions = [(int(seat), spec.codec.decode(a)) for seat, a in data["actions"]]
            assisted = data.get("assisted", False) is True
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"not a Boomtown saved game: {exc}") from None
        return cls(spec.slug, players, seed, options, actions, assisted, _analysis(data, players))

    @classmethod
    def load(cls, path: Path) -> Record:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordError(f"cannot read {path}: {exc}") from None
        return cls.from_json(data)

    def replay(self, visit: Callable[[int, Any], None] | None = None) -> GameState:
        """The state this record leads to; RecordError if an action no longer applies.
        `visit(n, state)` sees the state after each number of actions n, from 0 on."""
        state = get_spec(self.game).start(self.players, self.seed, self.options)
        if visit:
            visit(0, state)
        for n, (seat, action) in enumerate(self.actions):
            try:
                state.step(seat, action)
            except ActionError as exc:
                raise RecordError(f"action {n + 1} ({action}) does not apply: {exc}") from None
            if visit:
                visit(n + 1, state)
        return state


def _analysis(data: dict[str, Any], players: list[str]) -> Analysis | None:
    """The analysis kept with a record; None if there is none, or none that fits the game (it
    is then worked out again: a broken analysis never costs the game its record)."""
    if "analysis" not in data:
        return None
    try:
        return Analysis.from_json(data["analysis"], len(players))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
