"""What one server allows: every limit the host can set, in one place."""

from __future__ import annotations

import asyncio
import time
import unicodedata
from dataclasses import dataclass

from rich.cells import cell_len

from core.engine.search import THINKING_SECONDS
from play.table import BOT_PACE

STOP_SECONDS = 5.0  # how long sessions and shared screens are given to end when the server stops


@dataclass(frozen=True)
class Limits:
    connections_per_ip: int = 8  # and terminal sessions open at once from one address
    connections_total: int = 200
    sessions_per_connection: int = 2  # terminal sessions open at once in one connection
    login_grace_seconds: float = 10.0  # to log in, and then to open a terminal session
    pending_total: int = 32  # connections still logging in, in total, per address, per network
    pending_per_ip: int = 8
    pending_per_network: int = 16  # a /24 (IPv4) or /64 (IPv6)
    silent_seconds: float = 3.0  # a connection that has not sent its SSH version by then is cut
    lobby_idle_seconds: float = 1800.0  # a session idle this long in the lobby is closed
    name_choice_seconds: float = 120.0  # to choose another name when the one asked is taken
    afk_seconds: float = 60.0  # idle on your turn this long and a bot plays for you
    input_bytes_per_second: int = 1024  # a session typing faster is read more slowly
    input_burst_bytes: int = 4096
    session_loop_share: float = 0.1  # of the event loop's time, one session's at most, sustained
    address_loop_share: float = 0.3  # all the sessions from one address together
    loop_burst_seconds: float = 1.0  # of loop time, used at once before the shares apply
    chat_length: int = 200  # characters per chat message
    chat_per_minute: int = 20  # chat lines one person may say, in the lobby and at tables
    chat_burst: int = 5  # of which this many at once
    max_output_backlog: int = 256 * 1024  # bytes queued to a client before frames are dropped
    stalled_client_seconds: float = 20.0  # frames dropped this long: disconnect
    bot_pace_seconds: float = BOT_PACE
    bot_think_seconds: float = 5.0  # a bot thinking longer plays a legal move instead
    # a search bot's playouts stop after this long a decision (None: its count of playouts
    # alone bounds them, and its moves are the same whatever the machine)
    search_seconds: float | None = THINKING_SECONDS
    save_retry_seconds: float = 2.0  # a move that could not be saved is tried again this often
    stall_seconds: float = 5.0  # the event loop stuck this long is logged, with where it is
    max_width: int = 300  # the largest screen drawn for a client, whatever its window
    max_height: int = 100
    resize_interval_seconds: float = 0.5  # window changes are applied at most this often
    spectator_sizes: int = 4  # window sizes a table's spectators are drawn at, at most
    tables_per_person: int = 3  # tables waiting to start that one person has made
    tables_per_address: int = 6  # made from one address; twice as many from one network
    deserted_table_seconds: float = 600.0  # a waiting table nobody seated is online at closes
    open_tables: int = 100  # tables waiting or playing, in all
    games_per_person: int = 5  # tables waiting or playing that one person sits at
    search_tables_per_person: int = 1  # tables of search bots waiting or playing, per maker
    search_tables_per_address: int = 2  # made from one address
    search_tables: int = 4  # in all: their thinking is the server's dearest work
    past_games_listed: int = 50  # the last games finished, listed in the lobby to replay


class TokenBucket:
    """Allows `rate` units a second with bursts up to `burst`; `take` waits when over."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    async def take(self, amount: float) -> None:
        delay = self.charge(amount)
        if delay:
            await asyncio.sleep(delay)

    def charge(self, amount: float) -> float:
        """Take `amount` now; returns how long to wait before the next use (0: none)."""
        self._refill()
        self.tokens -= amount
        return -self.tokens / self.rate if self.tokens < 0 else 0.0

    def allows(self, amount: float) -> bool:
        """Take `amount` if it is there now; False (and nothing taken) if it is not."""
        self._refill()
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


# Letters that draw nothing: Hangul fillers and the blank Braille pattern (Unicode calls them
# letters and symbols, so they pass every test of printability).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
MARKS = ("Mn", "Me")  # accents and enclosing marks: they show only on a letter


def shows(ch: str) -> bool:
    """Whether a character draws something of its own."""
    return not ch.isspace() and ch not in BLANK_LETTERS and unicodedata.category(ch) not in MARKS


def clean_text(text: str, limit: int) -> str:
    """A name or chat line with control characters and escape sequences removed, cut to `limit`;
    empty if nothing of it would show (blank letters, or accents that combine with nothing)."""
    kept = "".join(ch for ch in text if ch.isprintable())
    kept = " ".join(kept.split())[:limit]
    return kept if cell_len(kept) and any(shows(ch) for ch in kept) else ""
