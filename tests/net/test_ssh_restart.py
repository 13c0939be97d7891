"""Killing the server with kill -9 and starting it again resumes every table where it was."""

import asyncio
import os
import re
import signal
import subprocess
import sys

from .harness import connect, until

SERVE = [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--bot-pace", "0.05",
         "--afk-seconds", "600"]


async def start(data_dir):
    proc = await asyncio.create_subprocess_exec(*SERVE, "--data", str(data_dir),
                                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = await asyncio.wait_for(proc.stdout.readline(), timeout=20)
    port = int(re.search(rb":(\d+)", line).group(1))
    return proc, port


async def test_kill_9_and_restart_resumes_the_table_exactly(tmp_path):
    proc, port = await start(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("You are ann")
        await ann.press("n")
        await ann.wait_for("A new table")
        await ann.press("c")
        await ann.wait_for("(open)")
        await ann.press("b")
        await ann.wait_for("[bot]")
        await ann.press("g")
        await ann.wait_for("Auction")
        # play a few of ann's turns by keys, bots in between
        for _ in range(3):
            await ann.wait_for("ann (you)", timeout=30)
            screen = ann.text()
            await ann.press("r" if "to roll" in screen else "p" if "to bid" in screen else "\r")
            await until(lambda shown=screen: ann.text() != shown)  # the move was taken
        await ann.wait_for("ann (you)", timeout=30)  # her turn: the game waits for her
        before = [line for line in ann.text().splitlines() if line.startswith("│ ")]
        status_before = ann.text().splitlines()[0]
        await ann.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    proc, port = await start(tmp_path)
    try:
        ann = await connect(port, "ann")
        await ann.wait_for("Auction")  # straight back into her seat
        await ann.wait_for(status_before.strip())
        after = [line for line in ann.text().splitlines() if line.startswith("│ ")]
        board_before = [line[:75] for line in before[:20]]
        board_after = [line[:75] for line in after[:20]]
        assert board_after == board_before
        await ann.close()
    finally:
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    assert os.path.exists(tmp_path / "boomtown.sqlite3")
