"""The server's garbage-collection policy: long-lived objects frozen, ended apps reclaimed."""

import asyncio
import gc
import weakref

from net.loop.collector import Collector

from .harness import until


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector can free it


async def test_survivors_are_frozen_and_a_dead_cycle_is_reclaimed_after_an_app_ends():
    quiet_since = 0.0
    collector = Collector(lambda: quiet_since, every=0.01, quiet=0.0)
    node = Node()
    ref = weakref.ref(node)
    try:
        collector.start()
        await asyncio.wait_for(until(lambda: gc.get_freeze_count() > 0), 5)
        # out of the collector's sight
        assert not gc.is_tracked(node) or node not in gc.get_objects()
        del node
        gc.collect()
        assert ref() is not None  # frozen: not reclaimed yet
        collector.app_ended()
        await asyncio.wait_for(until(lambda: ref() is None), 5)
    finally:
        collector.stop()


def test_a_thaw_waits_for_quiet_tables_unless_long_overdue():
    now = 10_000.0
    changed = now
    collector = Collector(lambda: changed, quiet=1.0, thaw_every=600.0)
    collector._last_thaw = now - 1
    assert not collector.thaw_due(now)  # nothing owed
    collector.app_ended()
    assert not collector.thaw_due(now)  # a table just changed: players would feel the pause
    assert collector.thaw_due(now + 1.5)  # quiet for a second
    changed = now + 1300
    assert collector.thaw_due(now + 1300)  # never quiet, but twenty minutes owed
