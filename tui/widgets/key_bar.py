"""A one-line key bar for game screens: the keys that apply now, drawn as text.

Textual's Footer rebuilds a widget per key whenever the keys change, which re-lays out the
whole screen; at a table the keys change with every phase, for every player and spectator.
"""

from __future__ import annotations

from rich.text import Text

from .panel import TextPanel

KEY_STYLE = "bold reverse"
PALETTE = Text.assemble((" ^p ", KEY_STYLE), " palette")


class KeyBar(TextPanel):
    DEFAULT_CSS = "KeyBar { height: 1; dock: bottom; padding: 0 1; background: $panel; }"

    _keys: list[Text] | None = None  # each key with its description, in order

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
            keys.append(
                Text.assemble(
                    (f" {screen.app.get_key_display(binding)} ", KEY_STYLE),
                    f" {label}  ",
                )
            )
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
        for key in self._keys:
            if self.content_size.width and key.cell_len > room:
                break  # not yet laid out: every key, cut once it is
            text.append_text(key)
            room -= key.cell_len
        text.append_text(PALETTE)
        self.show_text(text)
