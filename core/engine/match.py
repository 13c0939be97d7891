"""A game in progress with its record: the one object a user interface or a server drives."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from core.games import get_spec

from .actions import Action
from .record import Record


class Match:
    def __init__(
        self, game: str, players: Sequence[str], seed: int, options: dict[str, Any] | None = None
    ) -> None:
        spec = get_spec(game)
        self.spec = spec
        self.state = spec.start(players, seed, options)
        self.record = Record(spec.slug, list(players), seed, spec.resolve_options(options))
        self.continued_at: int | None = None  # the moves a save held, for a game continued
        self._settle()

    def _settle(self) -> None:
        """Nothing played so far can be taken back: remember the state as it stands."""
        self.settled = len(self.record.actions)
        self._settled_state = self.state.copy()

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Continue a saved game; RecordError if it does not replay."""
        match = cls.__new__(cls)
        match.spec = get_spec(record.game)
        match.state = record.replay()
        match.record = record
        match.continued_at = len(record.actions)
        match._settle()  # a game continued takes back nothing played before it was saved
        return match

    @property
    def settled_by_the_save(self) -> bool:
        """Whether what may not be taken back is held by the save this game was continued
        from (nothing since has shown what nobody knew), not by a die or a card."""
        return self.settled == self.continued_at

    def act(self, seat: int, action: Action, version: int | None = None) -> None:
        """Play `action` for `seat`. On an ActionError nothing changes and nothing is recorded."""
        self.advance(seat, action, self.state.apply(seat, action, version))

    def advance(self, seat: int, action: Action, after: Any) -> None:
        """Record `action`, which took the state to `after` (`state.apply`'s answer): a
        server applies a move first, to check it, and makes it once it is saved."""
        revealing = after.revealed != self.state.revealed
        self.state = after
        self.record.actions.append((seat, action))
        if revealing:
            self._settle()

    def assist(self) -> None:
        """Note that a player was helped (a hint, a move taken back): the game counts in no
        record of wins."""
        self.record.assisted = True

    # -- taking a move back (a game on one computer) ------------------------------------------

    def take_back_point(self, seat: int, along: Collection[int] = ()) -> int | None:
        """How many actions stay in the record if `seat` takes back its last one, with every
        action after it, which must all be by seats in `along` (bots); None when it may not.

        Nothing is taken back past an action that showed what nobody knew (a die, a card), so
        taking back never lets a player see the future and choose again."""
        actions = self.record.actions
        for n in range(len(actions) - 1, self.settled - 1, -1):
            actor = actions[n][0]
            if actor == seat:
                return n
            if actor not in along:
                return None
        return None

    def take_back(self, seat: int, along: Collection[int] = ()) -> list[tuple[int, Action]]:
        """Take back `seat`'s last action and those after it (see `take_back_point`); returns
        them, oldest first. ValueError if there is none it may take back."""
        keep = self.take_back_point(seat, along)
        if keep is None:
            raise ValueError("there is no move of yours to take back")
        taken = self.record.actions[keep:]
        self.assist()
        state = self._settled_state.copy()
        for actor, action in self.record.actions[self.settled : keep]:
            state.step(actor, action)
        self.state = state
        del self.record.actions[keep:]
        return taken
