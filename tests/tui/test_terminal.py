"""The `boomtown` command in a real terminal (a pty): it starts, names the window, and leaving
leaves the shell's screen and title as they were (the alternate screen blanked first)."""

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

import pyte

from tui.terminal import BLANK, GIVE_TITLE_BACK, KEEP_TITLE

LEAVE_ALTERNATE = b"\x1b[?1049l"
NAMED = b"\x1b]2;"  # OSC 2: the window's title


def title(term) -> str:
    """The window's title as the app last named it."""
    named = bytes(term.received).rsplit(NAMED, 1)
    return named[1].split(b"\x07", 1)[0].decode() if len(named) > 1 else ""


class Pty:
    """`boomtown` run in a pseudo-terminal of `width` x `height`, as a person's shell runs it."""

    def __init__(self, data_dir, width: int = 120, height: int = 40) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = {**os.environ, "BOOMTOWN_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
        command = [sys.executable, "-c", "from boomtown.cli import main; main()"]
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()

    def read_until(self, done, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < deadline, "\n".join(self.screen.display)
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # the process has gone
                    data = b""
                if not data:
                    assert done(), bytes(self.received[-500:])
                    return
                self.received += data
                self.stream.feed(data)

    def shows(self, text: str) -> bool:
        return text in "\n".join(self.screen.display)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)


def test_boomtown_starts_in_a_terminal_names_the_window_and_leaves_it_as_it_was(tmp_path):
    """A driver that wrote before its writer ran crashed the command at its start (the window's
    title kept before application mode): found by running it in tmux."""
    term = Pty(tmp_path)
    try:
        term.read_until(lambda: term.shows("Property-trading board games in the terminal"))
        assert KEEP_TITLE.encode() in term.received
        os.write(term.master, b"\r")  # a new game of Big Shot
        term.read_until(lambda: term.shows("Start"))
        os.write(term.master, b"\x07")  # Ctrl+G starts it: the window is named for the game
        term.read_until(lambda: b"Big Shot - Boomtown" in term.received)
        received = bytes(term.received)
        assert received.index(KEEP_TITLE.encode()) < received.index(NAMED)  # kept, then named
        os.write(term.master, b"q")  # leave the game
        term.read_until(lambda: term.shows("Leave this game?"))
        os.write(term.master, b"\r")
        term.read_until(lambda: term.shows("Property-trading board games in the terminal"))
        term.read_until(lambda: title(term) == "Boomtown")  # the game's name gone with it
        os.write(term.master, b"\x11")  # Ctrl+Q
        term.read_until(lambda: LEAVE_ALTERNATE in term.received)
        assert term.process.wait(timeout=10) == 0
        left = bytes(term.received)
        assert left.rindex((BLANK + GIVE_TITLE_BACK).encode()) < left.rindex(LEAVE_ALTERNATE)
    finally:
        term.close()
