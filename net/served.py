"""What every app the server runs shares: the SSH driver, the stylesheet, plain notifications,
and no command that touches the server's own files (Textual's screenshot writes one)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.screen import Screen

import tui
from tui.plain import PlainNotifications

from .driver import SSHDriver, fit_for_ssh

NO_FILES = "Screenshots are not available over SSH: the server's files are not yours to write."


class ServedApp(PlainNotifications, App):
    CSS_PATH = Path(tui.__file__).parent / "app.tcss"

    def __init__(self, channel, term: str) -> None:
        super().__init__(driver_class=SSHDriver)
        self.channel = channel  # the SSH driver reads and writes through it
        fit_for_ssh(self, term)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return (command for command in super().get_system_commands(screen)
                if command.title != "Screenshot")

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify(NO_FILES, severity="warning")

    def save_screenshot(self, *args, **kwargs) -> str:
        raise PermissionError(NO_FILES)

    def deliver_screenshot(self, *args, **kwargs) -> str | None:
        self.notify(NO_FILES, severity="warning")
        return None
