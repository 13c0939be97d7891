"""What every app the server runs shares: the SSH driver, the stylesheet, plain notifications,
no command that touches the server's own files (Textual's screenshot writes one), and errors
logged on the server as plain tracebacks (Textual prints them with every local variable)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from textual.app import SystemCommand
from textual.screen import Screen

import tui
from net.transport.driver import SSHDriver, fit_for_ssh
from tui.base import BaseApp
from tui.textual_private import app_error, error_shown, forget_error_shown

log = logging.getLogger("boomtown.net")
NO_FILES = "Screenshots are not available over SSH: the server's files are not yours to write."


class ServedApp(BaseApp):
    CSS_PATH = Path(tui.__file__).parent / "app.tcss"

    def __init__(self, channel, term: str) -> None:
        super().__init__(driver_class=SSHDriver)
        self.channel = channel  # the SSH driver reads and writes through it
        fit_for_ssh(self, term)

    def _print_error_renderables(self) -> None:
        if error_shown(self):
            log.error("%s failed", type(self).__name__, exc_info=app_error(self))
        forget_error_shown(self)

    def keys_shown(self, keys: list[tuple[str, str]]) -> None:
        self.channel.keys_shown(keys)

    @property
    def failed(self) -> bool:
        """Whether the app ended on an error (it was logged)."""
        return app_error(self) is not None

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return (
            command
            for command in super().get_system_commands(screen)
            if command.title != "Screenshot"
        )

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify(NO_FILES, severity="warning")

    def save_screenshot(self, *args, **kwargs) -> str:
        raise PermissionError(NO_FILES)

    def deliver_screenshot(self, *args, **kwargs) -> str | None:
        self.notify(NO_FILES, severity="warning")
        return None
