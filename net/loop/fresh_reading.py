"""A reading that each caller knows began after it asked, shared by everyone who asks together.

The doors read what changed elsewhere (a ban, a table closed) before they let anyone in. A
reading already under way may have looked before the change its caller is asking about, so a
caller waits for one that begins after its call; everyone who asks while a reading is under
way shares the next one. However many arrive at once, the database is read at most twice:
the reading under way and one more.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class FreshReading:
    def __init__(self, read: Callable[[], Awaitable[None]]) -> None:
        self._read = read
        self._under_way: asyncio.Task[None] | None = None
        self._next: asyncio.Task[None] | None = None  # waiting for the one under way to end

    async def __call__(self) -> None:
        """Return once a reading begun after this call has ended (raising what it raised)."""
        if self._next is None:
            self._next = asyncio.ensure_future(self._after(self._under_way))
        await asyncio.shield(self._next)  # a caller that gives up leaves it to the others

    async def _after(self, under_way: asyncio.Task[None] | None) -> None:
        if under_way is not None:
            await asyncio.wait([under_way])
        self._under_way, self._next = self._next, None
        await self._read()
