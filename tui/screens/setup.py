"""Setting up a game: who sits in each seat (a person or a bot), the options, the seed."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Footer, Input, Label, Static

from core.engine.game import GameSpec
from core.text import sentence
from play.table import BOT_PACE, HUMAN, Seat, bot_kinds

from ..local import local_app
from ..widgets.choice import Choice
from ..widgets.options import OptionsForm
from .page import Page

EMPTY_SEAT = "empty"
BOT_NAMES = ("Ada", "Brick", "Coin", "Dot", "Edge", "Flint")
PACES = (("instant", 0.0), ("fast", 0.3), ("normal", BOT_PACE), ("slow", 1.5))


class SetupScreen(Page):
    AUTO_FOCUS = "#kind-0"
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+g", "start", "Start")]

    def __init__(self, spec: GameSpec) -> None:
        super().__init__()
        self.spec = spec

    def body(self) -> ComposeResult:
        spec = self.spec
        kinds = [("Person", HUMAN), *bot_kinds(spec)]
        kinds.append(("Empty seat", EMPTY_SEAT))
        with VerticalScroll(id="setup"):
            yield Static(f"New game of {spec.title}", classes="dialog-title")
            yield Static(
                f"{spec.min_players} to {spec.max_players} players, seated in this order"
                + (
                    f" ({spec.best_players} set, the number the game is best with)."
                    if spec.max_players > spec.best_players
                    else "."
                ),
                classes="hint",
            )
            for seat in range(spec.max_players):
                default = (
                    HUMAN if seat == 0 else "heuristic" if seat < spec.best_players else EMPTY_SEAT
                )
                name = "Player" if seat == 0 else BOT_NAMES[seat - 1]
                with Horizontal(classes="seat-row"):
                    yield Label(f"Seat {seat + 1}", classes="seat-label")
                    yield Choice(kinds, default, id=f"kind-{seat}")
                    yield Input(name, id=f"name-{seat}", max_length=16, compact=True)
            yield OptionsForm(spec)
            with Horizontal(classes="option-row"):
                yield Input(
                    placeholder="random", id="seed", type="integer", max_length=12, compact=True
                )
                yield Static(
                    "[b]Seed[/b]: the same seed and moves give the same game (empty: a new one)",
                    classes="hint",
                )
            with Horizontal(classes="option-row"):
                yield Choice(PACES, BOT_PACE, id="pace")
                yield Static(
                    "[b]Bot pace[/b]: how long each bot move stays on screen", classes="hint"
                )
            with Horizontal(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        """An empty seat has no name to show."""
        if event.choice.id and event.choice.id.startswith("kind-"):
            seat = event.choice.id.removeprefix("kind-")
            self.query_one(f"#name-{seat}", Input).display = event.value != EMPTY_SEAT

    def seats(self) -> list[Seat]:
        seats = []
        for seat in range(self.spec.max_players):
            kind = self.query_one(f"#kind-{seat}", Choice).value
            if kind != EMPTY_SEAT:
                name = self.query_one(f"#name-{seat}", Input).value.strip()
                seats.append(Seat(name, str(kind)))
        return seats

    def problem(self, seats: list[Seat]) -> str | None:
        spec = self.spec
        if not spec.min_players <= len(seats) <= spec.max_players:
            return f"{spec.title} needs {spec.min_players} to {spec.max_players} players."
        names = [s.name for s in seats]
        if any(not n for n in names):
            return "Every seat needs a name."
        if len(set(names)) != len(names):
            return "Two seats have the same name."
        return None

    def action_start(self) -> None:
        seats = self.seats()
        problem = self.problem(seats)
        if problem:
            self.notify(problem, severity="error")
            return
        options = self.query_one(OptionsForm).values()
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(1_000_000)
        pace = self.query_one("#pace", Choice).value
        assert isinstance(pace, float)  # (PACES lists seconds)
        try:
            local_app(self).start_game(self.spec.slug, seats, seed, options, pace)
        except ValueError as exc:  # an option the game refuses, e.g. a colour named twice
            self.notify(sentence(str(exc)) + ".", severity="error")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()
