"""A table at the host as a game's screen sees it, and what that screen gains over SSH."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.app import App
from textual.binding import Binding

from core.engine.actions import Action
from core.engine.errors import IllegalAction
from core.engine.replay import Replay
from core.text import sentence
from play.table import Seat
from tui.games import screen_class
from tui.screens.dialogs import confirm_quit
from tui.widgets.key_bar import KeyBar
from tui.widgets.log_panel import LogPanel
from tui.widgets.panel import TextPanel, key_hints

from .chat import ChatLine
from .host import Host
from .tables import HUMAN, OPEN, WAITING, HostError, NetSeat

if TYPE_CHECKING:  # a mixin the type checker reads as the table screen it is mixed into
    from tui.screens.table import TableScreen

    _TableScreen = TableScreen
else:
    _TableScreen = object


def screen_seats(seats: Sequence[NetSeat]) -> list[Seat]:
    """The seats of a table at the host as a game's screen shows them."""
    return [Seat(s.name, HUMAN if s.kind in (HUMAN, OPEN) else s.kind) for s in seats]


class NetTable:
    """A table at the host, as one person's table screen sees it (the `play.table.Table` shape)."""

    hints = False  # people play people here

    def __init__(self, host: Host, table_id: int, name: str) -> None:
        self.host = host
        self.id = table_id
        self.name = name
        self.hosted = host.table(table_id)  # still there for its screen once the host forgets it

    @property
    def seats(self) -> list[Seat]:
        return screen_seats(self.hosted.seats)

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

    assisted = False  # no move taken back, no hint: people play people here

    def can_take_back(self, seat: int) -> bool:
        return False  # at a shared table a move stands once the others have seen it

    def hint(self, seat: int) -> Action:
        raise ValueError("no hints at a shared table")  # (`hints` is False)

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
        if table.unsaved:
            parts.append("the server cannot save: moves wait until it can")
        if table.slow_to_save:
            parts.append("saving the last move: the disk is slow")
        if away:
            parts.append("away, a bot plays: " + ", ".join(away))
        if gone:
            parts.append("disconnected: " + ", ".join(gone))
        return " · ".join(parts)


class TableApp(Protocol):
    """What an SSH table screen asks of the app it is in: a person's (net.app) or a shared
    spectator screen's (net.broadcast)."""

    host: Host
    session: Any  # the person's session (a spectator screen's has none to speak of)

    @property
    def player(self) -> str: ...

    def show_lobby(self) -> None: ...


def table_app(screen: Any) -> TableApp:
    """The app an SSH table screen is in, as it knows it (Textual types every app as App)."""
    return cast(TableApp, screen.app)


class NetTableMixin(_TableScreen):
    """What a game's screen gains at an SSH table: table chat, who is away, back to the lobby."""

    BINDINGS = [Binding("t", "chat", "Chat"), Binding("q", "leave", "Lobby")]
    KEYS_HELP = """\
# Keys at every table

- `t`: say something to the table, if you play at it (everyone there reads it in the log).
- `Ctrl+P`: every action you may take now, searchable.
- `?` this help; `q` back to the lobby (you keep your seat: choose the table to come back).
- `PageUp` / `PageDown` scroll the log.
"""

    END_CHOICES = {"again": "Play again", "lobby": "Lobby"}  # or a replay
    table: NetTable  # (the screen is given one)
    NO_TAKING_BACK = "At a shared table a move stands once the others have seen it."
    _chat_seen = 0

    def not_made(self, message: str) -> None:
        """A move this person sent was not made after all: it could not be saved, or another
        process's came first."""
        if self.is_attached:
            self.warn(message)

    def refresh_view(self) -> None:
        super().refresh_view()
        notice = self.table.notice()
        if notice:
            self.query_one("#status", TextPanel).show_text(f"{self.status_line()} · {notice}")

    def _refresh_keys(self) -> None:
        if self.viewer is not None:
            super()._refresh_keys()
            return
        # A spectator's shared screen: only the session's own keys work there (net.session).
        hints = key_hints(("q", "back to the lobby"), ("Esc", "too"))
        hints.append("  · spectators watch: chat is for the players", "dim")
        self.query_one(KeyBar).show_text(hints)

    def _append_log(self) -> None:
        """The game's new lines and the table's new chat, in the order they happened."""
        chat = self.table.hosted.chat
        lines = merged_log(self.view.log, self._logged, chat.since(self._chat_seen))
        self._logged, self._chat_seen = len(self.view.log), chat.total
        if lines:
            self.query_one("#log", LogPanel).write_lines(lines)

    def action_chat(self) -> None:
        from .lobby import ChatPrompt

        async def said(text: str | None) -> None:
            if text:
                try:
                    app = table_app(self)
                    await app.host.chat(self.table.id, app.player, text)
                except HostError as exc:  # too fast; or a finished game everyone else has left
                    self.notify(sentence(str(exc)) + ".", severity="warning")

        self.app.push_screen(ChatPrompt(), said)

    def action_leave(self) -> None:
        explanation = (
            "You keep your seat: choose this table in the lobby to come back. "
            "After a while on your turn, a bot plays for you."
        )

        def leave(yes: bool | None) -> None:
            if yes:
                table_app(self).show_lobby()

        self.app.push_screen(confirm_quit(explanation), leave)

    def end_choices(self) -> dict[str, str]:
        """Players may play again (at a new table, with the same seats and options);
        spectators go back to the lobby."""
        if self.viewer is None:
            return {"lobby": "Lobby"}
        return self.END_CHOICES

    async def on_end_choice(self, choice: str | None) -> None:
        app = table_app(self)
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
            self.app.notify(news)


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
        if isinstance(screen, NetTableMixin):
            if screen.ready:  # else it is drawn when ready
                screen.refresh_view()
            return


@cache
def net_screen_class(slug: str):
    base = screen_class(slug)
    # Textual gathers BINDINGS only from widget classes, so the mixin's are set here.
    return type(f"Net{base.__name__}", (NetTableMixin, base), {"BINDINGS": NetTableMixin.BINDINGS})
