"""A one-line key bar for game screens: the keys that apply now, drawn as text; a click on a
key does what pressing it does (on a phone, a touch).

Textual's Footer rebuilds a widget per key whenever the keys change, which re-lays out the
whole screen; at a table the keys change with every phase, for every player and spectator.
"""

from __future__ import annotations

from rich.text import Text
from textual import events

from ..base import BaseApp
from ..textual_private import shown_active_bindings
from .panel import TextPanel

KEY_STYLE = "bold reverse"
PALETTE = Text.assemble((" ^p ", KEY_STYLE), " palette")


def keys_that_act(screen) -> list[tuple[str, str, str]]:
    """(key, as it is shown, label) for each of the screen's shown, enabled bindings, once per
    action, in the order they are declared, but those the screen names in `keys_last` after
    the rest, in that order (where a narrow key bar is cut first); a screen may label a key its
    own way (`key_label`, "" for none) and keep a working key off the bar (`key_shown`)."""
    acting, seen = [], set()
    last = getattr(screen, "keys_last", ())

    def place(active) -> int:
        action = active.binding.action
        return last.index(action) + 1 if action in last else 0

    for active in sorted(shown_active_bindings(screen).values(), key=place):
        binding = active.binding
        if not binding.show or not active.enabled or binding.action in seen:
            continue
        label = screen.key_label(binding) if hasattr(screen, "key_label") else binding.description
        if not label or not getattr(screen, "key_shown", lambda action: True)(binding.action):
            continue
        seen.add(binding.action)
        acting.append((binding.key, screen.app.get_key_display(binding), label))
    return acting


def report_keys(screen, acting: list[tuple[str, str, str]]) -> None:
    """Tell the app the keys that act now (a phone's page shows them to be touched)."""
    if isinstance(screen.app, BaseApp):
        screen.app.keys_shown([(key, label) for key, _, label in acting] + [("ctrl+p", "palette")])


class KeyBar(TextPanel):
    DEFAULT_CSS = "KeyBar { height: 1; dock: bottom; padding: 0 1; background: $panel; }"

    _acting: list[tuple[str, str, str]] | None = None  # the keys that act, as last shown
    _spans: list[tuple[int, int, str]] = []  # where each key shown is: from, to, its key

    def show_keys(self, screen) -> None:
        """The keys that act on `screen` now (`keys_that_act`); only whole keys are shown, then
        the palette, which lists every action."""
        acting = keys_that_act(screen)
        if acting != self._acting:  # a new phase of a game often keeps the keys of the last
            self._acting = acting
            self._fit()
        report_keys(screen, acting)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        if self._acting is None:
            return
        room = self.content_size.width - PALETTE.cell_len
        text = Text(no_wrap=True, overflow="ellipsis")
        spans = []

        def add(shown: Text, key: str) -> None:
            spans.append((text.cell_len, text.cell_len + shown.cell_len, key))
            text.append_text(shown)

        for key, display, label in self._acting:
            shown = Text.assemble((f" {display} ", KEY_STYLE), f" {label}  ")
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
