"""The web door in a real browser (issue 47): headless Chromium signs in with a one-time link,
clicks, joins a table with an SSH player, makes a move the SSH player sees, sees theirs, hears
the turn's bell, and pastes a line of chat."""

import asyncio
import time

import pytest

from net.transport.web.door import WebOptions
from tui import turn_bell

from .chromium import (
    chromium,
    click_button,
    click_text,
    fill_in,
    paste,
    said,
    screen_text,
    shown,
    type_keys,
)
from .harness import connect, peek, session_of, sign_in_link, start_server, table_with, until


async def until_gone(driver, needle: str, timeout: float = 20.0) -> None:
    """Wait until the browser's terminal no longer shows `needle`."""
    deadline = time.monotonic() + timeout
    while needle in await asyncio.to_thread(screen_text, driver):
        assert time.monotonic() < deadline, f"{needle!r} stayed in the browser"
        await asyncio.sleep(0.1)


async def titled(driver, title: str, timeout: float = 20.0) -> None:
    """Wait until the page's title (its tab's) is `title`."""
    deadline = time.monotonic() + timeout
    while (await asyncio.to_thread(lambda: driver.title)) != title:
        assert time.monotonic() < deadline, f"the page's title never became {title!r}"
        await asyncio.sleep(0.1)


TONES = """window.tones = 0;
const make = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.tones += 1;
  return make.call(this);
};
"""  # counts the tones the page plays, set before the page's own scripts run


async def played_a_tone(driver, timeout: float = 20.0) -> None:
    """Wait until the page has played a tone (the terminal's bell)."""
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(driver.execute_script, "return window.tones;"):
        assert time.monotonic() < deadline, "the bell played no tone in the page"
        await asyncio.sleep(0.1)


@pytest.mark.long
async def test_a_browser_signs_in_and_plays_at_a_table_with_an_ssh_player(tmp_path, monkeypatch):
    monkeypatch.setattr(turn_bell, "WAIT", 0.0)  # every turn that comes rings
    driver = chromium()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": TONES})
    server, port = await start_server(
        tmp_path, web=WebOptions(0), input_bytes_per_second=100_000, input_burst_bytes=100_000
    )  # a long paste is read at once
    try:
        ben = await connect(port, "ben")
        await ben.wait_for("You are ben")
        page = f"http://127.0.0.1:{server.web_port}"
        link = await sign_in_link(server, "ann")  # as the lobby's W makes it
        await asyncio.to_thread(driver.get, page + link)
        await shown(driver, "You are ann")  # signed in, and in the lobby
        cookie = await asyncio.to_thread(driver.get_cookie, "boomtown")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
        await asyncio.to_thread(type_keys, driver, "\ue009p")  # Ctrl+P: the palette, not print
        await shown(driver, "Search for commands")
        await asyncio.to_thread(type_keys, driver, "\ue00c")  # Esc
        await until_gone(driver, "Search for commands")
        await asyncio.to_thread(type_keys, driver, "n")
        await shown(driver, "A new table")
        await asyncio.to_thread(click_text, driver, "›")  # the game's next choice, clicked
        await shown(driver, "Short game")  # Army's options: the click reached the dialog
        await asyncio.to_thread(type_keys, driver, "\ue00c")  # Esc
        await until_gone(driver, "A new table")
        table = await table_with(server, ["ann", "ben"], bots=0, game="bigshot", seed=5)
        await shown(driver, "Ledger")
        await ben.wait_for("Ledger")

        def actor() -> str:
            return table.seats[table.match.state.to_act()[0]].name

        mine = actor() == "ann"
        place = f"Big Shot, table {table.id} - Boomtown"
        await titled(driver, f"Your turn: {place}" if mine else place)  # the tab says it
        icon = await asyncio.to_thread(
            driver.execute_script, "return document.getElementById('icon').href"
        )
        assert icon.endswith("/static/turn.svg" if mine else "/static/icon.svg")
        if actor() == "ann":
            await asyncio.to_thread(type_keys, driver, "r")  # ann rolls in the browser
            await ben.wait_for("ann rolls")  # ben sees it over SSH
            await until(lambda: actor() == "ben")
            await ben.press("p")  # ben passes over SSH
            await shown(driver, "ben passes")  # ann sees it in the browser
        else:
            await ben.press("r")
            await shown(driver, "ben rolls")
            await until(lambda: actor() == "ann")
            await asyncio.to_thread(type_keys, driver, "p")
            await ben.wait_for("ann passes")
        await played_a_tone(driver)  # ann's turn came, whoever rolled first: the bell rang
        await asyncio.to_thread(type_keys, driver, "t")  # the table's chat line
        await shown(driver, "Say to the table")
        await asyncio.to_thread(paste, driver, "good luck, ben")  # pasted, as a person does
        await asyncio.to_thread(type_keys, driver, "\n")
        await ben.wait_for("ann: good luck, ben")
        await asyncio.to_thread(type_keys, driver, "t")
        await shown(driver, "Say to the table")
        await asyncio.to_thread(paste, driver, "x" * 20_000 + "END")  # past a frame's 16 KiB:
        await shown(driver, "xxxxxxxxxx")  # the page sends it in pieces, and the line takes
        await asyncio.to_thread(type_keys, driver, "\ue00c")  # what it holds; Esc
        await until_gone(driver, "Say to the table")
        assert any(session.name == "ann" for session in server.sessions)  # still playing
        picture = tmp_path / "browser.png"
        assert await asyncio.to_thread(driver.save_screenshot, str(picture))
        assert picture.read_bytes().startswith(b"\x89PNG")
        assert await asyncio.to_thread(  # drawn by WebGL: box and block characters whole
            driver.execute_script, "return !!document.querySelector('.xterm-screen canvas')"
        )
        logged = await asyncio.to_thread(driver.get_log, "browser")
        assert not [entry for entry in logged if "Content Security Policy" in entry["message"]]
        await ben.close()
    finally:
        await asyncio.to_thread(driver.quit)
        await server.stop()


@pytest.mark.long
async def test_a_browser_guest_keeps_its_name_across_a_reload_and_a_stranger_cannot_take_it(
    tmp_path,
):
    """Issue 67, in a real browser: a guest chooses a name on the page for strangers; their
    cookie holds it (back later: still them); another browser asking for it is told to choose
    another, and nobody comes in as a name a key owns."""
    guest, stranger = chromium(), chromium()
    server, port = await start_server(tmp_path, web=WebOptions(0), allow_guests=True)
    try:
        ann = await connect(port, "ann")  # ann's key owns her name
        await ann.wait_for("You are ann")
        page = f"http://127.0.0.1:{server.web_port}/"
        await asyncio.to_thread(guest.get, page)
        await asyncio.to_thread(fill_in, guest, "zed")
        await shown(guest, "You are zed")
        cookie = await asyncio.to_thread(guest.get_cookie, "boomtown_guest")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"
        await asyncio.to_thread(guest.get, page)  # back later: still zed
        await shown(guest, "You are zed")
        await asyncio.to_thread(stranger.get, page)
        await asyncio.to_thread(fill_in, stranger, "zed")
        await said(stranger, "is in use by a guest just now")
        await asyncio.to_thread(fill_in, stranger, "ann")
        await said(stranger, "belongs to someone else")
        await ann.close()
    finally:
        for driver in (guest, stranger):
            await asyncio.to_thread(driver.quit)
        await server.stop()


@pytest.mark.long
async def test_a_friend_invited_from_the_lobby_plays_a_game_in_a_browser(tmp_path):
    """Issue 68, end to end: ann invites a friend from the SSH lobby; the friend, with no
    SSH, opens the link, chooses a name, makes a table with bots and plays."""
    driver = chromium()
    server, port = await start_server(tmp_path, web=WebOptions(0))
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("I")
        await ann.wait_for("Invite a friend")
        await ann.press("n")
        await ann.wait_for("/invite/")
        link = next(word for word in ann.text().split() if "/invite/" in word)
        await asyncio.to_thread(driver.get, link)
        await said(driver, "ann invites you to Boomtown")
        await asyncio.to_thread(fill_in, driver, "ivy")
        await shown(driver, "You are ivy")
        await asyncio.to_thread(type_keys, driver, "q")  # away
        await said(driver, "The session has ended.")
        await asyncio.to_thread(click_button, driver, "Come back")  # and back, as herself
        await shown(driver, "You are ivy")
        await asyncio.to_thread(type_keys, driver, "n")
        await shown(driver, "A new table")
        await asyncio.to_thread(type_keys, driver, "c")  # Big Shot, every seat
        await shown(driver, "ivy, (open)")
        await asyncio.to_thread(type_keys, driver, "b")  # bots in the open seats
        await shown(driver, "Coin [bot]")
        await asyncio.to_thread(type_keys, driver, "g")
        await shown(driver, "Ledger")
        (table,) = server.host.tables.values()
        await until(lambda: table.actor() == 0)
        moves = len(table.match.record.actions)
        shown_now = await asyncio.to_thread(screen_text, driver)
        await asyncio.to_thread(type_keys, driver, "r" if "to roll" in shown_now else "p")
        await until(lambda: len(table.match.record.actions) > moves)
        assert table.seats[0].name == "ivy"
        # Signed out while the page was away (the server restarting): the page, trying again,
        # goes to the page for strangers rather than writing over the old screen.
        peek(server.storage).sign_out_browsers("ivy")
        session_of(server, "ivy").end("The server is stopping.", come_back=True)
        await said(driver, "Join with SSH")
        await ann.close()
    finally:
        await asyncio.to_thread(driver.quit)
        await server.stop()
