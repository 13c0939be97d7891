"""The mouse and the window over SSH, with the very bytes a terminal sends for a click (SGR
and xterm.js send them): a click selects the row clicked, and a key on the key bar clicked
does what pressing it does."""

from net.screens.lobby import LobbyScreen
from tui.widgets.row_list import RowList

from .harness import connect, session_of, start_server, table_with, until


def click_at(column: int, row: int) -> str:
    """A left click at a cell (0-based), pressed and released, as a terminal reports it."""
    return f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m"


def where(person, needle: str, last: bool = False) -> tuple[int, int]:
    """The cell where `needle` first (or last) shows on `person`'s screen."""
    rows = person.rows()
    found = [(line.index(needle), y) for y, line in enumerate(rows) if needle in line]
    assert found, f"{needle!r} is not on the screen:\n{person.text()}"
    return found[-1] if last else found[0]


async def test_a_click_on_a_lobby_row_selects_that_row(tmp_path):
    """Issue 68: clicking a table in the lobby selected the row below it (the click's row was
    counted from the list's border, not from its first line)."""
    server, port = await start_server(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        host = server.host
        made = {}
        for game in ("bigshot", "army", "stadium"):
            made[game] = await host.create_table("ann", game, {}, players=2, bots=1)
        await ann.wait_for("Stadium")
        lobby = session_of(server, "ann").app.screen
        assert isinstance(lobby, LobbyScreen)
        tables = lobby.query_one("#tables", RowList)
        for game, title in (("army", "Army"), ("stadium", "Stadium"), ("bigshot", "Big Shot")):
            column, row = where(ann, title)
            await ann.press(click_at(column, row))
            await until(lambda game=game: tables.selected == made[game].id)
        await ann.close()
    finally:
        await server.stop()


async def test_a_key_on_the_key_bar_clicked_does_what_the_key_does(tmp_path):
    server, port = await start_server(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press(click_at(*where(ann, "New table", last=True)))
        await ann.wait_for("A new table")  # the lobby's n
        await ann.press("\x1b")
        await until(lambda: "A new table" not in ann.text())
        table = await table_with(server, ["ann"], bots=1, game="army", seed=3)
        await ann.wait_for("Ledger")
        await until(lambda: table.actor() == 0)
        await until(lambda: " r  Throw" in ann.rows()[-1])  # the key bar
        await ann.press(click_at(*where(ann, " r  Throw", last=True)))
        await ann.wait_for("ann throws")
        await ann.close()
    finally:
        await server.stop()


async def test_the_window_is_named_for_the_table_and_says_whose_turn_it_is(tmp_path):
    """Issue 68: the terminal's title (OSC 2, which a browser's tab takes) says where a person
    is, and "Your turn" while it is theirs."""
    server, port = await start_server(tmp_path)
    try:
        ann, ben = await connect(port, "ann"), await connect(port, "ben")
        for person in (ann, ben):
            await until(lambda person=person: person.window_title() == "Lobby - Boomtown")
        table = await table_with(server, ["ann", "ben"], bots=0, game="army", seed=3)
        await ann.wait_for("Ledger")
        await ben.wait_for("Ledger")
        first, second = (ann, ben) if table.actor() == 0 else (ben, ann)
        place = f"Army, table {table.id} - Boomtown"
        await until(lambda: first.window_title() == f"Your turn: {place}")
        await until(lambda: second.window_title() == place)
        await ann.close()
        await ben.close()
    finally:
        await server.stop()
