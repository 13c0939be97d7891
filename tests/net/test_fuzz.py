"""Seeded random keys, mouse reports and escape sequences at every screen a person reaches over
SSH: the session stays alive and the server logs no error.

The suite sends FUZZ_KEYS keys per screen (default 600); a release runs the full soak with
BOOMTOWN_FUZZ_KEYS=100000 (and other seeds with BOOMTOWN_FUZZ_SEED=...).
"""

import logging
import os
import random

import pytest

from .harness import connect, play_until, start_server, table_with, until

# keys per place; a soak run sets more (BOOMTOWN_FUZZ_KEYS=100000): the suite keeps to 4 min
FUZZ_KEYS = int(os.environ.get("BOOMTOWN_FUZZ_KEYS", "600"))
FUZZ_SEED = os.environ.get("BOOMTOWN_FUZZ_SEED", "")
KEYS = (
    [chr(c) for c in range(32, 127)]
    + ["\r", "\t", "\x1b", "\x7f", "\x10", "\x01", "\x05", "\x0b", "\x15", "\x17"]
    + [
        "\x1b[A",
        "\x1b[B",
        "\x1b[C",
        "\x1b[D",
        "\x1b[H",
        "\x1b[F",
        "\x1b[5~",
        "\x1b[6~",
        "\x1b[2~",
        "\x1b[3~",
        "\x1b[Z",
        "\x1bOP",
        "\x1b[15~",
        "\x1b[1;5C",
        "\x1b[1;2A",
        "\x1b[200~pasted [/]text\x1b[201~",
    ]
)
QUITS = {ord("\x11"): None, ord("\x03"): None}  # Ctrl+Q and Ctrl+C end the app on purpose


def noise(rng: random.Random) -> str:
    """One key, a mouse report at a random place, or a fragment of an escape sequence."""
    roll = rng.random()
    if roll < 0.75:
        return rng.choice(KEYS)
    if roll < 0.9:
        button, x, y = rng.choice((0, 1, 2, 32, 64, 65)), rng.randint(1, 130), rng.randint(1, 45)
        return f"\x1b[<{button};{x};{y}{rng.choice('Mm')}"
    if roll < 0.97:
        return "\x1b[" + "".join(rng.choice("0123456789;<>?[O") for _ in range(rng.randint(0, 8)))
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6))).decode("latin-1")
    return junk.translate(QUITS)


def handled(eve, session, written: int) -> bool:
    """The server has read all that was written, and its app has handled nearly all of it."""
    app = session.app
    return eve.closed.is_set() or (
        session.channel.bytes_read >= written and (app is None or app._message_queue.qsize() < 8)
    )


async def fuzz(server, port, rng: random.Random, keys: int, first=None) -> None:
    """Send `keys` random keys as eve, connecting again whenever the app is quit on purpose;
    `first(eve)` runs on the first connection before any noise."""
    sent = 0
    while sent < keys:
        eve = await connect(port, "eve")
        await until(lambda: any(s.app is not None and s.app.is_running for s in server.sessions))
        session = next(iter(server.sessions))
        if first is not None:
            await first(eve)
            first = None
        written = 0
        while sent < keys and not eve.closed.is_set():
            chunk = "".join(noise(rng) for _ in range(50)).encode("utf-8", "surrogateescape")
            try:
                eve.process.stdin.write(chunk)
            except BrokenPipeError:
                break  # the app was quit on purpose (q in the lobby): connect again
            sent, written = sent + 50, written + len(chunk)
            await until(
                lambda eve=eve, session=session, written=written: handled(eve, session, written)
            )
        await eve.close()
        await until(lambda: not server.sessions)


async def fuzz_server(tmp_path):
    """A server that reads a fuzzer's keys as fast as they come: neither the input rate nor the
    share of the loop holds them back (both have tests of their own)."""
    return await start_server(
        tmp_path,
        input_bytes_per_second=10**9,
        input_burst_bytes=10**9,
        session_loop_share=1.0,
        address_loop_share=1.0,
        bot_pace_seconds=0.05,
        afk_seconds=3600,
    )


async def fuzzed_without_error(server, port, caplog, name: str, keys: int, first=None) -> None:
    """`keys` random keys from the seed named `name`: no error is logged. Stops the server."""
    try:
        await fuzz(server, port, random.Random(f"fuzz {name}{FUZZ_SEED}"), keys, first)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    finally:
        await server.stop()


@pytest.mark.parametrize("where", ["lobby", "bigshot", "army", "stadium", "million"])
async def test_random_input_never_breaks_a_session(tmp_path, caplog, where):
    caplog.set_level(logging.ERROR, logger="boomtown.net")
    server, port = await fuzz_server(tmp_path)
    if where != "lobby":
        await table_with(server, ["eve"], bots=3, game=where, seed=7)
    await fuzzed_without_error(server, port, caplog, where, FUZZ_KEYS)


async def test_random_input_in_a_replay_never_breaks_a_session(tmp_path, caplog):
    """At the end of eve's game, r opens its replay; the noise then goes to the replay (and to
    wherever its keys lead: the end screen, the lobby)."""
    caplog.set_level(logging.ERROR, logger="boomtown.net")
    server, port = await fuzz_server(tmp_path)
    table = await table_with(server, ["eve", "ann"], bots=0, seed=7)
    play_until(server.host, table, lambda state: state.round == 18)

    async def replaying(eve) -> None:
        await eve.wait_for("Ledger")
        play_until(server.host, table, lambda state: state.is_over())
        await eve.wait_for("Game over")
        await eve.press("r")
        await eve.wait_for("Replay, move 0 of")

    await fuzzed_without_error(server, port, caplog, "replay", FUZZ_KEYS // 2, replaying)


async def test_random_input_in_the_past_games_list_never_breaks_a_session(tmp_path, caplog):
    """eve opens the past games (p) over two finished games; the noise then goes there, to the
    replays its Enter opens and wherever their keys lead."""
    caplog.set_level(logging.ERROR, logger="boomtown.net")
    server, port = await fuzz_server(tmp_path)
    for seed in (7, 8):
        table = await table_with(server, ["ann", "bob"], bots=0, game="stadium", seed=seed)
        play_until(server.host, table, lambda state: state.is_over())

    async def listing(eve) -> None:
        await eve.wait_for("Lobby")
        await eve.press("p")
        await eve.wait_for("Past games")

    await fuzzed_without_error(server, port, caplog, "past", FUZZ_KEYS // 4, listing)
