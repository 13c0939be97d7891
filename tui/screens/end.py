"""The end of any game: the verdict, the game's own summary and chart, then again, replay,
title or quit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from play.analysis import Analysing
from play.ratings import RatingChanges

from ..look import EMPTY, SEAT_COLOURS, seat_label
from ..widgets.analysis import AnalysisPanel
from ..widgets.chart import sparklines
from ..widgets.key_bar import KeyBar
from ..widgets.ratings import RatingsLine
from .page import Page

OUT = Style(dim=True)


def standing_label(view, seat: int, label: Text, width: int) -> Text:
    """A player's `label` in the standings, `width` cells: ★ for a winner, "(bankrupt)" for a
    player out of the game; the name is cut, never the mark."""
    status = (
        (" ★", "bold")
        if seat in view.result.winners
        else (" (bankrupt)", OUT)
        if not view.active[seat]
        else ("", "")
    )
    label.truncate(width - len(status[0]), overflow="ellipsis")
    label.append(*status)
    label.truncate(width, pad=True)
    return label


def chart_of(view, history, final, labels: list[Text], colours, width: int, title: str) -> Text:
    """Each player's figure at the end of each round, as sparklines in their colours, ending
    with `final`, the figures the standings show, where the game ended during a round."""
    styles = [Style(color=colours[seat]) for seat in range(len(view.players))]
    if not history or tuple(history[-1]) != tuple(final):
        history = (*history, tuple(final))
    return sparklines(history, labels, styles, width, title)


@dataclass(frozen=True)
class Column:
    """A column of the standings: its heading, its width (right-aligned) and its value for a
    seat, from the final view."""

    heading: str
    width: int
    value: Callable[[Any, int], object]


def standings(view: Any, name_width: int, columns: Sequence[Column], order: Sequence[int]) -> Text:
    """Every player in `order` (best first), by badge and name, then `columns`: the
    winners' rows in bold."""
    text = Text()
    headings = "".join(f"{c.heading:>{c.width}}" for c in columns)
    text.append(f"{'':{name_width}}{headings}\n", EMPTY)
    for seat in order:
        text.append_text(standing_label(view, seat, seat_label(view, seat), name_width))
        text.append(
            "".join(f"{c.value(view, seat)!s:>{c.width}}" for c in columns) + "\n",
            "bold" if seat in view.result.winners else "",
        )
    text.rstrip()
    return text


ASSISTED = (
    "Assisted: moves were taken back or hints asked, so this game counts in no record of wins."
)


class EndPage(Page[str]):
    """Answers one of its `choices` ("again", "title", "quit" on this computer, "lobby" at an
    SSH table). A game's end screen provides `sheet` and `chart`; its table screen gives it
    the choices, and may give it `replay`, which makes a screen replaying the game."""

    # Enter takes the first choice, the arrows move between them: the first is focused on
    # `set_up` without scrolling to it, so that the verdict stays in sight on a short screen
    # (and a picture of the screen does not depend on whether the analysis came first)
    AUTO_FOCUS = ""
    keys_last = ("scroll_page(1)",)  # the key bar lists the choices first
    BINDINGS = [
        Binding("a", "choose('again')", "Play again"),
        Binding("r", "replay", "Replay"),
        Binding("t", "choose('title')", "Title"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("q", "choose('lobby')", "Lobby"),
        Binding("left", "app.focus_previous", show=False),
        Binding("right", "app.focus_next", show=False),
        # where the page is taller than the window, the key bar says there is more (the
        # screen's own keys: the page's scrolling keys would come first, and unlisted)
        Binding("down", "scroll_page(1)", "More below", key_display="↑↓", priority=True),
        Binding("up", "scroll_page(-1)", show=False, priority=True),
        Binding("pagedown", "scroll_page(10)", show=False, priority=True),
        Binding("pageup", "scroll_page(-10)", show=False, priority=True),
    ]

    def __init__(self, view) -> None:
        super().__init__()
        self.final = view
        self.choices: dict[str, str] = {"quit": "Quit"}  # answer -> its button's label
        self.replay: Callable[[], Screen] | None = None
        self.assisted = False  # moves were taken back or hints asked
        self.analysing: Analysing | None = None  # the game's analysis, and whose moves it names
        self.analysed_seats: Sequence[int] = ()
        self.ratings: RatingChanges | None = None  # the people's rating changes (SSH tables)
        self.game_title = ""  # the game's title

    def body(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(Text("Game over", "bold"), classes="dialog-title")
            yield Static(Text(self.final.result.reason, "bold"), id="verdict")
            if self.assisted:
                yield Static(Text(ASSISTED), id="assisted")
            if self.ratings is not None:
                yield RatingsLine(self.ratings, self.game_title, id="ratings")
            yield Static(self.sheet(), id="sheet")
            yield Static(self.chart(self.app.size.width - 8), id="chart")
            if self.analysing is not None:
                yield AnalysisPanel(self.analysing, self.final, self.analysed_seats, id="analysis")
            with Horizontal(classes="buttons"):
                for number, (choice, label) in enumerate(self.choices.items()):
                    yield Button(label, id=choice, variant="primary" if not number else "default")
                    if not number and self.replay is not None:
                        yield Button("Replay", id="replay")
        yield KeyBar()

    def set_up(self) -> None:
        super().set_up()
        self.query_one(".buttons Button").focus(scroll_visible=False)
        self.call_after_refresh(self.query_one(KeyBar).show_keys, self)
        # the page grows as the analysis comes: the key bar says again whether there is more
        self.watch(self.query_one("#end"), "virtual_size", self._grew, init=False)

    def _grew(self) -> None:
        self.call_after_refresh(self.query_one(KeyBar).show_keys, self)

    def action_scroll_page(self, lines: int) -> None:
        self.query_one("#end", VerticalScroll).scroll_relative(y=lines, animate=False)

    def sheet(self) -> Text:
        raise NotImplementedError

    def chart(self, width: int) -> Text:
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "choose":
            return parameters[0] in self.choices
        if action == "scroll_page":
            return self.query_one("#end", VerticalScroll).max_scroll_y > 0
        return action != "replay" or self.replay is not None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
        else:
            self.dismiss(event.button.id)

    def action_replay(self) -> None:
        """The game again, move by move, over this screen (closing it comes back here)."""
        if self.replay is not None:
            self.app.push_screen(self.replay())

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class StandingsEnd(EndPage):
    """The end of a game that ranks its players by one figure: the standings (`COLUMNS`, best
    first by `order`) and that figure by round (`figures`)."""

    NAME_WIDTH: ClassVar[int] = 14  # the whole table fits in 80 columns
    COLUMNS: ClassVar[tuple[Column, ...]] = ()
    CHART_TITLE: ClassVar[str] = ""

    @staticmethod
    def order(view: Any) -> list[int]:
        """The seats, best first."""
        raise NotImplementedError

    @staticmethod
    def figures(view: Any) -> tuple[Sequence[Sequence[int]], Sequence[int]]:
        """The ranking figure of every seat at each round's end, and at the end."""
        raise NotImplementedError

    @classmethod
    def standings_of(cls, view: Any) -> Text:
        return standings(view, cls.NAME_WIDTH, cls.COLUMNS, cls.order(view))

    def sheet(self) -> Text:
        return self.standings_of(self.final)

    def chart(self, width: int) -> Text:
        view = self.final
        labels = [seat_label(view, seat) for seat in range(len(view.players))]
        history, final = self.figures(view)
        return chart_of(view, history, final, labels, SEAT_COLOURS, width, self.CHART_TITLE)
