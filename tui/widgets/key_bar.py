"""A one-line key bar for game screens: the keys that apply now, drawn as text; a click on a
key does what pressing it does (on a phone, a touch).

Textual's Footer rebuilds a widget per key whenever the keys change, which re-lays out the
whole screen; at a table the keys change with every phase, for every player and spectator.
"""

from __future__ import annotations

from rich.text import Text
from textual import events

from .panel import TextPanel

KEY_STYLE = "bold reverse"
PALETTE = Text.assemble((" ^p ", KEY_STYLE), " palette")


class KeyBar(TextPanel):
    DEFAULT_CSS = "KeyBar { height: 1; dock: bottom; padding: 0 1; background: $panel; }"

    _keys: list[tuple[Text, str]] | None = None  # each key shown, described, and pressed
    _spans: list[tuple[int, int, str]] = []  # where each key shown is: from, to, its key

    def show_keys(self, screen) -> None:
        """The screen's shown, enabled bindings, once per key, in the order they are declared,
        but those the screen names in `keys_last` after the rest, in that order (where the bar
        is cut first on a narrow screen); a screen may label a key its own way (`key_label`, ""
        for none) and keep a working key off the bar (`key_shown`). Only whole keys are shown,
        then the palette, which lists every action."""
        keys, seen = [], set()
        last = getattr(screen, "keys_last", ())

        def place(active) -> int:
            action = active.binding.action
            return last.index(action) + 1 if action in last else 0

        for active in sorted(screen.active_bindings.values(), key=place):
            binding = active.binding
            label = (
                screen.key_label(binding) if hasattr(screen, "key_label") else binding.description
            )
            if (
                not binding.show
                or not label
                or not active.enabled
                or binding.action in seen
                or not screen.key_shown(binding.action)
            ):
                continue
            seen.add(binding.action)
            shown = Text.assemble(
                (f" {screen.app.get_key_display(binding)} ", KEY_STYLE), f" {label}  "
            )
            keys.append((shown, binding.key))
        self._keys = keys
        self._fit()

    def on_resize(self) -> None:
        if self._keys is not None:
            self._fit()

    def _fit(self) -> None:
        if self._keys is None:
            return
        room = self.content_size.width - PALETTE.cell_len
        text = Text(no_wrap=True, overflow="ellipsis")
        spans = []

        def add(shown: Text, key: str) -> None:
            spans.append((text.cell_len, text.cell_len + shown.cell_len, key))
            text.append_text(shown)

        for shown, key in self._keys:
            if self.content_size.width and shown.cell_len > room:
                break  # not yet laid out: every key, cut once it is
            add(shown, key)
            room -= shown.cell_len
        add(PALETTE, "ctrl+p")
        self._spans = spans
        self.show_text(text)

    def on_click(self, event: events.Click) -> None:
        """A key clicked is pressed."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        key = next((key for start, end, key in self._spans if start <= offset.x < end), None)
        if key is not None:
            self.app.simulate_key(key)
