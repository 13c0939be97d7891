"""The lobby's I: invitations for friends with no SSH client (net.identity). A person whose
name is kept makes a one-time link, valid a day; the friend opens it in a browser (a phone
will do) and chooses a name of their own there. The dialog lists the day's invitations, and
who took each up; Enter withdraws one not yet taken up."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from net.identity import INVITE_HOURS, INVITES_PER_DAY, Refused
from net.store.storage import StorageError
from tui.screens.page import ModalPage

Invitation = tuple[str, float, float, str | None]  # which, made, expires, taken up by


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%d %b %H:%M UTC")


def invitation_line(invitation: Invitation, now: float) -> str:
    """How an invitation stands, in a line."""
    _, made, expires, taken_by = invitation
    if taken_by is not None:
        return f"made {_when(made)}: taken up by {taken_by}"
    if expires < now:
        return f"made {_when(made)}: withdrawn or expired"
    return f"made {_when(made)}: open until {_when(expires)} (Enter withdraws it)"


class InvitesScreen(ModalPage[None]):
    """`session`'s person's invitations: n makes one and shows its link, Enter withdraws the
    one highlighted. Who took one up shows once they come (`reread`)."""

    BINDINGS = [
        Binding("escape", "dismiss(None)", "Close"),
        Binding("n", "invite", "New invitation"),
    ]

    def __init__(self, session, web_url: str, invitations: list[Invitation], now: float) -> None:
        super().__init__()
        self.session, self.web_url = session, web_url
        self.invitations, self.now = invitations, now

    def body(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Invite a friend", classes="dialog-title")
            yield Static(
                Text(
                    "A friend with no SSH can play here in a browser (a phone will do): send "
                    f"them a link. It works once, within {INVITE_HOURS} hours, and they choose "
                    f"their name on it. You may make {INVITES_PER_DAY} a day. (To select the "
                    "link with the mouse, hold Shift.)"
                )
            )
            yield Static(id="link")
            yield Static(id="invites-hint")
            yield OptionList(id="invites")
            with Horizontal(classes="buttons"):
                yield Button("New invitation (n)", id="invite", variant="primary")
                yield Button("Close", id="close")

    def set_up(self) -> None:
        super().set_up()
        self._show(self.invitations)

    def _show(self, invitations: list[Invitation]) -> None:
        self.invitations = invitations
        self.query_one("#invites-hint", Static).update(
            Text("Your invitations in the last day:" if invitations else "")
        )
        listed = self.query_one("#invites", OptionList)
        highlighted = listed.highlighted
        listed.clear_options()
        listed.add_options(
            Option(invitation_line(invitation, self.now), id=invitation[0])
            for invitation in invitations
        )
        listed.display = bool(invitations)
        if highlighted is not None and invitations:  # where the person was in the list
            listed.highlighted = min(highlighted, len(invitations) - 1)

    async def reread(self) -> None:
        """Someone came (the lobby changed): read the invitations again if one still open may
        have been taken up by them. If they cannot be read, those shown stand."""
        self.now = time.time()
        if not any(taken is None and expires > self.now for *_, expires, taken in self.invitations):
            return
        try:
            invitations = await self.session.identity.invites(self.session.name)
        except StorageError:
            return
        if invitations != self.invitations:
            self._show(invitations)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "invite":
            await self.action_invite()
        else:
            self.dismiss(None)

    async def action_invite(self) -> None:
        """A new invitation, its link shown."""
        session = self.session
        identity = session.identity
        try:
            secret = await identity.make_invite(session.who, session.name)
            invitations = await identity.invites(session.name)
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        except StorageError:
            self.notify("The server cannot make an invitation just now.", severity="warning")
            return
        self.query_one("#link", Static).update(Text(f"{self.web_url}/invite/{secret}", "bold"))
        self._show(invitations)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Withdraw the invitation chosen, if it was not taken up."""
        identity, name = self.session.identity, self.session.name
        try:
            withdrawn = await identity.revoke_invite(name, event.option.id)
            invitations = await identity.invites(name)
        except StorageError:
            self.notify("The server cannot withdraw it just now.", severity="warning")
            return
        self._show(invitations)
        if withdrawn:
            self.notify("Withdrawn: that link lets nobody in now.")
