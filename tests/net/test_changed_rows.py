"""A move drawn as only the rows it changed leaves each person's terminal showing the whole
screen their app would draw (net.render.changed_rows)."""

import asyncio

import pyte
import pytest

from core.games import get_spec
from net.render import changed_rows
from tui.textual_private import Compositor, screen_lines
from tui.widgets.row_list import RowList

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


async def screen_has_handled_its_messages(screen) -> None:
    """Wait until `screen` has handled every message sent to it before now."""
    handled = asyncio.Event()
    screen.call_later(handled.set)
    await handled.wait()


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


async def test_a_screen_laid_out_while_the_app_holds_its_frames_is_drawn_once_it_lets_go(served):
    """Textual holds an app's frames in a batch update while the app starts and while a screen
    is dismissed. A screen laid out meanwhile was rendered, taken as drawn, and dropped: the
    terminal kept what it showed before (in CI, a lobby without the tables made while its
    person's app was starting). Here tables are made and the screen laid out again (as a new
    theme does) while the app holds its frames."""
    server, port = served
    ann = await connect(port, "ann")
    await ann.wait_for("You are ann")
    app = session_of(server, "ann").app
    await until(shows_whole(ann, app))
    lobby = app.screen
    with app.batch_update():
        for game in ("bigshot", "army"):
            await server.host.create_table("ann", game, {}, players=2, bots=1)
        await until(lambda: len(lobby.query_one("#tables", RowList).keys) == 2)
        await screen_has_handled_its_messages(lobby)  # the list's news among them
        app.refresh_css()  # lays the screen out, and makes a frame that is dropped
        await screen_has_handled_its_messages(lobby)
    await ann.wait_for("Big Shot")
    await ann.wait_for("Army")
    await until(shows_whole(ann, app), timeout=10)
    await ann.close()
