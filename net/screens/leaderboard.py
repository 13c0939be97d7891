"""The people's ratings at each game, the most surely skilled first (play.ratings): opened from
the lobby's past games."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from core.games import get_spec
from net.hosting.tables import HostError
from play.ratings import Rating
from tui.games import PLAYABLE
from tui.screens.page import Page

HINT = (
    "Ranked by rating less three times its uncertainty (±): a few lucky wins do not come "
    "first. ← → another game · Esc: back"
)


def leaderboard_text(title: str, board: list[tuple[str, Rating]]) -> Text:
    """`board` as a table under the game's `title` (names as they are: never markup)."""
    text = Text(f"{title}\n", "bold")
    if not board:
        text.append("Nobody has played a rated game of it here yet.", "dim")
        return text
    text.append(f"{'':>3}  {'name':<24} {'rating':>7} {'±':>5} {'games':>6} {'wins':>5}\n", "dim")
    for place, (name, rating) in enumerate(board, 1):
        text.append(
            f"{place:>3}  {name:<24} {rating.mu:>7.1f} {rating.sigma:>5.1f} "
            f"{rating.games:>6} {rating.wins:>5}\n"
        )
    text.rstrip()
    return text


class LeaderboardScreen(Page):
    """The ratings at one game, from `host`'s data; the arrows go to another game."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("left", "game(-1)", "Game before", show=False),
        Binding("right", "game(1)", "Next game", show=False),
    ]

    def __init__(self, host, game: str, board: list[tuple[str, Rating]]) -> None:
        super().__init__()
        self.host, self.game, self.board = host, game, board

    def body(self) -> ComposeResult:
        with Vertical(id="past"):
            yield Static("Ratings", classes="dialog-title")
            yield Static(HINT, classes="hint", markup=False)
            yield Static(leaderboard_text(get_spec(self.game).title, self.board), id="board")
        yield Footer()

    async def action_game(self, step: int) -> None:
        game = PLAYABLE[(PLAYABLE.index(self.game) + step) % len(PLAYABLE)]
        try:
            board = await self.host.past.leaderboard(game)
        except HostError as exc:
            self.notify(str(exc), severity="warning")
            return
        self.game, self.board = game, board
        self.query_one("#board", Static).update(leaderboard_text(get_spec(game).title, board))
