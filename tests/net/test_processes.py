"""Real `boomtown serve` processes on one PostgreSQL database: people at different processes
play a game together, watch, chat and are banned; a process killed with `kill -9` mid-game
leaves its table's bots to another process, and its people come back to their seats; a hint
is given at a process other than the one running the table."""

import asyncio
import os
import signal
import socket
import sys
import time

import psycopg
import pytest

from boomtown import cli
from core.engine.match import Match
from net.store.storage import Storage

from .harness import browse, connect, ended, signed_in, until

TAKE_OVER_SECONDS = 5.0  # a dead process's tables have their bots moving again by then
GONE_SECONDS = 10.0  # and its people are no longer listed online


class Serve:
    """One `boomtown serve --db` process on a port of its own."""

    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process, self.port = process, port

    @classmethod
    async def start(cls, database: str, log) -> "Serve":
        process = await serve(
            database, "--port", "0", "--workers", "1", "--bot-pace", "0.05", stderr=log
        )
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        assert line.startswith(b"Boomtown is serving on"), line
        return cls(process, int(line.rsplit(b":", 1)[1]))

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.terminate()
        await ended(self.process)


def game_of(storage: Storage, table_id: int) -> Match:
    """The table's game as the database holds it."""
    return Match.from_record(storage.table(table_id).record())


def runner_of(database: str, table_id: int) -> str | None:
    with psycopg.connect(database) as db:
        row = db.execute("SELECT process FROM runners WHERE table_id = %s", (table_id,)).fetchone()
    return row[0] if row else None


@pytest.mark.long
async def test_three_processes_are_one_server_and_outlive_a_kill(postgres, tmp_path):
    database = postgres.database()
    with open(tmp_path / "serve.log", "wb") as log:
        servers = await asyncio.gather(*(Serve.start(database, log) for _ in range(3)))
        storage = Storage(database)  # the test's own look at what is kept
        try:
            await play_watch_chat_ban_and_kill(servers, database, storage)
        finally:
            storage.close()
            for server in servers:
                await server.stop()


async def play_watch_chat_ban_and_kill(servers, database, storage) -> None:
    one, two, three = servers
    ann, ben, cat = (
        await connect(one.port, "ann"),
        await connect(two.port, "ben"),
        await connect(three.port, "cat"),
    )
    await ann.wait_for("3 online: ann, ben, cat")

    await ann.press("n")  # ann makes a table at the first process
    await ann.wait_for("A new table")
    await ann.press("c")
    await ben.wait_for("ann, (open), (open), (open)")  # the second process lists it
    await ben.press("s")
    await ann.wait_for("ann, ben, (open), (open)")
    await ann.press("b")
    await until(lambda: storage.open_tables() and "(open)" not in storage.open_tables()[0].seats)
    await ann.press("g")
    (table,) = storage.open_tables()
    await until(lambda: storage.statuses([table.id]) == {table.id: "playing"})
    await ben.wait_for("Ledger")
    await cat.press("w")  # cat watches from the third
    await cat.wait_for("Ledger")

    await ben.press("t")
    await ben.wait_for("Say to the table")
    await ben.press("good luck", "\r")
    await ann.wait_for("ben: good luck")
    await cat.wait_for("ben: good luck")

    people = {"ann": ann, "ben": ben}
    await play_a_human_move(storage, table.id, people)
    assert cli.main(["ban", "--db", database, "cat", "--reason", "spoilers"]) == 0
    banned_at = time.monotonic()
    await until(lambda: cat.closed.is_set(), timeout=5)
    assert time.monotonic() - banned_at < 2.0  # sent away at once, from another process

    killed_at_move = len(storage.table(table.id).actions)
    first_runner = runner_of(database, table.id)
    one.kill()  # ann's process, which made the table and runs its bots
    killed_at = time.monotonic()
    await until(lambda: ann.closed.is_set(), timeout=5)
    await until(
        lambda: runner_of(database, table.id) not in (None, first_runner), timeout=TAKE_OVER_SECONDS
    )
    await until(lambda: "ann" not in storage.online_elsewhere(), timeout=GONE_SECONDS)
    assert time.monotonic() - killed_at < GONE_SECONDS

    people["ann"] = again = await connect(two.port, "ann")  # the same address: another process
    await again.wait_for("Ledger")  # straight back to her seat
    while not any(seat >= 2 for seat, _ in storage.table(table.id).actions[killed_at_move:]):
        await play_a_human_move(storage, table.id, people)  # until a bot has moved again
    actions = storage.table(table.id).actions
    assert game_of(storage, table.id).record.actions  # one history, still replaying
    assert len(actions) > killed_at_move
    for person in (again, ben):
        await person.close()


@pytest.mark.long
async def test_a_hint_at_a_table_another_process_runs(postgres, tmp_path):
    """A person who comes back to their table of bots at another process than the one that
    runs it asks for a hint there, and gets one: worked out where they are connected."""
    database = postgres.database()
    with open(tmp_path / "serve.log", "wb") as log:
        one, two = await asyncio.gather(*(Serve.start(database, log) for _ in range(2)))
        storage = Storage(database)
        try:
            ann = await connect(one.port, "ann")
            await ann.press("n")
            await ann.wait_for("A new table")
            await ann.press("\t", "\t", *["\x1b[C"] * 3, "c")  # Big Shot, 4 seats, 3 bots
            await ann.wait_for("ann, Coin [bot]")  # the lobby lists the table
            (table,) = storage.open_tables()
            await ann.press("g")
            await until(lambda: storage.statuses([table.id]) == {table.id: "playing"})
            await ann.wait_for("Ledger")
            runner = runner_of(database, table.id)
            assert runner == process_of(database, "ann")
            await ann.close()
            await until(lambda: process_of(database, "ann") is None)

            ann = await connect(two.port, "ann")  # back at the other process
            await ann.wait_for("Ledger")  # straight back to her seat
            await until(lambda: game_of(storage, table.id).state.actor() == 0, timeout=30)
            await ann.wait_for("ann (you) to")
            await ann.press("h")
            await ann.wait_for("Hint: ", timeout=60)  # the first hint starts the thinkers
            assert process_of(database, "ann") != runner == runner_of(database, table.id)
            assert storage.table(table.id).assisted
            await ann.close()
        finally:
            storage.close()
            for server in (one, two):
                await server.stop()


# Big Shot's key for each kind of move a person makes here, in the order they are preferred:
# Enter places a cube where the cursor is (the roller takes the cubes free when all pass) or
# pays with the colour chosen.
KEY_FOR = {"roll": "r", "pass": "p", "place": "\r", "pay": "\r", "no-loan": "n"}


async def play_a_human_move(storage: Storage, table_id: int, people: dict) -> None:
    """Whoever of the people is to act presses a key for it (roll, pass, else place or pay)
    at their own process; returns once the move is kept."""
    await until(lambda: game_of(storage, table_id).state.actor() in (0, 1))
    match = game_of(storage, table_id)
    seat = match.state.actor()
    name = match.record.players[seat]
    moves = len(match.record.actions)
    person = people[name]
    legal = {action.to_json()["kind"] for action in match.state.legal_actions(seat)}
    await person.wait_for(f"{name} (you) to")
    await person.press(next(key for kind, key in KEY_FOR.items() if kind in legal))
    await until(lambda: len(storage.table(table_id).actions) > moves)


async def serve(database: str, *more: str, stdout=asyncio.subprocess.PIPE, stderr):
    """A `boomtown serve` process on `database`, given `more` arguments."""
    command = (sys.executable, "-m", "boomtown.cli", "serve", "--db", database, *more)
    return await asyncio.create_subprocess_exec(*command, stdout=stdout, stderr=stderr)


async def serve_workers(
    database: str, port: int, *more: str, stdout=asyncio.subprocess.PIPE, stderr
) -> asyncio.subprocess.Process:
    """`boomtown serve --workers 2` on `database` and a fixed `port`, with `more` arguments."""
    return await serve(
        database, "--port", str(port), *more, "--workers", "2", stdout=stdout, stderr=stderr
    )


@pytest.mark.long
async def test_workers_share_one_port_and_one_that_dies_is_started_again(postgres, tmp_path):
    database = postgres.database()
    port = free_port()  # several processes must share a fixed one
    with open(tmp_path / "serve.log", "wb") as log:
        parent = await serve_workers(database, port, stderr=log)
        try:
            line = await asyncio.wait_for(parent.stdout.readline(), 30)
            assert (
                line.strip() == f"Boomtown is serving on 127.0.0.1:{port} with 2 processes".encode()
            )
            await until(lambda: len(alive_processes(database)) == 2)
            first = alive_processes(database)
            workers = children_of(parent.pid)
            assert len(workers) == 2
            os.kill(workers[0], signal.SIGKILL)
            await until(lambda: len(alive_processes(database) - first) == 1, timeout=10)
            ann = await connect(port, "ann")  # the port still answers
            await ann.wait_for("You are ann")
            await ann.close()
        finally:
            parent.terminate()
            await ended(parent)
    assert not children_of(parent.pid)


@pytest.mark.long
async def test_workers_end_when_their_parent_is_killed(postgres, tmp_path):
    """Issue 67: the workers of a parent killed with -9 served on, orphaned, with nobody to
    start them again or stop them. They now stop as by SIGTERM, letting their people go."""
    database = postgres.database()
    port = free_port()
    with open(tmp_path / "serve.log", "wb") as log:
        parent = await serve_workers(database, port, stderr=log)
        line = await asyncio.wait_for(parent.stdout.readline(), 30)
        assert line.startswith(b"Boomtown is serving on")
        await until(lambda: len(alive_processes(database)) == 2)
        workers = children_of(parent.pid)
        try:
            ann = await connect(port, "ann")
            await ann.wait_for("You are ann")
            parent.kill()
            await until(lambda: not any(running(pid) for pid in workers), timeout=10)
            await until(ann.closed.is_set, timeout=5)
            assert not alive_processes(database)
            await ended(parent, 5)  # (its output pipe, the workers' too)
        finally:
            for pid in filter(running, workers):
                os.kill(pid, signal.SIGKILL)
    with pytest.raises(OSError):  # nobody serves the port
        await asyncio.open_connection("127.0.0.1", port)
    assert b"stopping: the parent process has ended" in (tmp_path / "serve.log").read_bytes()


def running(pid: int) -> bool:
    """Whether the process `pid` is running (not gone, nor a zombie waiting to be reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.long
async def test_workers_share_the_web_port_and_a_link_made_at_one_signs_in_at_any(
    postgres, tmp_path
):
    """Each worker answers browsers on the shared web port too, and the links and cookies they
    give are kept in the one database: a browser signs in, whichever worker it reaches."""
    database = postgres.database()
    port, web_port = free_port(), free_port()
    with open(tmp_path / "serve.log", "wb") as log:
        parent = await serve_workers(database, port, "--web", str(web_port), stderr=log)
        storage = Storage(database)
        try:
            await asyncio.wait_for(parent.stdout.readline(), 30)
            await until(lambda: len(alive_processes(database)) == 2 and listening(web_port))
            served_by = set()  # the system picks the worker each time: until both have served
            for name in (f"p{i}" for i in range(20)):
                cookie = await signed_in(web_port, "/link/" + storage.make_link(name, 600))
                browser = await browse(web_port, cookie)
                await browser.wait_for(f"You are {name}")
                await until(lambda name=name: process_of(database, name) is not None)
                served_by.add(process_of(database, name))
                await browser.close()
                if len(served_by) == 2:
                    break
            assert len(served_by) == 2
        finally:
            storage.close()
            parent.terminate()
            await ended(parent)
    assert not children_of(parent.pid)


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def process_of(database: str, name: str) -> str | None:
    """The process `name` is connected to, as the database lists them."""
    with psycopg.connect(database) as db:
        row = db.execute("SELECT process FROM presence WHERE name = %s", (name,)).fetchone()
    return row[0] if row else None


def alive_processes(database: str) -> set[str]:
    """The server processes that beat within the last 2 s."""
    with psycopg.connect(database) as db:
        return {
            process
            for (process,) in db.execute(
                "SELECT id FROM processes WHERE beat > %s", (time.time() - 2,)
            )
        }


def children_of(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as children:
            return [int(child) for child in children.read().split()]
    except FileNotFoundError:
        return []


@pytest.mark.long
async def test_workers_that_cannot_start_stop_the_server_saying_so(postgres, tmp_path):
    database = postgres.database()
    with socket.socket() as taken:  # another program holds the port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        parent = await serve_workers(
            database, port, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
        )
        _, said = await asyncio.wait_for(parent.communicate(), 30)
    assert parent.returncode == 1  # not started again and again
    assert b"could not start" in said


async def test_a_process_stopped_by_sigterm_ends_as_by_ctrl_c_and_lets_its_people_go(
    postgres, tmp_path
):
    """systemd, docker and the parent of `--workers` stop a server with SIGTERM: it ends its
    sessions and leaves the database's list of who is online at once, as Ctrl+C does, rather
    than dying with its people listed until their lease runs out."""
    database = postgres.database()
    with open(tmp_path / "serve.log", "wb") as log:
        server = await Serve.start(database, log)  # one process (--workers 1)
        ann = await connect(server.port, "ann")
        try:
            await ann.wait_for("You are ann")
            await until(lambda: process_of(database, "ann") is not None)
            server.process.send_signal(signal.SIGTERM)
            assert await ended(server.process) == 0  # not killed by it
            await until(lambda: ann.closed.is_set(), timeout=5)
            assert process_of(database, "ann") is None
        finally:
            await server.stop()
    assert b"stopping: SIGTERM" in (tmp_path / "serve.log").read_bytes()
