"""The Lobby: every table at the host, making one, sitting down or watching, and chat."""

from __future__ import annotations

import time
from collections.abc import Hashable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Static

from core.games import get_spec
from core.text import sentence
from net.hosting.tables import HUMAN, OPEN, HostedTable, HostError, bot_label
from net.identity import NAME_LENGTH, Refused
from net.limits import clean_text
from net.screens.browsers import BrowsersScreen
from net.screens.invites import InvitesScreen
from net.screens.leaderboard import LeaderboardScreen
from net.store.storage import StorageError
from play.table import bot_kinds
from tui.base import BaseApp
from tui.games import PLAYABLE
from tui.saves import PastGame, past_game_line
from tui.screens.dialogs import Help
from tui.screens.page import ModalPage, Page
from tui.screens.past import PastGamesScreen
from tui.widgets.choice import Choice
from tui.widgets.key_bar import KeyBar
from tui.widgets.log_panel import LogPanel
from tui.widgets.options import OptionsForm
from tui.widgets.plain_input import PlainInput
from tui.widgets.row_list import RowList

if TYPE_CHECKING:
    from net.hosting.host import Host


class LobbyApp(Protocol):
    """What the lobby's screens ask of the app they are in: a person's (net.screens.app), or the
    painter of a newcomer's first frame (net.render.first_frame), which only draws the lobby."""

    host: Host
    session: Any  # the person's session: their name, their address

    @property
    def player(self) -> str: ...

    def open_table(self, table_id: int, seat: int | None) -> None: ...

    async def replay_past(self, table_id: int) -> None: ...

    async def claim(self, name: str) -> str | None: ...


def served(screen: Any) -> LobbyApp:
    """The app a lobby screen is in, as the lobby knows it (Textual types every app as App)."""
    return cast(LobbyApp, screen.app)


COLUMNS = ("#", "game", "options", "seats", "status", "watching")
LOBBY_HELP = """\
# The lobby

- `↑` `↓` choose a table. `Enter` sits you at a table waiting to start, takes you back to a
  game you play in, or lets you watch any other game.
- `n`: a new table (the game, how many play, how many bots and of which kind, whether it is
  rated, the game's options: `←` `→` change one, `Tab` goes to the next); `c` creates it and
  chooses it for you.
- `s` takes a free seat at the table chosen; `u` gives yours up (the last person to stand up
  closes a table that has not started).
- `w` watches a game (spectators see what everyone may see, no one's hidden money); `q` or
  `Esc` comes back here, and once the game is over `r` replays it.
- `p` lists the last {past} games finished at this server (`m`: only yours): `Enter` replays
  one; `l` shows everyone's ratings at each game. A rated game between two people or more
  changes its people's ratings (OpenSkill's Plackett-Luce model; bots count as fixed players).
- `W`, where the server serves browsers: a one-time link that signs a browser in as you (to
  play there too, at the same tables), and the browsers signed in as you, each of which you
  may sign out. A name an invitation gave may be tied to an SSH key there.
- `I`, where the server serves browsers: invite a friend who has no SSH client (a phone will
  do): a one-time link, good for a day, on which they choose their own name.
- `/` writes to everyone in the lobby (`Enter` sends); `q` leaves the server.

# Keys for the table's host

The person who made a table hosts it; one who stands up hands it to the first person still
seated there who may host one more table.

- `b` fills its open seats with bots of the table's kind.
- `g` starts the game once every seat is taken; `G` starts with those seated, the open seats
  taken away, if the game may be played by that many.
- `x` gives the seat of anyone not connected to a bot, to play for them.

# This server

- A person may have made {per_person} tables waiting to start at once ({per_address} from one
  address), and sit at {games} waiting or playing; {tables} tables may be waiting or playing
  in all. A table waiting to start closes once nobody seated at it has been online for
  {deserted:g} minutes.
- Idle {afk:g} s on your turn and a bot plays for you until you press a key at that table.
- Your seat is kept when you leave a table or lose the connection: come back with the same key.
- Your name is kept for the key you came in with. To come in with another key:
  ssh -o IdentitiesOnly=yes -i FILE.
- Chat: {chat} lines a minute each, in the lobby and at tables together ({burst} at once).
- The server's time is shared: while others are here, a session that keeps it busy (dialog
  after dialog) for more than {share:.0%} of the time has its keys held back a moment.
"""


def lobby_help(limits) -> str:
    """The lobby's help, with this server's limits."""
    return LOBBY_HELP.format(
        per_person=limits.tables_per_person,
        tables=limits.open_tables,
        per_address=limits.tables_per_address,
        deserted=limits.deserted_table_seconds / 60,
        games=limits.games_per_person,
        afk=limits.afk_seconds,
        past=limits.past_games_listed,
        chat=limits.chat_per_minute,
        burst=limits.chat_burst,
        share=limits.session_loop_share,
    )


def seats_text(host, table: HostedTable) -> Text:
    text = Text()
    for i, seat in enumerate(table.seats):
        if i:
            text.append(", ")
        if seat.kind == OPEN:
            text.append("(open)", "dim")
        elif seat.kind == HUMAN:
            away = i in table.away or not host.is_online(seat.name)
            text.append(seat.name + (" (away)" if away else ""), "italic" if away else "")
        else:
            text.append(bot_label(seat), "dim")
    return text


def options_text(table: HostedTable) -> str:
    spec = get_spec(table.game)
    changed = [
        o.shown(table.options[o.name])
        for o in spec.options
        if table.options.get(o.name) != o.default
    ]
    return ", ".join(changed) or "standard"


class LobbyScreen(Page):
    BINDINGS = [  # everyone's keys first: the key bar cuts what does not fit
        Binding("n", "new_table", "New table"),
        Binding("enter", "join", "Sit or watch", show=False),
        Binding("s", "sit", "Sit"),
        Binding("w", "watch", "Watch"),
        Binding("slash", "focus_chat", "Chat"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "app.quit", "Quit"),
        Binding("p", "past_games", "Past games"),
        Binding("u", "stand", "Stand up"),
        Binding("g", "start", "Start"),
        Binding("G", "start_as_seated", "Start with those seated", show=False),
        Binding("b", "bots", "Bots"),
        Binding("x", "replace_absent", "Replace absent"),
        Binding("W", "browser", "Browser link"),
        Binding("I", "invite", "Invite a friend"),
    ]

    def body(self) -> ComposeResult:
        with Vertical(id="lobby-panel"):
            yield Static(id="lobby-head")
            tables = RowList(COLUMNS, id="tables")
            tables.border_title = "Tables"
            yield tables
            chat = LogPanel(id="lobby-chat")
            chat.border_title = "Chat"
            yield chat
            yield PlainInput(
                placeholder="say something to everyone (Enter sends)", id="say", max_length=200
            )
        yield KeyBar()

    def set_up(self) -> None:
        super().set_up()
        self.query_one("#lobby-panel").border_title = "Lobby"
        self._chat_seen = 0
        self.refresh_lobby()
        self.query_one("#tables", RowList).focus()
        self.call_after_refresh(self.query_one(KeyBar).show_keys, self)
        self.on_screen_resume()

    def on_screen_resume(self) -> None:
        if isinstance(self.app, BaseApp):
            self.app.name_window("Lobby")

    def refresh_lobby(self) -> None:
        app = served(self)
        host = app.host
        online = host.online()
        self.query_one("#lobby-head", Static).update(
            Text.assemble(
                "You are ",
                (app.player, "bold"),
                f" · {len(online)} online: ",
                ", ".join(online),
                "\n",
                (app.session.whose_name(), "dim"),
                no_wrap=True,
                overflow="ellipsis",
            ),
            layout=False,
        )
        rows = [
            (
                table.id,
                (
                    Text(str(table.id)),
                    Text(table.title),
                    Text(options_text(table)),
                    seats_text(host, table),
                    Text(
                        f"round {table.round}"
                        if table.status == "playing"
                        else "game over"
                        if table.status == "over"
                        else table.status
                    ),
                    Text(str(sum(table.running.watchers.values()))),
                ),
            )
            for table in host.tables.values()
            if table.listed_for(app.player)
        ]
        listed = self.query_one("#tables", RowList)
        listed.set_rows(rows, select=self._made)
        if self._made in listed.keys:
            self._made = None
        fresh = host.lobby_chat.since(self._chat_seen)
        if fresh:
            self.query_one("#lobby-chat", LogPanel).write_lines(line.text for line in fresh)
        self._chat_seen = host.lobby_chat.total

    def selected_id(self) -> int | None:
        selected = self.query_one("#tables", RowList).selected
        return selected if isinstance(selected, int) else None  # (the rows' keys are table ids)

    def selected_table(self) -> HostedTable | None:
        """The table selected, if it is still open (it may have closed since the list was
        drawn: the lobby is told, and redrawn, a moment later)."""
        table_id = self.selected_id()
        return served(self).host.tables.get(table_id) if table_id is not None else None

    async def _attempt(self, request) -> None:
        """Make a lobby request (a coroutine); a refusal becomes a message, never an error."""
        try:
            await request
        except HostError as exc:
            self.notify(sentence(str(exc)) + ".", severity="warning")

    _made: int | None = None  # a table this person just made: selected once it is listed

    def action_new_table(self) -> None:
        async def create(request: dict) -> None:
            table = await served(self).host.create_table(
                served(self).player, **request, address=served(self).session.address
            )
            self._made = table.id
            self.refresh_lobby()

        async def made(request: dict | None) -> None:
            if request:
                await self._attempt(create(request))

        self.app.push_screen(NewTableScreen(), made)

    async def action_join(self) -> None:
        table = self.selected_table()
        if table is None:
            return
        mine = table.seat_of(served(self).player)
        if table.status == "waiting":
            await self.action_sit()
        elif mine is not None:
            served(self).open_table(table.id, mine)
        else:
            self.action_watch()

    async def _on_selected(self, request) -> None:
        """Make a request of the host about the selected table, as this player."""
        table_id = self.selected_id()
        if table_id is not None:
            await self._attempt(request(table_id, served(self).player))

    async def action_sit(self) -> None:
        await self._on_selected(served(self).host.sit)

    async def action_stand(self) -> None:
        await self._on_selected(served(self).host.stand)

    def action_watch(self) -> None:
        table = self.selected_table()
        if table is None:
            return
        if table.match is None:
            self.notify("That game has not started yet.", severity="warning")
            return
        served(self).open_table(table.id, None)

    async def action_start(self) -> None:
        await self._on_selected(served(self).host.start)

    async def action_start_as_seated(self) -> None:
        await self._on_selected(
            lambda table_id, name: served(self).host.start(table_id, name, True)
        )

    async def action_bots(self) -> None:
        await self._on_selected(served(self).host.fill_with_bots)

    async def action_replace_absent(self) -> None:
        async def replace(table_id: int, player: str) -> None:
            if not await served(self).host.replace_absent(table_id, player):
                self.notify("Everyone at that table is connected.")

        await self._on_selected(replace)

    async def action_past_games(self) -> None:
        async def show() -> None:
            host, player = served(self).host, served(self).player
            self.app.push_screen(
                ServerPastGames(host, player, await ServerPastGames.listing(host, player))
            )

        await self._attempt(show())

    async def action_browser(self) -> None:
        """A one-time link that signs a browser in as this person, where the server serves
        browsers; a guest has no name kept to sign in as."""
        session, host = served(self).session, served(self).host
        if host.web_url is None:
            self.notify("This server does not serve browsers (serve --web).", severity="warning")
            return
        identity, name = session.identity, served(self).player
        try:
            secret = await identity.make_link(session.who, name)
            browsers = await identity.browsers(name)
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        except StorageError:
            self.notify("The server cannot make a link just now.", severity="warning")
            return
        self.app.push_screen(
            BrowsersScreen(session, name, f"{host.web_url}/link/{secret}", browsers)
        )

    async def action_invite(self) -> None:
        """The person's invitations for friends with no SSH (net.screens.invites)."""
        session, host = served(self).session, served(self).host
        if host.web_url is None:
            self.notify("This server does not serve browsers (serve --web).", severity="warning")
            return
        try:
            invitations = await session.identity.invites(served(self).player)
        except StorageError:
            self.notify("The server cannot read your invitations just now.", severity="warning")
            return
        self.app.push_screen(InvitesScreen(session, host.web_url, invitations, time.time()))

    def action_help(self) -> None:
        self.app.push_screen(Help(lobby_help(served(self).host.limits)))

    def action_focus_chat(self) -> None:
        self.query_one("#say", Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            await served(self).host.chat(None, served(self).player, event.value)
        except HostError as exc:  # too fast: the line stays, to send in a moment
            self.notify(sentence(str(exc)) + ".", severity="warning")
            return
        event.input.value = ""
        self.query_one("#tables", RowList).focus()

    async def on_row_list_chosen(self, event: RowList.Chosen) -> None:
        await self.action_join()


class ServerPastGames(PastGamesScreen):
    """The last games finished at the server, everyone's or only `player`'s (`m` switches)."""

    BINDINGS = [Binding("m", "mine", "Yours / everyone's"), Binding("l", "ratings", "Ratings")]

    def __init__(self, host, player: str, listing: tuple[list[PastGame], str]) -> None:
        """`listing`: everyone's games, as `listing` reads them."""
        self.host, self.player, self.mine = host, player, False
        super().__init__(
            *listing, replay=lambda key: self.app.call_next(served(self).replay_past, int(key))
        )

    @staticmethod
    async def listing(host, player: str, mine: bool = False) -> tuple[list[PastGame], str]:
        """The games (`player`'s if `mine`, else everyone's) and the hint above them
        (HostError if they cannot be read)."""
        whose = player if mine else None
        games = await host.past.games(whose)
        listed = [
            PastGame(
                str(game.id),
                past_game_line(
                    datetime.fromtimestamp(game.ended, UTC),
                    f"#{game.id} {get_spec(game.game).title}",
                    ", ".join(seat["name"] for seat in game.seats),
                    game.result,
                    game.assisted,
                ),
            )
            for game in games
        ]
        other = "everyone's games" if mine else "only yours"
        keys = f"m: {other} · l: ratings · Esc: back."
        if not games:
            return listed, (
                "You have played no game to its end here yet. "
                if mine
                else "No game has finished at this server yet. "
            ) + keys
        standing = await host.past.standing(whose)
        return listed, (
            f"{standing}The last {host.limits.past_games_listed} games "
            f"{'you played' if mine else 'finished at this server'}. Enter replays "
            f"one · {keys}"
        )

    async def action_ratings(self) -> None:
        """The people's ratings, at the first game (the arrows go to the others)."""
        game = PLAYABLE[0]
        try:
            self.app.push_screen(
                LeaderboardScreen(self.host, game, await self.host.past.leaderboard(game))
            )
        except HostError as exc:
            self.notify(sentence(str(exc)) + ".", severity="warning")

    async def action_mine(self) -> None:
        try:
            self.show(*await self.listing(self.host, self.player, not self.mine))
        except HostError as exc:
            self.notify(sentence(str(exc)) + ".", severity="warning")
        else:
            self.mine = not self.mine


SEAT_ROWS = (  # the new table's key, its choice's id, what it means
    ("players", "players", "[b]Players[/b]: seats at the table, yours and the bots included"),
    ("bots", "bots", "[b]Bots[/b]: seats a bot takes now; the rest wait for people"),
    ("bot_kind", "bot-kind", "[b]Bot kind[/b]: for these bots and those added later"),
    ("rated", "rated", "[b]Ratings[/b]: whether the game changes the people's ratings"),
)


def seat_choices(spec) -> dict[str, tuple[list, Hashable]]:
    """A new table's seat choices for `spec`, by key: the values offered and the one shown
    first (the seats the game is best with, no bots yet, heuristic ones, rated)."""
    players = min(spec.best_players, spec.max_players)
    return {
        "players": (
            [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
            players,
        ),
        "bots": (bot_counts(players), 0),
        "bot_kind": (bot_kinds(spec), "heuristic"),
        "rated": ([("rated", True), ("unrated", False)], True),
    }


def bot_counts(players: int) -> list[tuple[str, int]]:
    """The bots a table of `players` may start with: at least one seat is a person's."""
    return [(str(n), n) for n in range(players)]


class NewTableScreen(ModalPage[dict]):
    """Choose a game, how many play, how many bots, and the options; c creates the table.

    The game has the focus first: the arrow keys change it, and `c` takes the rest as they are."""

    AUTO_FOCUS = "#game"
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel"), Binding("c", "create", "Create")]

    def body(self) -> ComposeResult:
        spec = get_spec(PLAYABLE[0])
        choices = seat_choices(spec)
        with VerticalScroll(classes="dialog"):
            yield Static("A new table", classes="dialog-title")
            yield Static(
                "← → change · Tab next · [b reverse] c [/] creates · Esc cancels", classes="hint"
            )
            with Horizontal(classes="option-row"):
                yield Choice([(get_spec(s).title, s) for s in PLAYABLE], spec.slug, id="game")
                yield Static("[b]Game[/b]", classes="hint")
            for key, choice_id, meaning in SEAT_ROWS:
                with Horizontal(classes="option-row"):
                    yield Choice(*choices[key], id=choice_id)
                    yield Static(meaning, classes="hint")
            yield OptionsForm(spec)
            with Horizontal(classes="buttons"):
                yield Button("Create", id="create", variant="primary")
                yield Button("Cancel", id="cancel")

    def set_up(self) -> None:
        super().set_up()
        self.call_after_refresh(self.query_one(".dialog").scroll_home, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    async def on_choice_changed(self, event: Choice.Changed) -> None:
        """Another game: its numbers of players and its own options. The old form is gone
        before the new one comes (a burst of keys swaps them one at a time). Fewer players:
        never more bots than the seats a person leaves them."""
        if event.choice.id == "players":
            players, bots = event.value, self.query_one("#bots", Choice)
            chosen = bots.value
            assert isinstance(players, int) and isinstance(chosen, int)  # (the choices' values)
            bots.set_options(bot_counts(players))
            bots.value = min(chosen, players - 1)
            return
        if event.choice.id != "game":
            return
        spec = get_spec(event.value)
        form = self.query_one(OptionsForm)
        if form.spec is spec:
            return
        choices = seat_choices(spec)
        for key, choice_id, _ in SEAT_ROWS:
            values, first = choices[key]
            choice = self.query_one(f"#{choice_id}", Choice)
            choice.set_options(values)
            choice.value = first
        await form.remove()
        dialog = self.query_one(".dialog")
        if dialog.is_attached:  # not when the session ended meanwhile (its app exiting)
            await dialog.mount(OptionsForm(spec), before=self.query_one(".buttons"))

    def action_create(self) -> None:
        """Create the table. A game chosen so recently that the dialog has not yet shown its
        seats and options (a burst of keys) is made as the dialog would have shown it."""
        game = self.query_one("#game", Choice).value
        form = next(iter(self.query(OptionsForm)), None)  # none while one form makes way
        if form is None or not form.is_mounted or form.spec.slug != game:  # or still coming
            options = {}
            seats = {key: first for key, (_, first) in seat_choices(get_spec(game)).items()}
        else:
            options = form.values()
            seats = {
                key: self.query_one(f"#{choice_id}", Choice).value
                for key, choice_id, _ in SEAT_ROWS
            }
        self.dismiss({"game": game, "options": options, **seats})


class NameScreen(ModalPage[str]):
    """The name asked for is held by someone else (net.identity): choose another."""

    def __init__(self, why: str, guest: bool = False) -> None:
        """`why` the name asked for is not theirs; `guest`: the person came with no key, so
        no name is kept for them."""
        super().__init__(classes="opaque")
        self.why = why
        self.guest = guest

    def body(self) -> ComposeResult:
        kept = (
            "as a guest, it is yours while you are here"
            if self.guest
            else ("it will be yours, with the key you used")
        )
        with Vertical(classes="dialog"):
            yield Static("That name is taken", classes="dialog-title")
            yield Static(Text(f"{self.why} Choose another name ({kept}):"))
            yield PlainInput(placeholder="your name", id="name", max_length=NAME_LENGTH)
            yield Static(id="problem")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        name = clean_text(event.value, NAME_LENGTH)
        if not name:
            return
        why = await served(self).claim(name)
        if why is None:
            self.dismiss(name)
        else:
            self.query_one("#problem", Static).update(Text(f"{why} Another?"))


class ChatPrompt(ModalPage[str]):
    """One line of table chat."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Say to the table", classes="dialog-title")
            yield PlainInput(placeholder="Enter sends, Esc cancels", id="line", max_length=200)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)
