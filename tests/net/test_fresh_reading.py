"""The doors' reading of what changed elsewhere: fresh for each caller, shared by a crowd."""

import asyncio

from net.loop.fresh_reading import FreshReading


class Database:
    """What a reading sees: the bans' revision when the reading began."""

    def __init__(self) -> None:
        self.revision = 0
        self.readings: list[int] = []  # the revision each reading began at
        self.gate = asyncio.Event()
        self.gate.set()

    async def read(self) -> None:
        self.readings.append(self.revision)
        await self.gate.wait()


async def test_a_crowd_arriving_at_once_is_read_for_once():
    database = Database()
    catch_up = FreshReading(database.read)
    await asyncio.gather(*(catch_up() for _ in range(32)))
    assert database.readings == [0]


async def test_whoever_asks_during_a_reading_waits_for_one_begun_after_the_change():
    database = Database()
    database.gate.clear()
    catch_up = FreshReading(database.read)
    first = asyncio.ensure_future(catch_up())
    while not database.readings:
        await asyncio.sleep(0)
    database.revision = 1  # a ban written while the first reading is under way
    later = [asyncio.ensure_future(catch_up()) for _ in range(5)]
    database.gate.set()
    await first
    await asyncio.gather(*later)
    assert database.readings == [0, 1]  # the five shared one reading, begun after the ban


async def test_a_caller_giving_up_leaves_the_reading_to_the_others():
    database = Database()
    database.gate.clear()
    catch_up = FreshReading(database.read)
    leaving, staying = asyncio.ensure_future(catch_up()), asyncio.ensure_future(catch_up())
    while not database.readings:
        await asyncio.sleep(0)
    leaving.cancel()
    database.gate.set()
    await staying
    assert leaving.cancelled() and database.readings == [0]


async def test_a_reading_that_fails_tells_its_callers_and_the_next_call_reads_again():
    calls = []

    async def read() -> None:
        calls.append(len(calls))
        if len(calls) == 1:
            raise OSError("the disk is gone")

    catch_up = FreshReading(read)
    results = await asyncio.gather(catch_up(), catch_up(), return_exceptions=True)
    assert [type(it) for it in results] == [OSError, OSError]
    await catch_up()
    assert calls == [0, 1]
