"""Each session's share of the event loop every session shares: measured, and held to a limit.

One process serves everyone, so the loop's time is the server's to share out. Some keys cost the
loop far more than others (opening a dialog, which Textual composes and styles anew, costs a
hundred times an arrow key: the manual's "Measured choices"), and the input rate alone let one
session keep the server busy by pressing `?` and `Esc`. So every task a session's app runs is
timed, step by step, and the time is charged to the session and to its address; a session that
has used more than its share has its keys held back (by its driver) until its share has caught
up (what it already asked for is still done). A share holds only while there is someone to share
with: a session alone on the server, or the sessions of the only address connected, are not held
back. Work done for everyone (the tables' bots, shared spectator screens, the lobby's first
frames) is charged to nobody: start it `unmetered()`. Nor is a session charged for showing news
(a move at its table, a change in the lobby) while its person is not typing: from the news to
the frame that shows it, its meter is `waive`d. Input ends a waiver, and none starts within
`INPUT_QUIET_SECONDS` of the last input (keys still at work, and what they changed, are the
session's to pay for).

Timing is by a task factory on the server's loop: a task started while a meter is current (a
context variable, so every task an app starts inherits its session's) runs its coroutine through
`_Timed`, which adds the duration of each step to the meter.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

from net.limits import TokenBucket

INPUT_QUIET_SECONDS = 1.0  # news is shown free only this long after the person's last input

_METER: contextvars.ContextVar[Meter | SharedMeter | None] = contextvars.ContextVar(
    "meter", default=None
)


class Meter:
    """The loop time a session has used, against its own share and its address's. A share
    counts only while there is someone to share with: the session's own while another session
    runs, its address's while a session from another address does. Time used alone is nobody's
    loss, and is not charged."""

    def __init__(self, shares: Shares, own: TokenBucket, address: TokenBucket) -> None:
        self.shares = shares
        self.own, self.address = own, address
        self.used = 0.0  # seconds of loop time, in all
        self._waived = False  # showing news: time used now is not the session's
        self._unshown = False  # news the app has not shown yet: a frame drawn now is older
        self._drawn = False  # the news is on the screen: the waiver ends with this step
        self._input_at = float("-inf")  # when the person's input was last given to the app

    def waive(self) -> None:
        """News is on its way to the screen: charge nothing until it is drawn, if the person
        has not given input lately."""
        if time.monotonic() - self._input_at >= INPUT_QUIET_SECONDS:
            self._waived, self._unshown, self._drawn = True, True, False

    def news_shown(self) -> None:
        """The app has shown the news it was told of: the next frame out draws it."""
        self._unshown = False

    def news_drawn(self) -> None:
        """A frame went out: the step drawing it is still free, and the waiver ends with it
        (unless news came after what it draws: a frame of an earlier move ends nothing)."""
        self._drawn = self._waived and not self._unshown

    def input_given(self) -> None:
        """The person's input goes to the app: what it costs is theirs."""
        self._input_at = time.monotonic()
        self._waived = self._unshown = self._drawn = False

    def charge(self, seconds: float) -> None:
        self.used += seconds
        if self._waived:
            self._waived = not self._drawn
            self._drawn = False
            return
        shares = self.shares
        if shares.sessions > 1:
            self.own.charge(seconds)
        if len(shares.addresses) > 1:
            self.address.charge(seconds)

    def owed(self) -> float:
        """How long until this session may be given more input (0: now)."""
        return max(self.own.charge(0.0), self.address.charge(0.0))

    def current(self):
        """Charge the tasks started inside to this meter (and the tasks they start)."""
        return _charging(self)


class SharedMeter:
    """The meter of a screen drawn for many (a table's spectators). Its drawing is work for
    everyone, charged to nobody, but for the frame a viewer asks for by coming or by changing
    size: that is charged to the viewer (`bill`), whose window changes then wait their turn."""

    def __init__(self) -> None:
        self.used = 0.0
        self._payer: Meter | None = None
        self._drawn = False

    def bill(self, meter: Meter | None) -> None:
        """What is drawn until the next frame is out is `meter`'s."""
        self._payer, self._drawn = meter, False

    def charge(self, seconds: float) -> None:
        self.used += seconds
        if self._payer is not None:
            self._payer.charge(seconds)
            if self._drawn:  # the step that drew the frame was the last billed
                self._payer = None

    def news_drawn(self) -> None:
        self._drawn = True

    def owed(self) -> float:
        return 0.0  # a shared screen takes no input to hold back

    def input_given(self) -> None:
        pass

    def current(self):
        """Time the tasks started inside (and the tasks they start) on this meter."""
        return _charging(self)


@contextmanager
def _charging(meter: Meter | SharedMeter | None) -> Iterator[None]:
    token = _METER.set(meter)
    try:
        yield
    finally:
        _METER.reset(token)


def unmetered():
    """Tasks started inside work for everyone: charged to no session."""
    return _charging(None)


def current_meter() -> Meter | SharedMeter | None:
    return _METER.get()


class Shares:
    """The meters of a server's sessions, with one bucket for all sessions from an address."""

    def __init__(self, session_share: float, address_share: float, burst_seconds: float) -> None:
        self.session_share = session_share
        self.address_share = address_share
        self.burst = burst_seconds
        self.addresses: dict[str, tuple[TokenBucket, int]] = {}  # bucket, sessions using it
        self.sessions = 0  # running now

    def meter(self, address: str) -> Meter:
        bucket, users = self.addresses.get(address, (None, 0))
        if bucket is None:
            bucket = TokenBucket(self.address_share, self.burst)
        self.addresses[address] = (bucket, users + 1)
        self.sessions += 1
        return Meter(self, TokenBucket(self.session_share, self.burst), bucket)

    def release(self, address: str) -> None:
        """A session from `address` has ended; its address's bucket goes with the last one."""
        self.sessions -= 1
        bucket, users = self.addresses[address]
        if users > 1:
            self.addresses[address] = (bucket, users - 1)
        else:
            del self.addresses[address]


class _Timed(Coroutine):
    """A coroutine whose every step is timed and charged to a meter."""

    __slots__ = ("_coro", "_meter")

    def __init__(self, coro: Coroutine, meter: Meter | SharedMeter) -> None:
        self._coro = coro
        self._meter = meter

    def send(self, value: Any) -> Any:
        start = time.perf_counter()
        try:
            return self._coro.send(value)
        finally:
            self._meter.charge(time.perf_counter() - start)

    def throw(self, *exc: Any) -> Any:
        start = time.perf_counter()
        try:
            return self._coro.throw(*exc)
        finally:
            self._meter.charge(time.perf_counter() - start)

    def close(self) -> None:
        self._coro.close()

    def __await__(self):
        return self._coro.__await__()


def _task_factory(
    loop: asyncio.AbstractEventLoop, coro: Coroutine, context: contextvars.Context | None = None
) -> asyncio.Task:
    meter = context.get(_METER) if context is not None else _METER.get()
    if meter is not None:
        coro = _Timed(coro, meter)
    return asyncio.Task(coro, loop=loop, context=context)


def install(loop: asyncio.AbstractEventLoop) -> None:
    """Time the steps of every metered task started on `loop` from now on."""
    loop.set_task_factory(_task_factory)  # type: ignore[arg-type]  # (typeshed's factory type lacks the context Python 3.11 passes)


def uninstall(loop: asyncio.AbstractEventLoop) -> None:
    """Start tasks on `loop` as asyncio does (if `install` had changed that)."""
    if loop.get_task_factory() is _task_factory:
        loop.set_task_factory(None)
