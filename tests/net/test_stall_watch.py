"""A loop that stops turning is reported in the host's log, with where it is stuck; and again
when it turns. A loop that keeps turning is never reported."""

import logging
import time

from net.loop.stall_watch import StallWatch

from .harness import start_server, until


def messages(caplog, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == level]


def stuck_in_a_rule(caplog) -> None:
    """Hold the loop, as code that never yields does, until the watch has reported it."""
    deadline = time.monotonic() + 20
    while not messages(caplog, logging.ERROR):
        assert time.monotonic() < deadline, "the stall was never reported"
        time.sleep(0.01)  # the loop does not turn while this runs: the stall being watched


async def test_a_stalled_server_is_logged_with_where_it_is_stuck_and_then_its_recovery(
    tmp_path, caplog
):
    caplog.set_level(logging.WARNING, logger="boomtown.net")
    server, _ = await start_server(tmp_path, stall_seconds=0.2)
    try:
        stuck_in_a_rule(caplog)
        [report] = messages(caplog, logging.ERROR)
        assert "has not turned for" in report and "in stuck_in_a_rule" in report
        await until(lambda: "the event loop turns again" in messages(caplog, logging.WARNING))
    finally:
        await server.stop()


async def test_a_loop_that_keeps_turning_is_never_reported(caplog):
    caplog.set_level(logging.WARNING, logger="boomtown.net")
    watch = StallWatch(stall_seconds=1.0)
    watch.start()
    try:
        beats = 0

        def counted() -> bool:
            nonlocal beats
            beats += 1
            return beats > 150  # about 1.5 s of turns, six looks of the watch

        await until(counted)
    finally:
        watch.stop()
    assert not messages(caplog, logging.WARNING) and not messages(caplog, logging.ERROR)
