"""One value out of a few, on one line: `‹ value ›`, stepped through with the arrow keys.

Textual's Select is five widgets with a drop-down list: in a dialog, each added many times what
this adds to the first frame, and a form of game options holds up to a dozen, built on the event
loop every SSH session shares (benchmarks/tui_speed.py times the forms; the manual's "Measured
choices"). For a handful
of values, stepping is also fewer keys than opening a list.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

ChoiceLabel = str | Text


class Choice(Widget, can_focus=True):
    """Left and right step to the previous and next value (space steps on), wrapping round;
    a click on the left half steps back, on the right half on. Labels are plain text: a
    person's name is never read as markup."""

    DEFAULT_CSS = """
    Choice { width: 24; height: 1; background: $boost; color: $text-muted; }
    Choice:focus { background: $primary 40%; color: $text; text-style: bold; }
    """
    BINDINGS = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space", "step(1)", "Next", show=False),
    ]

    class Changed(Message):
        """The value changed: by a key, a click or the program."""

        def __init__(self, choice: Choice, value: Hashable) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[ChoiceLabel, Hashable]],
        value: Hashable,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._options: list[tuple[ChoiceLabel, Hashable]] = []
        self.set_options(options)
        self._index = self._index_of(value)

    @property
    def value(self) -> Hashable:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Hashable) -> None:
        self._move_to(self._index_of(value))

    @property
    def values(self) -> list[Hashable]:
        """The values to choose from, in order."""
        return [value for _, value in self._options]

    def _index_of(self, value: Hashable) -> int:
        values = self.values
        if value not in values:
            raise ValueError(f"{value!r} is not one of the choices")
        return values.index(value)

    def set_options(self, options: Sequence[tuple[ChoiceLabel, Hashable]]) -> None:
        """New values to choose from; the first is chosen until `value` is set."""
        if not options:
            raise ValueError("a choice needs at least one value")
        self._options = list(options)
        self._index = 0
        self.refresh()

    def action_step(self, by: int) -> None:
        self._move_to((self._index + by) % len(self._options))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < self.size.width // 2 else 1)

    def _move_to(self, index: int) -> None:
        if index == self._index:
            return
        self._index = index
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def render(self) -> Text:
        label = self._options[self._index][0]
        label = label.copy() if isinstance(label, Text) else Text(label)
        room = max(self.size.width - 4, 1)
        label.truncate(room, overflow="ellipsis")
        label.align("center", room)
        return Text.assemble("‹ ", label, " ›", no_wrap=True)
