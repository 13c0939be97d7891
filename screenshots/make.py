"""Regenerate the README's pictures: `.venv/bin/python screenshots/make.py`.

Each picture is a seeded game from tui/demo.py, so the same command always draws the same
screens; `browser.png` is a seeded game at a server's web door, in headless Chromium
(`apt-get install chromium chromium-driver`), and `phone-GAME.png` a game of each kind there on
a phone held sideways (Chromium's mobile emulation).
"""

import asyncio
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # (tests.net.chromium)

from tui.app import BoomtownApp  # noqa: E402
from tui.demo import (  # noqa: E402
    analysed,
    app_for,
    army_managing,
    army_table,
    game_over,
    human_bidding_after_a_bid,
    human_placing,
    million_choosing_a_drive,
    million_on_real_estate,
    million_table,
    offered_a_trade,
    stadium_building,
    stadium_city_grown,
    stadium_table,
    table_at,
)

HERE = Path(__file__).parent
SHOTS = {
    "bigshot-auction": (lambda: app_for(table_at(until=human_bidding_after_a_bid)), ["1", "2"]),
    "bigshot-placement": (
        lambda: app_for(table_at(seed=11, until=human_placing)),
        ["right", "down"],
    ),
    "bigshot-end": (lambda: app_for(table_at(seed=7, until=game_over)), []),
    "army-board": (lambda: app_for(army_table(3, army_managing)), ["down"]),
    "army-trade": (lambda: app_for(army_table(1, offered_a_trade)), ["c"]),
    "army-end": (lambda: app_for(army_table(2, game_over)), []),
    "stadium-city": (lambda: app_for(stadium_table(3, stadium_city_grown)), []),
    "stadium-build": (lambda: app_for(stadium_table(3, stadium_building)), ["b"]),
    "million-drive": (lambda: app_for(million_table(3, million_choosing_a_drive)), ["tab"]),
    "million-real-estate": (
        lambda: app_for(million_table(3, million_on_real_estate)),
        ["tab", "tab"],
    ),
    "title": (lambda: BoomtownApp(pace=0, save_path=None), []),
}


async def shoot(name: str, make, keys: list[str]) -> None:
    app = make()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        if name.endswith("-end"):
            await analysed(pilot)
        app.save_screenshot(str(HERE / f"{name}.svg"))


async def shoot_browser() -> None:
    """ann's Big Shot table with three bots, at her turn, in a browser signed in by a link."""
    from net.limits import Limits
    from net.transport.server import BoomtownServer
    from net.transport.web.door import WebOptions
    from tests.net.chromium import chromium, screen_text

    server = BoomtownServer(Path(tempfile.mkdtemp()), Limits(bot_pace_seconds=0))
    await server.start("127.0.0.1", 0)
    await server.start_web("127.0.0.1", WebOptions(0))
    driver = await asyncio.to_thread(chromium, 1280, 820)
    try:
        host, storage = server.host, server.storage
        table = await host.create_table("ann", "bigshot", {}, players=4, bots=3, seed=5)
        await host.start(table.id, "ann")
        secret = await storage.soon(storage.make_link, "ann", 600)
        await asyncio.to_thread(driver.get, f"{host.web_url}/link/{secret}")
        while "(you) to" not in await asyncio.to_thread(screen_text, driver):
            await asyncio.sleep(0.1)  # her turn, the bots' moves before it made
        await asyncio.sleep(0.5)
        await asyncio.to_thread(driver.save_screenshot, str(HERE / "browser.png"))
    finally:
        await asyncio.to_thread(driver.quit)
        await server.stop()


async def shoot_phones() -> None:
    """A friend invited by ann, on a phone held sideways (844 x 390 CSS pixels, by touch), at
    a table of each game with three bots, at her turn: `phone-GAME.png`."""
    from net.limits import Limits
    from net.transport.server import BoomtownServer
    from net.transport.web.door import WebOptions
    from tests.net.chromium import fill_in, phone, screen_text

    for game in ("bigshot", "army", "stadium", "million"):
        server = BoomtownServer(Path(tempfile.mkdtemp()), Limits(bot_pace_seconds=0))
        await server.start("127.0.0.1", 0)
        await server.start_web("127.0.0.1", WebOptions(0))
        driver = await asyncio.to_thread(phone)
        try:
            host, storage = server.host, server.storage
            table = await host.create_table("ivy", game, {}, players=4, bots=3, seed=5)
            await host.start(table.id, "ivy")
            secret = await storage.soon(storage.make_invite, "ann", 3600, 9)
            await asyncio.to_thread(driver.get, f"{host.web_url}/invite/{secret}")
            await asyncio.to_thread(fill_in, driver, "ivy")
            while "(you) to" not in await asyncio.to_thread(screen_text, driver):
                await asyncio.sleep(0.1)  # at her table, the bots' moves before hers made
            await asyncio.sleep(0.5)
            await asyncio.to_thread(driver.save_screenshot, str(HERE / f"phone-{game}.png"))
        finally:
            await asyncio.to_thread(driver.quit)
            await server.stop()
        print(f"screenshots/phone-{game}.png")


def main() -> None:
    os.environ["BOOMTOWN_DATA_DIR"] = tempfile.mkdtemp()  # no saved game on the title screen
    for name, (make, keys) in SHOTS.items():
        asyncio.run(shoot(name, make, keys))
        print(f"screenshots/{name}.svg")
    asyncio.run(shoot_browser())
    print("screenshots/browser.png")
    asyncio.run(shoot_phones())


if __name__ == "__main__":
    main()
