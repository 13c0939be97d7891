"""A move drawn as only the rows it changed leaves each person's terminal showing the whole
screen their app would draw (net.render.changed_rows)."""

import pyte
import pytest

from core.games import get_spec
from net.render import changed_rows
from tui.textual_private import Compositor, screen_lines

from .harness import connect, session_of, table_with, until

NAMES = ["ann", "ben", "cat", "dan"]


def cells(screen: pyte.Screen) -> list[list[tuple]]:
    """Every cell of a terminal: its character, colours and the attributes Textual sets."""
    return [
        [
            (c.data, c.fg, c.bg, c.bold, c.italics, c.underscore, c.reverse)
            for c in (screen.buffer[y][x] for x in range(screen.columns))
        ]
        for y in range(screen.lines)
    ]


def whole(app) -> list[list[tuple]]:
    """The app's whole screen as it is now, drawn on a terminal of its own."""
    width, height = app.size
    screen = pyte.Screen(width, height)
    stream = pyte.ByteStream(screen)
    for y, line in enumerate(screen_lines(app.screen)):
        stream.feed(f"\x1b[{y + 1};1H{line.render(app.console)}".encode())
    return cells(screen)


def shows_whole(person, app):
    """Whether the person's terminal shows their app's whole screen, looked at again only once
    more of its frames have come (comparing is most of the test's time)."""
    compared_at = [-1]

    def check() -> bool:
        if len(person.received) == compared_at[0]:
            return False
        compared_at[0] = len(person.received)
        return cells(person.screen) == whole(app)

    return check


@pytest.mark.parametrize("game", ["bigshot", "army"])
async def test_each_move_leaves_every_terminal_showing_the_whole_screen(served, game):
    server, port = served
    assert Compositor.render_partial_update is changed_rows._render_partial_update
    people = [await connect(port, name) for name in NAMES]
    for person, name in zip(people, NAMES):
        await person.wait_for(f"You are {name}")
    table = await table_with(server, NAMES, bots=0, game=game, seed=5)
    bot = get_spec(game).bots["heuristic"](1)
    for person in people:
        await person.wait_for("Ledger")
    apps = [session_of(server, name).app for name in NAMES]
    for _ in range(10):
        for person, app in zip(people, apps):
            await until(shows_whole(person, app), timeout=10)
        state = table.match.state
        seat = state.to_act()[0]
        await server.host.act(
            table.id, NAMES[seat], bot.choose(state.view(seat), state.legal_actions(seat))
        )
    for person in people:
        await person.close()
