"""A game's options as form rows: a switch or a choice each, with its label and description
(the option's name is what `--option` types, never shown here)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core.engine.game import OPTION_LENGTH, GameSpec

from .choice import Choice
from .plain_input import PlainInput

ON_OFF = (("on", True), ("off", False))


class OptionsForm(Vertical):
    DEFAULT_CSS = "OptionsForm { height: auto; }"

    def __init__(self, spec: GameSpec, **kwargs) -> None:
        super().__init__(**kwargs)
        self.spec = spec

    def compose(self) -> ComposeResult:
        for option in self.spec.options:
            with Horizontal(classes="option-row"):
                if isinstance(option.default, bool):
                    yield Choice(ON_OFF, option.default, id=f"opt-{option.name}")
                elif not option.choices:
                    yield PlainInput(
                        str(option.default),
                        id=f"opt-{option.name}",
                        max_length=OPTION_LENGTH,
                        compact=True,
                    )
                else:
                    yield Choice(option.shown_choices(), option.default, id=f"opt-{option.name}")
                yield Static(
                    Text.assemble((option.label, "bold"), ": ", option.description),
                    classes="hint",
                )

    def values(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for option in self.spec.options:
            field = self.query_one(f"#opt-{option.name}")
            if isinstance(field, (Choice, PlainInput)):
                found[option.name] = field.value
        return found

    def on_mount(self) -> None:
        self._hide_moot()

    def on_choice_changed(self, _: Choice.Changed) -> None:
        self._hide_moot()

    def _hide_moot(self) -> None:
        """Hide the rows of options the others' values make moot (loan timing when money is
        hidden in Big Shot)."""
        values = self.values()
        for option in self.spec.options:
            if option.moot_when:
                row = self.query_one(f"#opt-{option.name}").parent
                if isinstance(row, Horizontal):
                    row.display = not option.moot(values)
