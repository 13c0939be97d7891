"""What every Boomtown app shares, locally and over SSH: notifications are plain text (text a
person typed is never read as markup), and a command palette that survives any key."""

from __future__ import annotations

import contextlib

from textual.app import App
from textual.command import CommandList, CommandPalette


class SturdyCommandPalette(CommandPalette):
    """Textual's palette. In Textual 8.2 its list's page keys raise KeyError while the list is
    empty or not yet laid out; the key then does nothing."""

    def _action_command_list(self, action: str) -> None:
        if self.query_one(CommandList).option_count:
            with contextlib.suppress(KeyError):
                super()._action_command_list(action)


class BaseApp(App):
    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(SturdyCommandPalette(id="--command-palette"))
