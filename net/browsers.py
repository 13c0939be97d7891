"""The lobby's W: a one-time link that signs a browser in as this person (net.web), and the
browsers signed in as them, which they may sign out."""

from __future__ import annotations

from datetime import UTC, datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui.screens.page import ModalPage

from .storage import StorageError
from .web.door import COOKIE_DAYS, LINK_SECONDS


def browsers_text(browsers: list[tuple[float, float]]) -> Text:
    if not browsers:
        return Text("No browser is signed in as you.", "dim")
    text = Text(f"Browsers signed in as you (each for {COOKIE_DAYS} days):\n")
    for signed_in, seen in browsers:
        text.append(f"  signed in {_when(signed_in)}, last seen {_when(seen)}\n")
    text.rstrip()
    return text


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%d %b %Y %H:%M UTC")


class BrowsersScreen(ModalPage[None]):
    """`link` to open in a browser, and `browsers` (signed in, last seen) of `name`."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close"), Binding("o", "sign_out", "Sign out")]

    def __init__(self, host, name: str, link: str, browsers: list[tuple[float, float]]) -> None:
        super().__init__()
        self.host, self.player, self.link, self.browsers = host, name, link, browsers

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Play in a browser", classes="dialog-title")
            yield Static(
                Text(
                    f"Open this link in the browser within {LINK_SECONDS // 60} minutes; it "
                    "signs that browser in as you, once (to select it with the mouse, hold "
                    "Shift):"
                )
            )
            yield Static(Text(self.link, "bold"), id="link")
            yield Static(browsers_text(self.browsers), id="browsers")
            with Horizontal(classes="buttons"):
                yield Button("Close", id="close", variant="primary")
                yield Button("Sign out every browser (o)", id="sign-out")

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "sign-out":
            await self.action_sign_out()
        else:
            self.dismiss(None)

    async def action_sign_out(self) -> None:
        storage = self.host.storage
        try:
            count = await storage.soon(storage.sign_out_browsers, self.player)
        except StorageError:
            self.notify("The server cannot sign browsers out just now.", severity="warning")
            return
        self.browsers = []
        self.query_one("#browsers", Static).update(browsers_text([]))
        self.notify(f"Signed out {count} browser{'s' if count != 1 else ''}.")
