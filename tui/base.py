"""What every Boomtown app shares, locally and over SSH: plain notifications (text a person
typed is never read as markup; one notice is never stacked twice), and an app that any burst
of keys or clicks cannot break.

Fast input races Textual 8.2's screens: a key can close a screen before its Mount event or a
worker's search has run, and those then query widgets that are gone. Such a late query on a
closed screen is ignored here; every other error is an error.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.dom import DOMNode, NoScreen
from textual.notifications import Notify
from textual.screen import Screen
from textual.worker import WorkerFailed

from . import textual_fixes
from .textual_private import (
    DuplicateIds,
    background_screens,
    exiting,
    notifications,
    query_node,
    screen_stack,
    unnotify,
    write_to_terminal,
)

log = logging.getLogger("boomtown")
PALETTE_ID = "--command-palette"
textual_fixes.install()


class SturdyCommandPalette(CommandPalette):
    """Textual's palette, dismissed once and only from the top of the screens (a click that
    came after a key closed it raised ScreenStackError)."""

    def dismiss(self, result=None):
        if self.app.screen is self:
            return super().dismiss(result)
        return None


class BaseApp(App):
    # Escape closes Textual's keys panel (the palette's "Keys") while it is shown, before any
    # screen's own Escape; at any other time the key goes on to the screen as before.
    BINDINGS = [Binding("escape", "hide_help_panel", "Hide keys", show=False, priority=True)]
    ALLOW_SELECT = False  # Textual's text selection crashed on a click at a widget being removed
    turn_bell = False  # ring the terminal's bell when a turn comes after a wait (tui.turn_bell)

    _window_title: str | None = None  # as last named (None: not yet)

    def keys_shown(self, keys: list[tuple[str, str]]) -> None:
        """The keys that act now, as the key bar lists them: (key, label) in order. A front
        end with no keyboard (a phone's page) shows them to be touched."""

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's commands, but Quit where the screen's own leaving stands for it (a
        table's 'Leave the game': the palette listed both)."""
        leaves = getattr(screen, "LEAVES", False)
        for command in super().get_system_commands(screen):
            if not (leaves and command.title == "Quit"):
                yield command

    def name_window(self, title: str) -> None:
        """Name the terminal's window, and so its tab (a browser's page takes it as its own
        title): `title - Boomtown`, or "Boomtown" alone."""
        title = "".join(ch for ch in title if ch.isprintable())
        if title != self._window_title:
            self._window_title = title
            write_to_terminal(self, f"\x1b]2;{f'{title} - ' if title else ''}Boomtown\x07")

    def choose_turn_bell(self, on: bool) -> None:
        """Ring the bell from now on, or not; an app that keeps settings keeps this one."""
        self.turn_bell = on

    @property
    def _background_screens(self) -> list:
        """Textual's hook: the screens it draws under the current one (`showing_through`)."""
        return self.showing_through()

    def showing_through(self) -> list:
        """The screens that show through the current one: none through an opaque screen.

        Textual 8.2 always counts the screen below as showing through, so every layout and
        repaint of a full-window screen did the hidden one's too (a good part of a session's
        first frame over SSH: the manual's "Measured choices")."""
        stack = screen_stack(self)
        if stack and stack[-1].styles.background.a == 1:
            return []
        return background_screens(self)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity="information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C leaves, as Ctrl+Q does (a game is saved after every move). Textual's own only
        said which key quits, in markup a notice here shows as it is."""
        self.exit()  # what Textual's action_quit does

    def _on_notify(self, event: Notify) -> None:
        """A notice already shown is not stacked again (a key pressed in vain five times): it
        moves to the newest place with its time started again. Textual's own handler, which
        runs next, shows the new one."""
        new = event.notification
        for shown in notifications(self):
            if (shown.message, shown.title, shown.severity) == (
                new.message,
                new.title,
                new.severity,
            ):
                unnotify(self, shown)

    def action_command_palette(self) -> None:
        self._open_palette(SturdyCommandPalette(id=PALETTE_ID))

    def action_show_help_panel(self) -> None:
        """Textual's keys panel, if the screen can still take it: a command chosen in the
        palette runs once the palette has closed, when the app may be exiting or its screen
        changing (mounting the panel then failed, and over SSH closed the session)."""
        if self.screen.is_attached:
            super().action_show_help_panel()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "hide_help_panel":  # the panel is one of the screen's own children
            return bool(self.screen.query_children("HelpPanel"))
        return super().check_action(action, parameters)

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        self._open_palette(
            SturdyCommandPalette(providers=[ThemeProvider], placeholder="Search for themes…")
        )

    def _open_palette(self, palette: CommandPalette) -> None:
        """One palette at a time, even when Ctrl+P comes twice before the first is up."""
        opening = any(isinstance(s, CommandPalette) for s in self.screen_stack)
        if self.use_command_palette and not opening:
            with contextlib.suppress(DuplicateIds):  # the first is still being put up
                self.push_screen(palette)

    def _handle_exception(self, error: Exception) -> None:
        if self._late_on_closed_screen(error):
            log.debug("ignored a late query on a closed screen: %s", error)
            return
        super()._handle_exception(error)

    def _late_on_closed_screen(self, error: BaseException) -> bool:
        """Whether `error` is a query that found nothing on a screen that is closing (off the
        stack, or its widgets already removed) or in an app that is closing."""
        if isinstance(error, WorkerFailed):
            error = error.error
        if not isinstance(error, NoMatches):
            return False
        if exiting(self):
            return True
        node = query_node(error)
        if not isinstance(node, DOMNode):
            return False
        try:
            screen = node.screen
        except NoScreen:  # detached from every screen: closed for sure
            return True
        return screen not in self.screen_stack or not screen.children  # popped, or torn down
