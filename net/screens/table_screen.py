"""A table at the host as a game's screen sees it, and what that screen gains over SSH."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

from textual.app import App

from core.engine.actions import Action
from core.engine.errors import IllegalAction
from core.engine.replay import Replay
from core.engine.search import Weighing
from core.text import sentence
from net.hosting.chat import ChatLine
from net.hosting.host import Host
from net.hosting.tables import HUMAN, OPEN, WAITING, HostError, NetSeat
from net.screens.lobby import ChatPrompt
from play.analysis import Analysing
from play.ratings import RatingChanges
from play.table import Seat
from tui.games import screen_class
from tui.screens.dialogs import confirm_quit
from tui.screens.table import TableScreen
from tui.screens.venue import Venue
from tui.widgets.key_bar import KeyBar
from tui.widgets.panel import key_hints


def screen_seats(seats: Sequence[NetSeat]) -> list[Seat]:
    """The seats of a table at the host as a game's screen shows them."""
    return [Seat(s.name, HUMAN if s.kind in (HUMAN, OPEN) else s.kind) for s in seats]


class NetTable:
    """A table at the host, as one person's table screen sees it (the `play.table.Table` shape)."""

    played = True

    def __init__(self, host: Host, table_id: int, name: str) -> None:
        self.host = host
        self.id = table_id
        self.name = name
        self.hosted = host.table(table_id)  # still there for its screen once the host forgets it

    @property
    def seats(self) -> list[Seat]:
        return screen_seats(self.hosted.seats)

    @property
    def hints(self) -> bool:
        """Hints for the one person at a table of bots: elsewhere people play people."""
        return self.hosted.alone_at(self.name)

    def view(self, seat: int | None):
        return self.hosted.view(seat)

    def actor(self) -> int | None:
        return self.hosted.actor()

    def is_over(self) -> bool:
        return self.hosted.started.state.is_over()

    def act(self, seat: int, action, version: int | None = None) -> None:
        """Send the move: refused at once (IllegalAction), or made once the server has saved
        it; if it cannot be saved then, `refused` is told why."""
        try:
            saved = self.host.act(self.id, self.name, action, version)
        except HostError as exc:
            raise IllegalAction(str(exc)) from None
        saved.add_done_callback(self._saved)

    refused: Callable[[str], None] | None = None  # told why a move sent was not made

    def _saved(self, saved: asyncio.Task[str | None]) -> None:
        refusal = None if saved.cancelled() else saved.result()
        if refusal and self.refused is not None:
            self.refused(sentence(refusal) + ".")

    def why_illegal(self, seat: int, action) -> str | None:
        return self.hosted.started.state.why_illegal(seat, action)

    def why_none(self, seat: int, kind: type) -> str | None:
        return self.hosted.started.state.why_none(seat, kind)

    def bot_to_move(self) -> None:
        return None  # the host moves the bots

    @property
    def assisted(self) -> bool:
        """Whether its one person asked for a hint (no move is taken back here)."""
        return self.hosted.match is not None and self.hosted.match.record.assisted

    def can_take_back(self, seat: int) -> bool:
        return False  # at a shared table a move stands once the others have seen it

    async def hint(self, seat: int) -> Weighing | Action:
        """Worked out by the host, for the one person at a table of bots."""
        try:
            return await self.host.hint(self.id, self.name)
        except HostError as exc:
            raise ValueError(sentence(str(exc)) + ".") from None

    def take_back(self, seat: int) -> list:
        raise ValueError("moves are not taken back at a shared table")

    def replayable(self) -> Replay | None:
        return self.host.past.replay_of(self.hosted) if self.is_over() else None

    def notice(self) -> str:
        """Who is away (a bot plays for them) or not connected."""
        table = self.hosted
        away = [table.seats[s].name for s in sorted(table.away)]
        gone = [
            s.name
            for s in table.seats
            if s.kind == HUMAN and not self.host.is_online(s.name) and s.name not in away
        ]
        parts = []
        if table.running.unsaved:
            parts.append("the server cannot save: moves wait until it can")
        if table.running.slow_to_save:
            parts.append("saving the last move: the disk is slow")
        if away:
            parts.append("away, a bot plays: " + ", ".join(away))
        if gone:
            parts.append("disconnected: " + ", ".join(gone))
        return " · ".join(parts)


class TableApp(Protocol):
    """What an SSH table screen asks of the app it is in: a person's (net.screens.app) or a shared
    spectator screen's (net.render.broadcast)."""

    host: Host
    session: Any  # the person's session (a spectator screen's has none to speak of)

    @property
    def player(self) -> str: ...

    def show_lobby(self) -> None: ...


def table_app(screen: Any) -> TableApp:
    """The app an SSH table screen is in, as it knows it (Textual types every app as App)."""
    return cast(TableApp, screen.app)


class NetVenue(Venue):
    """A table at an SSH host: table chat, who is away, the way back to the lobby; the host
    plays the bots and keeps the game."""

    KEYS_HELP = """\
# Keys at every table

- `t`: say something to the table, if you play at it (everyone there reads it in the log).
- `Ctrl+P`: every action you may take now, searchable.
- `h` (hint), if you are the one person at a table of bots: what a bot would play in your
  place now, and how its playouts came out. The game then counts in no record of wins.
- `?` this help; `q` back to the lobby (you keep your seat: choose the table to come back).
- `PageUp` / `PageDown` scroll the log.
"""
    KEYS_LAST = ("take_back", "venue('chat')", "hint")  # the game's keys, then chat
    LABELS = {"venue('leave')": "Lobby"}
    END_CHOICES = {"again": "Play again", "lobby": "Lobby"}  # or a replay
    NO_TAKING_BACK = "At a shared table a move stands once the others have seen it."

    def __init__(self, table: NetTable) -> None:
        self.table = table
        self.place_name = f"table {table.id}"
        self._chat_seen = 0
        table.refused = self.not_made

    def not_made(self, message: str) -> None:
        """A move this person sent was not made after all: it could not be saved, or another
        process's came first."""
        if self.screen.is_attached:
            self.screen.warn(message)

    def status(self, line: str) -> str:
        notice = self.table.notice()
        return f"{line} · {notice}" if notice else line

    def draws_keys(self) -> bool:
        """A spectator's shared screen: only the session's own keys work there
        (net.transport.session)."""
        if self.screen.viewer is not None:
            return False
        hints = key_hints(("q", "back to the lobby"), ("Esc", "too"))
        hints.append("  · spectators watch: chat is for the players", "dim")
        self.screen.query_one(KeyBar).show_text(hints)
        return True

    def new_lines(self, log: Sequence[str], shown: int) -> list[str]:
        """The game's new lines and the table's new chat, in the order they happened."""
        chat = self.table.hosted.chat
        lines = merged_log(log, shown, chat.since(self._chat_seen))
        self._chat_seen = chat.total
        return lines

    def key_chat(self) -> None:
        async def said(text: str | None) -> None:
            if text:
                try:
                    app = table_app(self.screen)
                    await app.host.chat(self.table.id, app.player, text)
                except HostError as exc:  # too fast; or a finished game everyone else has left
                    self.screen.notify(sentence(str(exc)) + ".", severity="warning")

        self.screen.app.push_screen(ChatPrompt(), said)

    def key_leave(self) -> None:
        explanation = (
            "You keep your seat: choose this table in the lobby to come back. "
            "After a while on your turn, a bot plays for you."
        )

        def leave(yes: bool | None) -> None:
            if yes:
                table_app(self.screen).show_lobby()

        self.screen.app.push_screen(confirm_quit(explanation), leave)

    def analysis(self) -> tuple[Analysing | None, Sequence[int]]:
        """The analysis the host works out for the table; the viewer's own moves named."""
        viewer = self.screen.viewer
        return self.table.hosted.running.analysing, () if viewer is None else (viewer,)

    def ratings(self) -> RatingChanges | None:
        return self.table.hosted.ratings

    def end_choices(self) -> Mapping[str, str]:
        """Players may play again (at a new table, with the same seats and options);
        spectators go back to the lobby."""
        if self.screen.viewer is None:
            return {"lobby": "Lobby"}
        return self.END_CHOICES

    async def on_end_choice(self, choice: str | None) -> None:
        app = table_app(self.screen)
        host, player = app.host, app.player
        news = ""
        if choice == "again":
            try:
                table = await host.rematch(self.table.id, player, app.session.address)
            except HostError as exc:
                news = sentence(str(exc)) + "."
            else:
                if table.status == WAITING:
                    start = " (or when you start it: g)" if table.host == player else ""
                    news = (
                        f"You sit at table #{table.id}: it starts when the others who "
                        f"played choose Play again too{start}."
                    )
        host.saw_the_end(self.table.id, player)
        app.show_lobby()
        if news:
            self.screen.app.notify(news)


def merged_log(game: Sequence[str], shown: int, chat: Sequence[ChatLine]) -> list[str]:
    """The game's lines from `shown` on, with each chat line after the game lines before it."""
    lines: list[str] = []
    for line in chat:
        if line.position > shown:
            lines.extend(game[shown : line.position])
            shown = line.position
        lines.append(line.text)
    lines.extend(game[shown:])
    return lines


def refresh_table_screen(app: App) -> None:
    """Redraw the app's table screen from the host, even under a dialog (a trade, a chat line)."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen) and isinstance(screen.venue, NetVenue):
            if screen.ready:  # else it is drawn when ready
                screen.refresh_view()
            return


def table_screen(table: NetTable, seat: int | None) -> TableScreen:
    """The game's table screen for a person at an SSH table (`seat` None: watching)."""
    return screen_class(table.hosted.game)(table, NetVenue(table), seat=seat)
