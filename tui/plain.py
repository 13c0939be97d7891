"""Text a person typed (names, chat, table titles) is never read as markup.

Widgets are given `rich.text.Text` built from such text; notifications, which Textual reads as
markup by default, are plain in every Boomtown app.
"""

from __future__ import annotations


class PlainNotifications:
    """An App mixin: every notification is shown exactly as written."""

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout,  # type: ignore[misc]
                       markup=False)
