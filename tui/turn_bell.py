"""When to ring the terminal's bell: a person's turn has come after others played a while.

Over SSH a person waiting on the others is often in another window; most terminals show a
bell on the window's tab or flash it. A turn that comes round within `WAIT` seconds of their
last one (bots answering at their pace, an auction going round) rings nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

WAIT = 15.0  # seconds of others' play before a turn rings


class TurnBell:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._waiting_since = clock()  # the person's last turn ended (or the screen opened)
        self._theirs = False  # whether it was the person's turn when last told

    def turn_came(self, theirs: bool) -> bool:
        """Told whether it is the person's turn now: whether their turn has just come, after
        at least WAIT seconds of others' play."""
        now = self._clock()
        came = theirs and not self._theirs and now - self._waiting_since >= WAIT
        if self._theirs and not theirs:
            self._waiting_since = now
        self._theirs = theirs
        return came
