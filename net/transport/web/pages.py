"""The web door's pages for people not yet in: what this server is and the ways in (SSH, an
invitation, a guest's name), and an invitation's page. Plain HTML, readable without a terminal
font, styled by the page's own stylesheet (the door's policy allows no inline style); every
value a person gave is escaped."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from net.identity import GUEST_COOKIE_HOURS, INVITE_HOURS, NAME_LENGTH

HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="/static/icon.svg">
<link rel="stylesheet" href="/static/page.css">
</head>
<body>
<main>
"""
TAIL = """</main>
</body>
</html>
"""


@dataclass(frozen=True)
class Server:
    """What a stranger's page says of the server: how to reach it over SSH, and whether guests
    may come in from the page."""

    ssh_host: str
    ssh_port: int
    guests: bool

    def ssh_command(self, name: str = "yourname") -> str:
        port = "" if self.ssh_port == 22 else f"-p {self.ssh_port} "
        return f"ssh {port}{name}@{self.ssh_host}"


def _page(title: str, body: str) -> bytes:
    return (HEAD.format(title=escape(title)) + body + TAIL).encode()


def _problem(message: str) -> str:
    return f'<p class="problem" role="alert">{escape(message)}</p>\n' if message else ""


def _name_form(action: str, button: str, name: str, message: str) -> str:
    problem = _problem(message)
    return (
        f'<form method="post" action="{escape(action)}">\n{problem}'
        '<label for="name">Your name</label>\n'
        f'<input id="name" name="name" maxlength="{NAME_LENGTH}" required autocomplete="nickname" '
        f'autocapitalize="off" spellcheck="false" value="{escape(name)}">\n'
        f'<button type="submit">{escape(button)}</button>\n</form>\n'
    )


def stranger_page(server: Server, name: str = "", message: str = "") -> bytes:
    """The page a browser that is nobody here is shown: what this is, and every way in."""
    guests = (
        "<h2>Play as a guest</h2>\n<p>Choose a name to play under now. It is yours while you "
        f"play and for {GUEST_COOKIE_HOURS} hours after, in this browser.</p>\n"
        + _name_form("/guest", "Play as a guest", name, message)
        if server.guests
        else ""
    )
    return _page(
        "Boomtown",
        "<h1>Boomtown</h1>\n"
        + ("" if server.guests else _problem(message))
        + "<p>Property-trading board games, played together: Big Shot, Army, Stadium and Million. "
        "Sit at a table with other people or with bots, or watch a game.</p>\n"
        "<h2>Join with SSH</h2>\n<p>In a terminal, with the name you want:</p>\n"
        f"<pre><code>{escape(server.ssh_command())}</code></pre>\n"
        "<p>Your SSH key keeps your name. Then press <kbd>W</kbd> in the lobby for a link "
        "that lets this browser play as you too.</p>\n"
        "<h2>Invited?</h2>\n<p>A friend who plays here can invite you: open the link they "
        "sent, and choose your name there. No terminal needed, a phone will do.</p>\n" + guests,
    )


def invite_page(inviter: str, secret: str, name: str = "", message: str = "") -> bytes:
    """An invitation's page: who invites you, and a name to choose."""
    return _page(
        "An invitation to Boomtown",
        f"<h1>{escape(inviter)} invites you to Boomtown</h1>\n"
        "<p>Property-trading board games, played together here, in this browser (a phone "
        "will do). Choose the name you will play under: it will be yours, kept by this "
        "browser, and by others you sign in later.</p>\n"
        + _name_form(f"/invite/{secret}", "Join", name, message),
    )


def no_invite_page() -> bytes:
    return _page(
        "This invitation cannot be taken up",
        "<h1>This invitation cannot be taken up</h1>\n"
        "<p>It was taken up already, or was withdrawn, or is older than "
        f"{INVITE_HOURS} hours. Ask your friend for another, or see "
        '<a href="/">the other ways in</a>.</p>\n',
    )
