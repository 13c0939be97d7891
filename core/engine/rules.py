"""Which rule plays which action, by the action's type: a game's `Rules`, filled by
`@rules.plays(A.Roll)` written on each rule (or `rules.add` for the kit's own rules, such as
`bidding.do_Bid`), so that the type checker sees every rule's signature and "find usages" on
an action finds the rule that plays it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .actions import Action

S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)
Rule = Callable[[S, int, A], None]  # plays `A` for the seat, changing the state


class Rules(Generic[S]):
    """One game's rules, by the type of action each plays."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._rules: dict[type[Action], Callable[[S, int, Any], None]] = {}

    def plays(self, kind: type[A]) -> Callable[[Rule[S, A]], Rule[S, A]]:
        """A decorator: the rule it decorates plays `kind`."""

        def register(rule: Rule[S, A]) -> Rule[S, A]:
            self.add(kind, rule)
            return rule

        return register

    def add(self, kind: type[A], rule: Rule[S, A]) -> None:
        if kind in self._rules:
            raise TypeError(f"{self.game}: two rules play {kind.__name__}")
        self._rules[kind] = rule

    def play(self, state: S, seat: int, action: Action) -> None:
        """Play `action` for `seat` by its rule; TypeError if the game has none for its kind."""
        try:
            rule = self._rules[type(action)]
        except KeyError:
            raise TypeError(f"{self.game} has no rule playing {type(action).__name__}") from None
        rule(state, seat, action)

    def kinds(self) -> frozenset[type[Action]]:
        """The kinds of action these rules play."""
        return frozenset(self._rules)
