"""What the screens of the app on this computer ask of it (tui.app's BoomtownApp does it): start,
continue or replay a game, play again, go back to the title. A protocol, so that the screens
need not import the app that shows them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from textual.dom import DOMNode

from play.table import LocalTable, Seat


@runtime_checkable
class LocalApp(Protocol):
    def start_game(
        self,
        game: str,
        seats: Sequence[Seat],
        seed: int,
        options: dict[str, Any],
        pace: float | None = None,
    ) -> None: ...

    def resume(self, path: Path) -> None: ...

    def replay(self, path: Path) -> None: ...

    def play_again(self, table: LocalTable) -> None: ...

    def switch_to_title(self) -> None: ...


def local_app(node: DOMNode) -> LocalApp:
    """The app on this computer that `node` (a screen of its own) is part of."""
    app = node.app
    if not isinstance(app, LocalApp):
        raise TypeError(f"{type(node).__name__} is a screen of the app on this computer")
    return app
