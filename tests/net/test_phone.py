"""A phone (issue 68): headless Chromium as a touch screen, 844 x 390 CSS pixels held sideways
and 390 x 844 upright, every action a finger's tap. An invited friend joins, then makes a table
of each game, fills it with bots, starts it and plays, by touching the page's keys."""

import asyncio
import time

import pytest
from selenium.webdriver.common.by import By

from net.transport.web.door import WebOptions

from .chromium import fill_in, key_buttons, page_text, phone, screen_text, shown, tap, tap_key
from .harness import peek, start_server, until

GAMES = (  # the game as the new-table dialog names it, and the keys a first turn may be played by
    ("Big Shot", ("Roll", "Pass")),  # (to roll the broker on, or to pass at its auction)
    ("Army", ("Throw",)),
    ("Stadium", ("Roll",)),
    ("Million", ("Drive/take",)),
)


async def touch(driver, label: str) -> None:
    await asyncio.to_thread(tap_key, driver, label)


async def offered(driver, keys: tuple[str, ...], timeout: float = 10.0) -> str:
    """The first of `keys` the phone's bar offers, once it offers one."""
    deadline = time.monotonic() + timeout
    while not (found := [k for k in keys if k in await asyncio.to_thread(key_buttons, driver)]):
        assert time.monotonic() < deadline, f"none of {keys} was offered"
        await asyncio.sleep(0.05)
    return found[0]


def measured(driver) -> dict:
    """The terminal's size and text, and whether anything of the page lies off the screen."""
    return driver.execute_script(
        "const t = window.terminal,"
        " s = document.querySelector('.xterm-screen').getBoundingClientRect();"
        "return {cols: t.cols, rows: t.rows, px: t.options.fontSize,"
        " fits: s.right <= innerWidth && s.bottom <= innerHeight,"
        " wide: document.documentElement.scrollWidth <= innerWidth,"
        " keys: [...document.querySelectorAll('#always button')]"
        "   .every(k => k.getBoundingClientRect().bottom <= innerHeight)};"
    )


@pytest.fixture
async def invited(tmp_path):
    """A server that serves browsers, and an invitation ann made."""
    server, _ = await start_server(tmp_path, web=WebOptions(0))
    try:
        yield server, peek(server.storage).make_invite("ann", 3600, 9)
    finally:
        await server.stop()


@pytest.mark.long
async def test_a_phone_held_sideways_joins_by_invitation_and_plays_every_game_by_touch(invited):
    server, secret = invited
    driver = phone()
    try:
        await asyncio.to_thread(driver.get, f"http://127.0.0.1:{server.web_port}/invite/{secret}")
        await asyncio.to_thread(fill_in, driver, "ivy")  # (the phone's keyboard, for a name)
        await shown(driver, "You are ivy")
        size = await asyncio.to_thread(measured, driver)
        assert size["cols"] >= 80 and size["rows"] >= 24 and size["px"] >= 11, size
        assert size["fits"] and size["wide"] and size["keys"], size  # nothing off the screen
        for steps, (game, moves) in enumerate(GAMES):
            await touch(driver, "New table")
            await shown(driver, "A new table")
            assert "Create" in await asyncio.to_thread(key_buttons, driver)  # the dialog's keys
            for _ in range(steps):
                await touch(driver, "→")  # the next game
            await shown(driver, f" {game} ")
            await touch(driver, "Create")
            await shown(driver, "ivy, (open)")
            await touch(driver, "Bots")
            await touch(driver, "Start")
            await shown(driver, f"{game} · ")
            table = max(server.host.tables.values(), key=lambda table: table.id)
            await until(lambda table=table: table.actor() == 0)
            made = len(table.match.record.actions)
            await touch(driver, await offered(driver, moves))
            await until(lambda table=table, made=made: len(table.match.record.actions) > made)
            await touch(driver, "Lobby")
            await touch(driver, "Yes")  # leave, keeping the seat
            await shown(driver, "You are ivy")
        await until(lambda: len(server.host.tables) == len(GAMES))
        # a table in the lobby's list touched: it is chosen
        lobby = await asyncio.to_thread(screen_text, driver)
        row = next(y for y, line in enumerate(lobby.split("\n")) if "Army" in line)
        screen = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
        height = screen.size["height"]
        at = (row + 0.5) * height / size["rows"] - height / 2
        await asyncio.to_thread(tap, driver, screen, 0, int(at))
        session = next(s for s in server.sessions if s.name == "ivy")
        army = next(t for t in server.host.tables.values() if t.game == "army")
        await until(lambda: session.app.screen.query_one("#tables").selected == army.id)
    finally:
        await asyncio.to_thread(driver.quit)


async def test_a_phone_held_upright_reads_the_pages_and_is_asked_to_turn_for_the_tables(invited):
    server, secret = invited
    driver = phone(390, 844)
    try:
        await asyncio.to_thread(driver.get, f"http://127.0.0.1:{server.web_port}/")
        text = await asyncio.to_thread(page_text, driver)
        assert "Join with SSH" in text and "Invited?" in text
        sizes = await asyncio.to_thread(
            driver.execute_script,
            "return [document.documentElement.scrollWidth, innerWidth,"
            " Math.min(...[...document.querySelectorAll('p, pre, label, button, h1, h2')]"
            ".map(e => parseFloat(getComputedStyle(e).fontSize)))];",
        )
        assert sizes[0] <= sizes[1] and sizes[2] >= 11, sizes  # no sideways scroll; legible
        await asyncio.to_thread(driver.get, f"http://127.0.0.1:{server.web_port}/invite/{secret}")
        await asyncio.to_thread(fill_in, driver, "ivy")
        deadline = time.monotonic() + 20
        while "sideways" not in await asyncio.to_thread(page_text, driver):
            assert time.monotonic() < deadline, "the phone was never asked to turn"
            await asyncio.sleep(0.1)
        await until(lambda: any(s.name == "ivy" for s in server.sessions))  # in, seat kept
    finally:
        await asyncio.to_thread(driver.quit)
