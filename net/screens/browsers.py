"""The lobby's W: a one-time link that signs a browser in as this person (net.transport.web), and
the browsers signed in as them, each of which they may sign out. Someone whose name an invitation
gave may tie an SSH key to it here, to play over SSH too."""

from __future__ import annotations

from datetime import UTC, datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from net.identity import COOKIE_DAYS, LINK_SECONDS, Refused
from net.store.storage import StorageError
from tui.screens.page import ModalPage
from tui.widgets.plain_input import PlainInput

Browser = tuple[str, float, float]  # which, signed in, last seen (Storage.browsers_of)


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%d %b %H:%M UTC")  # within 30 days


class BrowsersScreen(ModalPage[None]):
    """`link` to open in a browser, and the `browsers` signed in as `name`: Enter signs the one
    highlighted out, o every one (their sessions end at once, net.identity)."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Close"),
        Binding("o", "sign_out", "Sign out all"),
    ]
    AUTO_FOCUS = "OptionList, Button"  # the browsers listed, if any (not the scrolling box)

    def __init__(self, session, name: str, link: str, browsers: list[Browser]) -> None:
        super().__init__()
        self.session, self.player, self.link, self.browsers = session, name, link, browsers

    def body(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):  # (at 80x24, with the key's box, it scrolls)
            yield Static("Play in a browser", classes="dialog-title")
            yield Static(
                Text(
                    f"Open this link in the browser within {LINK_SECONDS // 60} minutes; it "
                    "signs that browser in as you, once (to select it with the mouse, hold "
                    "Shift):"
                )
            )
            yield Static(Text(self.link, "bold"), id="link")
            yield Static(id="browsers-hint")
            yield OptionList(id="browsers")
            if self._invited:
                yield Static(
                    Text(
                        "To play over SSH too, paste your SSH public key (the line in "
                        "~/.ssh/id_ed25519.pub) and press Enter: it keeps your name from then on."
                    )
                )
                yield PlainInput(placeholder="ssh-ed25519 AAAA…", id="ssh-key", max_length=1000)
            with Horizontal(classes="buttons"):
                yield Button("Close", id="close", variant="primary")
                yield Button("Sign out every browser (o)", id="sign-out")

    @property
    def _invited(self) -> bool:
        """Whether the person's name came from an invitation (their browsers keep it)."""
        return self.session.who.invited_as is not None

    def set_up(self) -> None:
        super().set_up()
        self._show(self.browsers)
        if self._invited:  # what such a person comes here for; keys type into it
            self.query_one("#ssh-key").focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """An SSH public key pasted: tied to the name, which it keeps from now on."""
        session = self.session
        try:
            await session.identity.tie_key(session.who, self.player, event.value)
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        except StorageError:
            self.notify("The server cannot tie a key just now.", severity="warning")
            return
        event.input.display = False
        self.notify(f"Your SSH key keeps {self.player!r} now: log in as {self.player} with it.")

    def _show(self, browsers: list[Browser]) -> None:
        self.browsers = browsers
        hint = (
            f"Browsers signed in as you (each for {COOKIE_DAYS} days; Enter signs the one "
            "highlighted out):"
            if browsers
            else "No browser is signed in as you."
        )
        self.query_one("#browsers-hint", Static).update(Text(hint))
        listed = self.query_one("#browsers", OptionList)
        listed.clear_options()
        listed.add_options(
            Option(f"signed in {_when(created)}, last seen {_when(seen)}", id=which)
            for which, created, seen in browsers
        )
        listed.display = bool(browsers)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "sign-out":
            await self.action_sign_out()
        else:
            self.dismiss(None)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        await self._sign_out(event.option.id)

    async def action_sign_out(self) -> None:
        await self._sign_out(None)

    async def _sign_out(self, which: str | None) -> None:
        """Sign the browser `which` out (None: every one)."""
        identity = self.session.identity
        try:
            count = await identity.sign_out(self.session.who, self.player, which)
            browsers = await identity.browsers(self.player)
        except StorageError:
            self.notify("The server cannot sign browsers out just now.", severity="warning")
            return
        self._show(browsers)
        self.notify(f"Signed out {count} browser{'s' if count != 1 else ''}.")
