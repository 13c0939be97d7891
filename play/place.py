"""One person's place at a table: the seat they see the game from, and what they may do there.

A `Place` knows whose view a screen shows (a fixed seat, a spectator's, or, hot-seat, whichever
person at this keyboard must act), sends that seat's moves, keeps the last refusal while it
still holds, takes moves back and asks for hints, and says in words what the game waits for
and why a key does nothing. A front end draws what it holds and turns keys into its calls; the
table screen of the terminal app and of the SSH host both do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final, Generic, Literal, TypeVar

from core.engine.actions import Action
from core.engine.errors import ActionError
from core.engine.search import SLOW_KINDS, Weighing
from core.engine.views import TableView, actor_name, viewer_acts
from core.text import plural, sentence

from .prompt import Prompt, Prompts
from .table import Table

HOT_SEAT: Final = "hot-seat"  # the viewer follows whichever person at this keyboard must act
# A refusal is about the moment it was given ("Wait for your turn: Ann is to throw"): it stays
# while the game is as it was then, and at least this many seconds, so that it can be read.
REFUSAL_SECONDS = 4.0
WATCHING = "You are watching: only the players at the table make moves."
NO_HINTS = "No hints where people play people."


def toss_ups(found: Weighing) -> list[Action]:
    """The moves other than the one a search bot chose whose share of playouts won is within a
    standard error of the difference from its own: nothing to choose between them."""
    n = found.playouts
    best = found.wins[found.moves.index(found.best)]

    def error(won: float) -> float:
        return ((best * (1 - best) + won * (1 - won)) / n) ** 0.5 if n else 1.0

    return [
        move
        for move, won in zip(found.moves, found.wins)
        if move != found.best and best - won <= error(won)
    ]


V = TypeVar("V", bound=TableView)


class Place(Generic[V]):
    """One person's place at a table whose views are `V`s: whose view it shows, their moves
    and refusals, take-backs and hints."""

    def __init__(
        self,
        table: Table[V],
        prompts: Prompts,
        seat: int | Literal["hot-seat"] | None = HOT_SEAT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`prompts`: the game's; `seat`: a fixed seat, None to watch, or HOT_SEAT to follow
        the people at this keyboard in turn."""
        self.table = table
        self.prompts = prompts
        self.viewer: int | None
        if seat == HOT_SEAT:
            self.hot_seat = True
            humans = self.human_seats()
            self.viewer = humans[0] if humans else None
            if self.needs_hand_over(table.view(None)):
                self.viewer = None  # whoever is at the keyboard: the first turn hands over
        else:
            self.hot_seat = False
            self.viewer = seat
        self.view: V = table.view(self.viewer)
        self.message = ""  # the last refusal, shown until it is outlived
        self._message_given = (0, 0.0)  # the game's version then, and the time
        self._clock = clock

    # -- whose view ----------------------------------------------------------------------------

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if not s.is_bot]

    def needs_hand_over(self, view: V) -> bool:
        """Whether, at this table (`view` of it), the next person must not see the one before's
        hidden money: several people share this keyboard."""
        return bool(getattr(view, "hidden_money", False)) and len(self.human_seats()) > 1

    def next_at_keyboard(self) -> int | None:
        """Hot-seat: the person at this keyboard who must act now, if it is not the one the
        view is for (the screen follows them, handing the keyboard over if it must)."""
        actor = self.table.actor()
        if (
            self.hot_seat
            and actor is not None
            and not self.table.seats[actor].is_bot
            and actor != self.viewer
        ):
            return actor
        return None

    def look(self) -> V:
        """The view of the game now, for the viewer; a refusal it has outlived is forgotten."""
        self.view = self.table.view(self.viewer)
        if self.message and self.message_outlived():
            self.message = ""
        return self.view

    def prompt(self) -> Prompt:
        """What the seat to act is asked now, and the controls open to answer it."""
        return self.prompts.of(self.view)

    def mine(self) -> bool:
        """Whether the person at this place must act now."""
        return viewer_acts(self.view)

    # -- moves ---------------------------------------------------------------------------------

    def submit(self, action: Action) -> str | None:
        """Send the viewer's action: None if the game took it, else the refusal, in a sentence
        (also kept as `message`)."""
        if self.viewer is None:
            return WATCHING
        try:
            self.table.act(self.viewer, action, self.view.version)
        except ActionError as exc:
            return self.refuse(sentence(str(exc)) + ".")
        self.message = ""
        return None

    def refuse(self, message: str) -> str:
        """Keep `message`, why the viewer's key or move did nothing, until the viewer's next
        accepted move or until the game has moved on (after REFUSAL_SECONDS at least)."""
        self.message = message
        self._message_given = (self.view.version, self._clock())
        return message

    def message_outlived(self) -> bool:
        """Whether the game has moved on since the refusal kept was given, and it has been
        kept REFUSAL_SECONDS: what it said may no longer be so."""
        version, given = self._message_given
        return self.view.version != version and self._clock() - given >= REFUSAL_SECONDS

    def may_take_back(self) -> bool:
        return (
            self.viewer is not None
            and not self.table.is_over()
            and self.table.can_take_back(self.viewer)
        )

    def take_back(self) -> str | None:
        """Take back the viewer's last move and the bots' replies to it: what was taken back,
        in a sentence; None if nothing may be."""
        if self.viewer is None or not self.may_take_back():
            return None
        (_, move), *replies = self.table.take_back(self.viewer)  # the viewer's, then bots'
        self.message = ""
        after = f", and {plural(len(replies), 'bot move')} after it" if replies else ""
        return f"Taken back: {move}{after}."

    async def hint(self) -> tuple[Action | None, str]:
        """What a bot would play in the viewer's place, and the sentence that says so (with
        how its playouts came out, where the game's search bot weighed the moves); (None, why
        not) where people play people, or where there is none now. Only asked on the viewer's
        move; it takes a second, off the event loop."""
        if self.viewer is None or not self.table.hints:
            return None, NO_HINTS
        view = self.view
        try:
            found = await self.table.hint(self.viewer)
        except ValueError as exc:
            return None, str(exc)
        players = view.players
        if not isinstance(found, Weighing):
            fact = self.prompts.why(view, found)
            return found, f"Hint: a bot would {found.named(players)}" + (
                f": {fact}." if fact else "."
            )
        chosen = found.moves.index(found.best)
        others = ", ".join(
            f"{won:.0%} to {move.named(players)}"
            for move, won in zip(found.moves, found.wins)
            if move != found.best
        )
        fact = self.prompts.why(view, found.best)
        level = " or ".join(move.named(players) for move in toss_ups(found))
        doubt = f" (or {level}: a toss-up, by its playouts)" if level else ""
        return found.best, (
            f"Hint: {found.best.named(players)}{doubt}: {fact + '; ' if fact else ''}it won "
            f"{found.wins[chosen]:.0%} of its {found.playouts} playouts, against {others}."
        )

    # -- in words ------------------------------------------------------------------------------

    def status(self, game: str, round_text: str, watching: str) -> str:
        """The game, the round, who must act and what they are asked."""
        view = self.view
        if view.phase == "over":
            return f"{game} · game over · {view.result.reason if view.result else ''}"
        you = " (you)" if self.mine() else ""
        at = "" if view.viewer is not None else watching
        actor = self.table.actor()
        thinking = (
            self.table.played and actor is not None and self.table.seats[actor].kind in SLOW_KINDS
        )
        return f"{game} · {round_text} · {actor_name(view)}{you} {self._asked()}{at}" + (
            " · thinking…" if thinking else ""
        )

    def why_key_does_nothing(
        self,
        described: str,
        kind: type[Action] | None = None,
        sent: Action | None = None,
    ) -> str:
        """Why a key of the game (`described`: what its key bar calls it) does nothing now, on
        the viewer's side of the table: a spectator's, another player's turn, or the rules'
        reason for its `kind` of move or the move it `sent`."""
        view = self.view
        if self.viewer is None:
            return WATCHING
        if not self.mine():
            return f"Wait for your turn: {actor_name(view)} is {self._asked()}."
        reason = self.table.why_none(self.viewer, kind) if kind is not None else None
        if reason:
            return sentence(reason) + "."
        reason = self.table.why_illegal(self.viewer, sent) if sent is not None else None
        return f"{described}: not now. " + (
            f"{sentence(reason)}." if reason else f"The game waits for you {self._asked()}."
        )

    def _asked(self) -> str:
        return self.prompts.asked[self.view.phase]
