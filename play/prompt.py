"""What a seat is asked, and the controls that answer it, derived from a view's legal actions.

A game declares its `Prompts` once (`play.games`): what each phase asks in words, and its
controls, each a suggested key, the key bar's label, the panel's words and what it sends. A
front end binds its keys from the controls and asks `Prompts.of(view)` which are open now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from core.engine.actions import Action

Words = str | Callable[[Any], str]  # fixed words, or words that depend on the view


@dataclass(frozen=True)
class Control:
    """One way to answer: pressing `key` (labelled `label` on the key bar) sends `sends`, the
    legal action of that kind or that one action; an `aimed` control is a template whose
    target the front end supplies (the square or business under a cursor). `words`, when
    given, are what the turn panel calls it among the keys it suggests."""

    key: str
    label: str
    sends: type[Action] | Action
    words: Words = ""
    shown: bool = True  # listed on the key bar
    aimed: bool = False
    nth: int = 0  # of the legal actions of its kind, the one it sends (Big Shot's second loan)

    @property
    def kind(self) -> type[Action]:
        """The kind of move the control makes."""
        return self.sends if isinstance(self.sends, type) else type(self.sends)

    @property
    def fixed(self) -> Action | None:
        """The one action it sends whatever the position (Roll, Bankrupt), or None."""
        if not isinstance(self.sends, type):
            return self.sends
        if self.aimed or getattr(self.sends, "__dataclass_fields__", None):  # it needs fields
            return None
        return self.sends()

    def action(self, legal: Sequence[Action]) -> Action | None:
        """The legal action this (not aimed) control sends now, or None."""
        if isinstance(self.sends, type):
            of_kind = [a for a in legal if isinstance(a, self.sends)]
            return of_kind[self.nth] if self.nth < len(of_kind) else None
        return self.sends if self.sends in legal else None

    def at(self, *target: int) -> Action:
        """The move an aimed control makes at `target` (a square, a business)."""
        make: Callable[..., Action] = self.kind
        return make(*target)

    def is_open(self, legal: Sequence[Action]) -> bool:
        """Whether the control can send a legal action now (an aimed one: a move of its kind
        is legal somewhere)."""
        if self.aimed:
            return any(type(a) is self.kind for a in legal)
        return self.action(legal) is not None

    def words_for(self, view: Any) -> str:
        return self.words if isinstance(self.words, str) else self.words(view)


@dataclass(frozen=True)
class Prompt:
    """What the seat to act is asked now, and the controls open to answer it."""

    asked: str  # "to buy or not", after the name of who must act
    controls: tuple[Control, ...]
    view: Any

    def hints(self) -> list[tuple[str, str]]:
        """The keys the turn panel suggests now, (key, words) in the game's order: those that
        answer, not those aimed at what the cursor is on (the panel says those with it)."""
        return [(c.key, c.words_for(self.view)) for c in self.controls if c.words and not c.aimed]


def no_fact(view: Any, action: Action) -> str:
    return ""


@dataclass(frozen=True)
class Prompts:
    """A game's prompts: what each phase asks, and every control, in the key bar's order;
    `why(view, action)`, a fact about a move a person can check on the board, for a hint to
    give with it ("" where it knows none)."""

    asked: Mapping[str, str]
    controls: tuple[Control, ...]
    why: Callable[[Any, Action], str] = no_fact

    @property
    def aimed(self) -> tuple[Control, ...]:
        """The controls aimed at what the cursor is on, in order."""
        return tuple(c for c in self.controls if c.aimed)

    def of(self, view: Any) -> Prompt:
        legal = view.legal
        open_now = tuple(c for c in self.controls if c.is_open(legal))
        return Prompt(self.asked.get(view.phase, ""), open_now, view)
