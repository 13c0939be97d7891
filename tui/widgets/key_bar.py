"""A one-line key bar for game screens: the keys that apply now, drawn as text.

Textual's Footer rebuilds a widget per key whenever the keys change, which re-lays out the
whole screen; at a table the keys change with every phase, for every player and spectator.
"""

from __future__ import annotations

from rich.text import Text

from .panel import TextPanel

KEY_STYLE = "bold reverse"


class KeyBar(TextPanel):
    DEFAULT_CSS = "KeyBar { height: 1; dock: bottom; padding: 0 1; background: $panel; }"

    def show_keys(self, screen) -> None:
        """The screen's shown, enabled bindings, once per key, in the order they are declared,
        but those the screen names in `KEYS_LAST` after the rest, in that order (where the bar
        is cut first on a narrow screen); a screen may keep a working key off the bar:
        `key_shown`."""
        text = Text(no_wrap=True, overflow="ellipsis")
        seen = set()
        last = getattr(screen, "KEYS_LAST", ())

        def place(active) -> int:
            action = active.binding.action
            return last.index(action) + 1 if action in last else 0

        for active in sorted(screen.active_bindings.values(), key=place):
            binding = active.binding
            if not binding.show or not active.enabled or binding.action in seen \
                    or not screen.key_shown(binding.action):
                continue
            seen.add(binding.action)
            text.append(f" {screen.app.get_key_display(binding)} ", KEY_STYLE)
            text.append(f" {binding.description}  ")
        text.append(" ^p ", KEY_STYLE)
        text.append(" palette")
        self.show_text(text)
