"""A text box that takes only characters that print: what a person pastes or types is shown
back to them, so control characters (C0, C1) and bidi overrides never reach their terminal. A
paste longer than the box allows is cut to fit, not dropped whole (Textual's own refusal)."""

from __future__ import annotations

from textual.widgets import Input


class PlainInput(Input):
    def replace(self, text: str, start: int, end: int) -> None:
        """Every way text comes in (a key, a paste) passes here."""
        text = "".join(ch for ch in text if ch.isprintable())
        if self.max_length:
            room = self.max_length - (len(self.value) - (end - start))
            text = text[: max(0, room)]
        super().replace(text, start, end)
