"""A table at the host as data: its seats, its game and who watches it; and what the host's
requests raise when they cannot be done."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from core.engine.match import Match
from core.games import get_spec
from net.hosting.chat import ChatLog
from net.limits import clean_text
from play.analysis import Analysing
from play.ratings import RatingChanges

if TYPE_CHECKING:
    from net.store.storage import StoredTable

OPEN, HUMAN = "open", "human"
WAITING, PLAYING, OVER = "waiting", "playing", "over"
CLOSED = "closed"  # a table everyone left before its game started: gone from the lobby


class HostError(Exception):
    """A lobby request that cannot be done (seat taken, not the table's host...); says why."""


class SaveFailed(HostError):
    """The storage could not be written, so nothing changed."""


@dataclass
class NetSeat:
    name: str = ""
    kind: str = OPEN  # "open", "human", or a bot kind

    @property
    def is_bot(self) -> bool:
        return self.kind not in (OPEN, HUMAN)


def seats_json(seats: list[NetSeat]) -> list[dict[str, str]]:
    """Seats as they are kept in storage."""
    return [{"name": s.name, "kind": s.kind} for s in seats]


def bot_label(seat: NetSeat) -> str:
    """A bot's seat as tables list it: "Ada [bot]" for the usual (heuristic) bot, "Ada [search
    bot]" for another kind."""
    kind = "" if seat.kind == "heuristic" else f"{seat.kind} "
    return f"{seat.name} [{kind}bot]"


def seat_names(stored: str) -> str:
    """Who sits at a table, from its seats as stored: "ann, Ada [bot], (open)"; the text as it
    is if it does not read (a damaged table)."""
    try:
        seats = seats_from_json(json.loads(stored))
    except (ValueError, TypeError, KeyError):
        return clean_text(stored, 80)
    return ", ".join(
        "(open)" if seat.kind == OPEN else seat.name if seat.kind == HUMAN else bot_label(seat)
        for seat in seats
    )


def seats_from_json(seats: list[dict[str, str]]) -> list[NetSeat]:
    return [NetSeat(s["name"], s["kind"]) for s in seats]


@dataclass
class Running:
    """What a table holds only while this process runs it: never saved, made anew when the
    table is read back."""

    watchers: dict[str, int] = field(default_factory=dict)  # name -> sessions watching
    views: dict[int | None, Any] = field(default_factory=dict)  # per seat, for this version
    stand_ins: dict[int, Any] = field(default_factory=dict)  # bots playing for people
    timer: asyncio.TimerHandle | asyncio.Task | None = None  # the next bot move, idle clock
    unsaved: bool = False  # the last move could not be saved: it waits until saving works
    saving: asyncio.Task | None = None  # a move being saved: it is made once saved, and
    # until then the table waits
    slow_to_save: bool = False  # that move has waited for the disk long enough to say so
    changing: asyncio.Lock = field(default_factory=asyncio.Lock)  # held while a change of its
    # seats, status or host is saved: one at a time
    listed_as: tuple = ()  # what the lobby last showed of this table
    done_with: set[str] = field(default_factory=set)  # players who left its end screen
    deserted_since: float | None = None  # waiting, nobody seated online since (monotonic)
    analysing: Analysing | None = None  # its game's analysis, once the game is over
    hinting: bool = False  # a hint for its one person is being worked out
    hint_given: tuple[int, Any] | None = None  # the last hint, and the game's version it is for


@dataclass
class HostedTable:
    """A table at the host: what is saved of it (its game, seats, status, host, options), and
    in `running` what this process holds of it only while it runs it."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    host: str
    seats: list[NetSeat]
    chat: ChatLog
    status: str = WAITING
    match: Match | None = None  # its game, replayed from the moves saved
    away: set[int] = field(default_factory=set)  # seats a bot is playing for
    bot_kind: str = "heuristic"  # the kind of bot that takes the seats its host fills
    changes: int = 0  # how many times its seats, status or host were saved (net.store.storage)
    rated: bool = True  # whether its game changes the people's ratings
    rematch: int | None = None  # the table its players asked to play again at
    made_from: str = ""  # the address it was made from ("" for one made before a restart)
    ratings: RatingChanges | None = None  # the ratings its game changed, once it is over
    running: Running = field(default_factory=Running)

    @property
    def people(self) -> list[int]:
        """The seats people sit in (not bots, not open)."""
        return [seat for seat, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def started(self) -> Match:
        """The table's game, once it has started (ValueError while it waits for players)."""
        if self.match is None:
            raise ValueError(f"table {self.id} has not started")
        return self.match

    def cancel_timer(self) -> None:
        """The table's next bot move, idle clock or retry will not happen."""
        if self.running.timer is not None:
            self.running.timer.cancel()
            self.running.timer = None

    def log_length(self) -> int:
        """Where a chat line said now goes: after the game's lines so far."""
        return len(self.view(None).log) if self.match is not None else 0

    def bot_kind_at(self, seat: int) -> str:
        """The kind of bot that plays `seat`: its own, or a heuristic one standing in for a
        person away."""
        return self.seats[seat].kind if self.seats[seat].is_bot else "heuristic"

    def view(self, seat: int | None):
        """What `seat` (None: a spectator) sees now; computed once per version and seat."""
        if self.match is None:
            return None
        view = self.running.views.get(seat)
        if view is None:
            view = self.running.views[seat] = self.match.state.view(seat)
        return view

    @property
    def title(self) -> str:
        return get_spec(self.game).title

    @property
    def round(self) -> int:
        """The game's round, 0 before it starts."""
        return self.match.state.round if self.match is not None else 0

    def listed_for(self, name: str) -> bool:
        """Whether the lobby lists this table for `name`: until its game is over, then while
        anyone watches it, and for its players until they have left its end screen."""
        return (
            self.status != OVER
            or bool(self.running.watchers)
            or (self.seat_of(name) is not None and name not in self.running.done_with)
        )

    def alone_at(self, name: str) -> bool:
        """Whether `name` is the one person seated here, the rest bots: hints are theirs."""
        seat = self.seat_of(name)
        return seat is not None and self.people == [seat]

    def seat_of(self, name: str) -> int | None:
        return next(
            (i for i, s in enumerate(self.seats) if s.kind == HUMAN and s.name == name), None
        )

    def actor(self) -> int | None:
        return None if self.match is None else self.match.state.actor()


def hosted_table(stored: StoredTable, chat: ChatLog) -> HostedTable:
    """A table as stored (its game replayed to the last move saved). A bot of a kind the game
    has none of is refused here, as a damaged row, rather than stopping the table at its turn."""
    seats = seats_from_json(stored.seats)
    kinds = get_spec(stored.game).bots
    unknown = sorted({s.kind for s in seats if s.is_bot} - kinds.keys())
    if stored.bot_kind not in kinds:
        unknown.append(stored.bot_kind)
    if unknown:
        raise ValueError(f"{stored.game} has no bots of the kind {', '.join(map(repr, unknown))}")
    table = HostedTable(
        stored.id,
        stored.game,
        stored.options,
        stored.seed,
        stored.host,
        seats,
        chat,
        status=stored.status,
        away=set(stored.away),
        bot_kind=stored.bot_kind,
        changes=stored.changes,
        rated=stored.rated,
    )
    if stored.status != WAITING:
        table.match = Match.from_record(stored.record())
    return table
