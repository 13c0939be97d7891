"""A table: who sits in each seat (a person or a bot) and the game they play.

Nothing here imports Textual: screens ask a table for views and hand it actions. `LocalTable`
is a game on this computer; the SSH host provides another kind with the same methods.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from core.engine.actions import Action
from core.engine.game import GameSpec, GameState
from core.engine.match import Match
from core.engine.replay import Replay
from core.engine.search import Weighing, within_thinking_time
from core.engine.views import TableView
from core.games import get_spec

HUMAN = "human"
HINT_SECONDS: float | None = 1.0  # a hint's search, at most (None: its count of playouts)

log = logging.getLogger("boomtown")

# Seconds a bot's move stays on screen before the next, at one computer and at a host's tables:
# with three bots, a round of Big Shot waits 6 s for them, Army 4, Stadium 5, Million 4 (at 0.8
# s it was 6.6 to 9.5 s, and an Army game of 58 rounds spent over 6 minutes on them)
BOT_PACE = 0.5


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human", or a bot kind of the game ("random", "heuristic", ...)

    @property
    def is_bot(self) -> bool:
        return self.kind != HUMAN


def hint(game: str, view: Any, seed: int) -> Weighing | Action:
    """What a hint says a seat seeing `view` should play: the game's search bot's weighing,
    within HINT_SECONDS (its draws from `seed`), or where there was nothing to weigh, the move
    it plays without weighing. A second of work: off the event loop (`game` names it, so
    that a worker process can be sent it)."""
    searching = within_thinking_time(get_spec(game).bots["search"](seed), HINT_SECONDS)
    found: Weighing | Action = searching.weigh(view, view.legal)
    return found


def hint_seed(match: Match) -> int:
    """What a hint at the game's position draws from: the same hint for the same position."""
    return match.record.seed * 31 + len(match.record.actions)


def bot_kinds(spec: GameSpec) -> list[tuple[str, str]]:
    """The kinds of bot a game has, as a chooser lists them: (label, kind), the heuristic
    bot first."""
    kinds = sorted(spec.bots, key=lambda kind: kind != "heuristic")
    return [(f"{kind.capitalize()} bot", kind) for kind in kinds]


V_co = TypeVar("V_co", bound=TableView, covariant=True)


class Table(Protocol[V_co]):
    """What a table screen needs from a table whose views are `V_co`s."""

    hints: bool  # whether `hint` may be asked (not where people play people)
    played: bool  # whether moves are made here (not in a replay): a bot to move thinks

    @property
    def seats(self) -> list[Seat]:
        """Who sits in each seat."""

    def view(self, seat: int | None) -> V_co: ...

    def actor(self) -> int | None: ...

    def is_over(self) -> bool: ...

    def act(self, seat: int, action: Action, version: int | None = None) -> None: ...

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """Why `seat` may not play `action` now, or None if it may (the game's own words)."""

    def why_none(self, seat: int, kind: type[Action]) -> str | None:
        """Why `seat` can make no move of `kind` now, where the game says (its own words)."""

    def bot_to_move(self) -> int | None:
        """A bot seat the screen itself must move now (None where someone else moves bots)."""

    def can_take_back(self, seat: int) -> bool:
        """Whether `seat` may take back its last move now (never at a shared table)."""

    def replayable(self) -> Replay | None:
        """The finished game's replay (None: no replay offered)."""

    def take_back(self, seat: int) -> list[tuple[int, Action]]:
        """Take back `seat`'s last move and the bots' replies to it; returns them, oldest
        first (ValueError when `can_take_back` says no)."""

    async def hint(self, seat: int) -> Weighing | Action:
        """What a bot would play in `seat`'s place, from that seat's view: how the game's
        search bot weighed the moves worth weighing, or the move it plays unweighed; worked out
        off the event loop. ValueError: why there is none now."""

    @property
    def assisted(self) -> bool:
        """Whether moves were taken back or hints asked: the game counts in no record of wins."""


class LocalTable:
    hints = played = True

    def __init__(self, match: Match, seats: Sequence[Seat]) -> None:
        self.match = match
        self.seats = list(seats)
        seed = match.record.seed
        self.bots = {  # a person waits for them: a search bot thinks within a time
            i: within_thinking_time(match.spec.bots[s.kind](seed * 31 + i))
            for i, s in enumerate(seats)
            if s.is_bot
        }

    @classmethod
    def new(
        cls, game: str, seats: Sequence[Seat], seed: int, options: dict[str, Any] | None = None
    ) -> LocalTable:
        return cls(Match(game, [s.name for s in seats], seed, options), seats)

    @property
    def state(self) -> GameState:
        return self.match.state

    def view(self, seat: int | None) -> Any:
        return self.state.view(seat)

    def actor(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        return self.state.actor()

    def is_over(self) -> bool:
        return self.state.is_over()

    def bot_to_move(self) -> int | None:
        seat = self.actor()
        return seat if seat is not None and self.seats[seat].is_bot else None

    def bot_choice(self, seat: int) -> tuple[int, Action]:
        """The bot's action and the state version it was chosen for (safe to run in a thread).

        A bot that fails, or chooses what the rules refuse, plays the first legal action
        instead (and the failure is logged): a bot's bug never ends a person's game."""
        state = self.state
        view = state.view(seat)
        legal = view.legal  # the view's own list: the legal actions are worked out once
        try:
            action = self.bots[seat].choose(view, legal)
        except Exception:
            log.exception("the bot in seat %d failed to choose", seat + 1)
            return state.version, legal[0]
        if state.why_illegal(seat, action) is not None:
            log.error("the bot in seat %d chose an illegal action: %s", seat + 1, action)
            return state.version, legal[0]
        return state.version, action

    def act(self, seat: int, action: Action, version: int | None = None) -> None:
        self.match.act(seat, action, version)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return self.state.why_illegal(seat, action)

    def why_none(self, seat: int, kind: type[Action]) -> str | None:
        return self.state.why_none(seat, kind)

    def can_take_back(self, seat: int) -> bool:
        return self.match.take_back_point(seat, self.bots) is not None

    def replayable(self) -> Replay:
        return Replay(self.match.record)

    def take_back(self, seat: int) -> list[tuple[int, Action]]:
        return self.match.take_back(seat, self.bots)

    @property
    def assisted(self) -> bool:
        return self.match.record.assisted

    async def hint(self, seat: int) -> Weighing | Action:
        self.match.assist()
        view, seed = self.view(seat), hint_seed(self.match)
        return await asyncio.to_thread(hint, self.match.spec.slug, view, seed)
