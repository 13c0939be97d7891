"""The local terminal driver, leaving the terminal as it found it.

Textual 8.2 leaves the alternate screen with its last frame still on it. A terminal that grew
while the app ran (tmux measured here: a pane resized from 120x40 to 130x45, then Ctrl+Q) then
shows rows of that frame on the shell's own screen. Blanking the alternate screen before
leaving it keeps the shell's screen exactly as it was. The window's title, which the app names
(`BaseApp.name_window`), is kept as it was and given back (xterm's title stack).
"""

from __future__ import annotations

from functools import cache

from textual.driver import Driver

BLANK = "\x1b[H\x1b[2J"  # cursor home, erase the whole (alternate) screen
KEEP_TITLE, GIVE_TITLE_BACK = "\x1b[22;0t", "\x1b[23;0t"


@cache
def blanking(driver_class: type[Driver]) -> type[Driver]:
    """`driver_class`, blanking its screen before it leaves application mode, and giving the
    window's title back."""

    class BlankingDriver(driver_class):  # type: ignore[valid-type, misc]  # (a base chosen at run time)
        def start_application_mode(self) -> None:
            super().start_application_mode()
            self.write(KEEP_TITLE)  # (written once the driver's writer runs)

        def stop_application_mode(self) -> None:
            self.write(BLANK + GIVE_TITLE_BACK)
            super().stop_application_mode()

    BlankingDriver.__name__ = f"Blanking{driver_class.__name__}"
    return BlankingDriver
