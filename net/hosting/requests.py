"""How the host's requests are made: each that saves something is done whole, in a task of
the host's own (`owned`); and what a request answers when the disk or another process gets in
its way."""

from __future__ import annotations

import asyncio
import functools

CANNOT_SAVE = "the server cannot save just now: nothing was changed"
CANNOT_SAVE_MOVE = "the server cannot save: the move was not made"
CHANGE_TRIES = 3  # a change to a table other processes changed first: tried on it again
MOVE_WAIT_SECONDS = 0.25  # a move's write not done by then: its table says it waits for the disk
STILL_SAVING = "the server is still saving the last move at this table: try again in a moment"
MOVED_ELSEWHERE = "another player's move came first: look again"
CHANGED_ELSEWHERE = "someone changed that table at the same moment: look again"


def owned(request):
    """A request of the host that saves something: done in a task of the host's own, so that
    it is done whole even if who asked goes meanwhile (a session ending mid-save would leave
    a change saved but not made)."""

    @functools.wraps(request)
    async def run(self, *args, **kwargs):
        task = asyncio.get_running_loop().create_task(request(self, *args, **kwargs))
        self._requests.add(task)
        task.add_done_callback(_finished_request(self._requests))
        return await asyncio.shield(task)

    return run


def _finished_request(requests: set[asyncio.Task]):
    def finished(task: asyncio.Task) -> None:
        requests.discard(task)
        if not task.cancelled():
            task.exception()  # told to who asked, if they still wait; else nobody needs it

    return finished
