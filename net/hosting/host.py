"""The game host: every table in the server, who sits and watches where, bots, chat.

It knows nothing of Textual or SSH. Sessions subscribe with a listener and are told when the
lobby or a table changed; they then ask for the view their seat may see. Actions are committed
to storage before anyone is told of them.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import play.table
from core.engine.actions import Action
from core.engine.errors import ActionError, StaleAction
from core.engine.findings import Analysis
from core.engine.game import Result
from core.engine.match import Match
from core.engine.replay import Replay
from core.engine.search import SLOW_KINDS, Weighing, within_thinking_time
from core.games import get_spec
from core.text import counted, plural
from net.hosting.chat import LOBBY, ChatLog
from net.hosting.past import PastGames
from net.hosting.tables import (
    CLOSED,
    HUMAN,
    OPEN,
    OVER,
    PLAYING,
    WAITING,
    HostedTable,
    HostError,
    NetSeat,
    SaveFailed,
    seats_from_json,
    seats_json,
)
from net.hosting.thinking import Thinkers, think
from net.limits import Limits, TokenBucket, clean_text
from net.loop.loop_share import unmetered
from net.store.storage import (
    MoveTaken,
    RatingWork,
    RematchMade,
    Storage,
    StorageError,
    StoredTable,
    TableChanged,
)
from net.transport.admission import network_of
from play.analysis import Analysing
from play.ratings import Player, Rating, RatingChanges
from play.ratings import rate as rate_game

if TYPE_CHECKING:
    from net.hosting.community import Community

log = logging.getLogger("boomtown.net")
T = TypeVar("T")

BOT_NAMES = ("Ada", "Brick", "Coin", "Dot", "Edge", "Flint")
LOBBY_COALESCE_SECONDS = 0.1
CANNOT_SAVE = "the server cannot save just now: nothing was changed"
CANNOT_SAVE_MOVE = "the server cannot save: the move was not made"
CHANGE_TRIES = 3  # a change to a table other processes changed first: tried on it again
MOVE_WAIT_SECONDS = 0.25  # a move's write not done by then: its table says it waits for the disk
STILL_SAVING = "the server is still saving the last move at this table: try again in a moment"
MOVED_ELSEWHERE = "another player's move came first: look again"
PAST_ANALYSES = 2  # past games without an analysis worked out at once, at their replays' asking
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


class Listener(Protocol):
    def lobby_changed(self) -> None: ...

    def table_changed(self, table_id: int) -> None: ...


class Host:
    def __init__(self, storage: Storage, limits: Limits, thinkers: Thinkers | None = None) -> None:
        self.storage = storage
        self.thinkers = thinkers  # worker processes for slow bots; None: they think in threads
        self.last_change = 0.0  # when a table last changed (monotonic)
        self.limits = limits
        self.tables: dict[int, HostedTable] = {}
        self.listeners: dict[int, tuple[str | None, Listener]] = {}  # None: nobody's
        self.lobby_chat = ChatLog.load(LOBBY, storage)
        self.past = PastGames(
            storage,
            self.tables,
            limits.past_games_listed,
            thinkers.executor if thinkers is not None else None,
        )
        self.places: dict[str, int] = {}  # the table each person last played at or watched
        self.stopped = False
        self.web_url: str | None = None  # where browsers join (serve --web), if they may
        self._lobby_due = False  # a lobby change is about to be told
        self._chat_rates: dict[str, TokenBucket] = {}  # per person online
        self.community: Community | None = None  # the other processes on a shared database
        self._creating = asyncio.Lock()  # one table made at a time: the limits count them
        self._requests: set[asyncio.Task] = set()  # requests under way (see `owned`)
        self._analyses: set[asyncio.Task] = set()  # finished games' analyses under way
        self._past_analyses: dict[int, Analysing] = {}  # of past games replayed, by table
        self._analysis_turns = asyncio.Semaphore(1)  # one estimate in the workers at a time
        self._load()
        storage.serve()  # from now on, on the event loop, queries are awaited

    # -- sessions ----------------------------------------------------------------------------

    def connect(self, name: str, listener: Listener) -> None:
        here = self._connected_here(name)
        self.listeners[id(listener)] = (name, listener)
        if self.community is not None and not here:
            self.community.arrived(name)
        self._presence_changed(name)

    def disconnect(self, listener: Listener) -> None:
        if id(listener) not in self.listeners:
            return
        name, _ = self.listeners.pop(id(listener))
        if name is not None:  # a session stops watching before it disconnects
            if not self._connected_here(name):
                self._chat_rates.pop(name, None)
                if self.community is not None:
                    self.community.left(name)
            self._presence_changed(name)

    def _presence_changed(self, name: str) -> None:
        """Tell the lobby, and the tables where `name` sits, that they came or went."""
        for table in list(self.tables.values()):
            if table.seat_of(name) is not None:
                self._notify_table(table)
                self._forget_if_done(table)
        self._lobby_changed()

    def subscribe(self, listener: Listener) -> None:
        """Hear of every change without being anyone (a shared spectator screen)."""
        self.listeners[id(listener)] = (None, listener)

    def unsubscribe(self, listener: Listener) -> None:
        self.listeners.pop(id(listener), None)

    def online(self) -> list[str]:
        """Everyone connected, to this process or another sharing its database."""
        here = self.connected_here()
        return sorted(here | self.community.elsewhere if self.community else here)

    def connected_here(self) -> set[str]:
        """The people connected to this process."""
        return {name for name, _ in self.listeners.values() if name is not None}

    def is_online(self, name: str) -> bool:
        return self._connected_here(name) or (
            self.community is not None and name in self.community.elsewhere
        )

    def _connected_here(self, name: str) -> bool:
        return any(n == name for n, _ in self.listeners.values())

    def runs(self, table: HostedTable) -> bool:
        """Whether this process runs the table's bots and clocks: of the processes sharing a
        database, one does (net.hosting.community)."""
        return self.community is None or table.id in self.community.running

    def back(self, name: str, table_id: int) -> None:
        """`name` is at the keyboard of this table again: the bot stops playing for them."""
        table = self.tables.get(table_id)
        if table is None:
            return
        seat = table.seat_of(name)
        if seat is not None and seat in table.away:
            table.away.discard(seat)
            self._save_away(table)
            self._say(table, f"{name} is back.")
            self._changed(table)

    # -- the lobby ---------------------------------------------------------------------------

    def table(self, table_id: int) -> HostedTable:
        try:
            return self.tables[table_id]
        except KeyError:
            raise HostError(f"there is no table {table_id}") from None

    @owned
    async def create_table(
        self,
        by: str,
        game: str,
        options: dict[str, Any],
        players: int,
        bots: int,
        bot_kind: str = "heuristic",
        seed: int | None = None,
        address: str = "",
        rematch_of: int | None = None,
        rated: bool = True,
    ) -> HostedTable:
        """A table waiting to start, made by `by` (coming from `address`), seated at it; to
        play the game at table `rematch_of` again (RematchMade if another process made that
        table first); `rated`: whether its game changes the people's ratings."""
        async with self._creating:  # the limits below count the tables made so far
            return await self._create_table(
                by, game, options, players, bots, bot_kind, seed, address, rematch_of, rated
            )

    async def _create_table(
        self,
        by: str,
        game: str,
        options: dict[str, Any],
        players: int,
        bots: int,
        bot_kind: str,
        seed: int | None,
        address: str,
        rematch_of: int | None,
        rated: bool,
    ) -> HostedTable:
        spec = get_spec(game)
        if not spec.min_players <= players <= spec.max_players:
            raise HostError(f"{spec.title} takes {spec.min_players} to {spec.max_players} players")
        if not 0 <= bots < players:
            raise HostError("leave at least one seat for a person")
        if bot_kind not in spec.bots:
            raise HostError(f"{spec.title} has no {bot_kind!r} bots")
        limits = self.limits
        if self._waiting_made_by(by) >= limits.tables_per_person:
            raise HostError(
                f"you have made {counted(limits.tables_per_person, 'table')} waiting "
                "to start, the most allowed: start one, or stand up from one to "
                "close it"
            )
        self._check_made_from(address)
        if bot_kind in SLOW_KINDS:
            self._check_slow_bots(by, address)
        self._check_seats_held(by)
        if sum(t.status in (WAITING, PLAYING) for t in self.tables.values()) >= limits.open_tables:
            raise HostError(
                f"the server has {limits.open_tables} tables open, the most it "
                "allows: join one, or try again later"
            )
        try:
            options = spec.resolve_options(options)
            spec.start([f"seat {i}" for i in range(players)], 0, options)  # refused options
        except ValueError as exc:
            raise HostError(str(exc)) from None
        seats = [NetSeat(by, HUMAN)] + [NetSeat() for _ in range(players - 1)]
        for i in range(bots):
            seats[players - 1 - i] = NetSeat(BOT_NAMES[i], bot_kind)
        seed = seed if seed is not None else random.randrange(1_000_000_000)
        try:
            table_id = await self.storage.soon(
                self.storage.create_table,
                game,
                options,
                seed,
                seats_json(seats),
                by,
                bot_kind,
                rematch_of,
                rated,
            )
        except RematchMade:
            raise
        except StorageError as exc:
            log.warning("cannot save a new table (%s)", exc)
            raise SaveFailed(CANNOT_SAVE) from None
        table = HostedTable(
            table_id,
            game,
            options,
            seed,
            by,
            seats,
            ChatLog(table_id, self.storage),
            bot_kind=bot_kind,
            made_from=address,
            rated=rated,
        )
        self.tables[table_id] = table
        if self.community is not None:  # the process that makes a table runs it
            self.community.running.add(table_id)
        self._lobby_changed()
        return table

    @owned
    async def sit(self, table_id: int, name: str, seat: int | None = None) -> int:
        table = self.table(table_id)

        def take_a_seat() -> int:
            mine = table.seat_of(name)
            if mine is not None:
                return mine
            if table.status != WAITING:
                raise HostError("that game has started; you can watch it")
            self._check_seats_held(name)
            free = [i for i, s in enumerate(table.seats) if s.kind == OPEN]
            if seat is None and not free:
                raise HostError("that table is full; you can watch it")
            if seat is not None and seat not in free:
                raise HostError(f"seat {seat + 1} is taken")
            taken = free[0] if seat is None else seat
            table.seats[taken] = NetSeat(name, HUMAN)
            return taken

        return await self._change(table, take_a_seat)

    def _next_host(self, people: list[str]) -> str:
        """Who of `people` (seated, in seat order) takes over a waiting table: the first who
        has made fewer waiting tables than a person may, else the first."""
        most = self.limits.tables_per_person
        return next(
            (person for person in people if self._waiting_made_by(person) < most), people[0]
        )

    def _waiting_made_by(self, person: str) -> int:
        """How many tables waiting to start `person` hosts."""
        return sum(t.status == WAITING and t.host == person for t in self.tables.values())

    def _check_made_from(self, address: str) -> None:
        """HostError if the tables waiting to start made from `address`, or from its network,
        are as many as allowed (throwaway keys make new names, not new addresses)."""
        if not address:
            return
        most, network = self.limits.tables_per_address, network_of(address)
        waiting = [t.made_from for t in self.tables.values() if t.status == WAITING]
        if (
            waiting.count(address) >= most
            or sum(network_of(made) == network for made in waiting if made) >= 2 * most
        ):
            raise HostError(
                f"{counted(most, 'table')} waiting to start were made from your "
                "address (or its network), the most allowed: join one, or start one"
            )

    def _check_slow_bots(self, by: str, address: str) -> None:
        """HostError if one more table of slow bots (search bots) would be too many: for its
        maker, their address, or the server (their thinking is the server's dearest work)."""
        limits = self.limits
        slow = [
            t
            for t in self.tables.values()
            if t.bot_kind in SLOW_KINDS and t.status in (WAITING, PLAYING)
        ]
        if sum(t.host == by for t in slow) >= limits.search_tables_per_person or (
            address
            and sum(t.made_from == address for t in slow) >= limits.search_tables_per_address
        ):
            raise HostError(
                f"you have {counted(limits.search_tables_per_person, 'table')} of "
                "search bots waiting or playing, the most allowed (from your "
                "address too): finish one, or choose heuristic bots"
            )
        if len(slow) >= limits.search_tables:
            raise HostError(
                f"the server runs {counted(limits.search_tables, 'table')} of search "
                "bots, the most it allows: choose heuristic bots, or try later"
            )

    async def close_deserted(self) -> None:
        """Close the tables waiting to start whose seated people have all been offline for
        `deserted_table_seconds` (made and left, they would hold the server's room for good)."""
        now = time.monotonic()
        for table in [t for t in self.tables.values() if t.status == WAITING and self.runs(t)]:
            if any(self.is_online(s.name) for s in table.seats if s.kind == HUMAN):
                table.deserted_since = None
            elif table.deserted_since is None:
                table.deserted_since = now
            elif now - table.deserted_since >= self.limits.deserted_table_seconds:
                try:
                    if await self._close_waiting(table, lambda: True):
                        log.info(
                            "closed table %d: nobody seated had been online for %.0f s",
                            table.id,
                            now - table.deserted_since,
                        )
                except StorageError as exc:
                    log.warning("cannot close table %d (%s)", table.id, exc)

    async def _close_waiting(self, table: HostedTable, still: Callable[[], bool]) -> bool:
        """Close a table waiting to start, in the storage too, if `still()` holds once no
        change of its seats is under way; whether it did (StorageError, and nothing changes,
        if it cannot be saved)."""
        async with table.changing:
            if table.status != WAITING or not still():
                return False
            await self.storage.soon(self.storage.close_table, table.id)
            self.close(table)
            return True

    def _check_seats_held(self, name: str) -> None:
        """HostError if `name` sits at as many tables not yet over as a person may (so that
        nobody can take every table the server allows by starting games for bots to play)."""
        most = self.limits.games_per_person
        if (
            sum(
                t.status in (WAITING, PLAYING) and t.seat_of(name) is not None
                for t in self.tables.values()
            )
            >= most
        ):
            raise HostError(
                f"you sit at {counted(most, 'table')} waiting or playing, the most "
                "allowed: finish a game, or stand up from a table not started"
            )

    @owned
    async def stand(self, table_id: int, name: str) -> None:
        """Leave a seat of a table waiting to start: the last person to leave closes it, and
        the table's host hands it to the first person still seated who may host one more."""
        table = self.table(table_id)

        def alone() -> bool:
            return [s.name for s in table.seats if s.kind == HUMAN] == [name]

        def leave() -> None:
            seat = table.seat_of(name)
            if seat is None or table.status != WAITING or alone():
                return
            table.seats[seat] = NetSeat()
            if table.host == name:  # in the hands of someone still seated, who may start it
                table.host = self._next_host([s.name for s in table.seats if s.kind == HUMAN])

        await self._change(table, leave)
        try:  # the last to leave: nothing was played, and it goes from the storage too
            await self._close_waiting(table, alone)
        except StorageError as exc:
            log.warning("table %s: cannot close (%s)", table.id, exc)
            raise SaveFailed(CANNOT_SAVE) from None

    def close(self, table: HostedTable) -> None:
        """Take a table not over away (it was closed in the storage): its bots and clocks
        stop, and its players are sent to the lobby."""
        _cancel_timer(table)
        table.status = CLOSED
        self.tables.pop(table.id, None)
        self._notify_table(table)
        self._lobby_changed()

    async def closed_elsewhere(self) -> None:
        """Close the tables that `boomtown tables --close` closed in the storage (or removed,
        as it does a table where nothing was played)."""
        asked = list(self.tables)  # (a table made meanwhile is not among them)
        statuses = await self.storage.soon(self.storage.statuses, asked)
        for table_id in asked:
            if statuses.get(table_id, CLOSED) == CLOSED and table_id in self.tables:
                log.info("table %d was closed by the server's host", table_id)
                self.close(self.tables[table_id])

    def saw_the_end(self, table_id: int, name: str) -> None:
        """`name` has left this finished game's end screen: the lobby no longer lists it for
        them."""
        table = self.tables.get(table_id)
        if table is not None and table.status == OVER and name not in table.done_with:
            table.done_with.add(name)
            self._lobby_changed()
            self._forget_if_done(table)

    async def rematch(self, table_id: int, name: str, address: str = "") -> HostedTable:
        """`name`, a player of this finished game, plays it again: at the table the first of its
        players to ask made (the same game, options, number of seats and bots), which starts
        by itself once every person who played the game sits there."""
        old = self.tables.get(table_id)
        if old is None or old.status != OVER or old.seat_of(name) is None:
            raise HostError("only the players of a finished game may play it again")
        table = self.tables.get(old.rematch) if old.rematch is not None else None
        if table is None:  # nobody asked yet, or everyone stood up from the table made
            bots = sum(seat.is_bot for seat in old.seats)
            try:
                table = await self.create_table(
                    name,
                    old.game,
                    old.options,
                    len(old.seats),
                    bots,
                    old.bot_kind,
                    address=address,
                    rematch_of=old.id,
                    rated=old.rated,
                )
            except RematchMade:  # at another process a moment ago
                table = await self._played_again_elsewhere(old.id)
                await self.sit(table.id, name)
            old.rematch = table.id
        else:
            await self.sit(table.id, name)
        players = {seat.name for seat in old.seats if seat.kind == HUMAN}
        if players <= {seat.name for seat in table.seats if seat.kind == HUMAN}:
            await self.start(table.id, table.host)
        return table

    def _forget_if_done(self, table: HostedTable) -> None:
        """A finished game that nobody watches, and whose players have all left its end screen
        or the server, leaves memory; it stays on disk, and in the list of past games."""
        if (
            table.status == OVER
            and not table.watchers
            and all(
                s.name in table.done_with or not self.is_online(s.name)
                for s in table.seats
                if s.kind == HUMAN
            )
        ):
            if self.tables.pop(table.id, None) is not None:
                self._lobby_changed()

    def watch(self, table_id: int, name: str) -> None:
        table = self.table(table_id)
        table.watchers[name] = table.watchers.get(name, 0) + 1
        self.remember_place(name, table_id)
        self._lobby_changed()

    async def place_of(self, name: str) -> int | None:
        """The table `name` last played at or watched: as the database says, when other
        processes share it (they were perhaps there, at another process)."""
        if self.community is not None:
            try:
                place = await self.storage.soon(self.storage.place_of, name)
            except StorageError as exc:
                log.warning("where %s was cannot be read: %s", name, exc)
            else:
                if place is not None:
                    self.places[name] = place
        return self.places.get(name)

    def remember_place(self, name: str, table_id: int) -> None:
        """`name` plays at or watches this table: where they come back to, after a dropped
        connection or a restart of the server (kept on disk when it changes)."""
        if self.places.get(name) == table_id:
            return
        self.places[name] = table_id
        self.storage.later(self.storage.set_place, name, table_id)  # else only a restart
        # would forget it

    def unwatch(self, table_id: int, name: str) -> None:
        table = self.tables.get(table_id)
        if table and name in table.watchers:
            table.watchers[name] -= 1
            if not table.watchers[name]:
                del table.watchers[name]
            self._lobby_changed()
            self._forget_if_done(table)

    @owned
    async def fill_with_bots(self, table_id: int, by: str) -> None:
        """Bots of the table's kind take its free seats."""
        table = self._hosted_by(table_id, by)

        def fill() -> None:
            used = {s.name for s in table.seats}
            names = (n for n in BOT_NAMES if n not in used)
            for i, seat in enumerate(table.seats):
                if seat.kind == OPEN:
                    table.seats[i] = NetSeat(next(names), table.bot_kind)

        await self._change(table, fill)

    @owned
    async def start(self, table_id: int, by: str, as_seated: bool = False) -> None:
        """Start the game; with seats still open, only `as_seated`: with those seated, the open
        seats taken away, if the game may be played by that many."""
        table = self._hosted_by(table_id, by)

        def begin() -> None:
            if table.status != WAITING:
                raise HostError("that game has already started")
            seated = [s for s in table.seats if s.kind != OPEN]
            if len(seated) < len(table.seats):
                spec = get_spec(table.game)
                if len(seated) < spec.min_players:
                    raise HostError(
                        f"{spec.title} takes at least {spec.min_players} players: "
                        "b fills the open seats with bots"
                    )
                if not as_seated:
                    raise HostError(
                        f"{plural(len(table.seats) - len(seated), 'seat')} open: b "
                        f"fills them with bots, or G starts with the {len(seated)} "
                        "seated"
                    )
            try:  # fewer players than the table was made for may not suit its options
                match = Match(table.game, [s.name for s in seated], table.seed, table.options)
            except ValueError as exc:
                raise HostError(f"not with {len(seated)} players: {exc}") from None
            table.seats, table.match, table.status = seated, match, PLAYING

        await self._change(table, begin)
        self._say(table, f"{by} starts the game.")
        self._changed(table)

    @owned
    async def replace_absent(self, table_id: int, by: str) -> list[str]:
        """A bot of the table's kind takes the seat of every player who is not connected;
        returns their names."""
        table = self._hosted_by(table_id, by)

        def replace() -> list[str]:
            gone = [
                seat.name
                for seat in table.seats
                if seat.kind == HUMAN and not self.is_online(seat.name)
            ]
            for i, seat in enumerate(table.seats):
                if seat.name in gone and seat.kind == HUMAN:
                    table.seats[i] = NetSeat(f"{seat.name} (bot)", table.bot_kind)
            return gone

        gone = await self._change(table, replace)
        if gone:
            table.away.difference_update(i for i, s in enumerate(table.seats) if s.is_bot)
            self._save_away(table)
            self._say(table, f"Bots take the seats of {', '.join(gone)}.")
            self._changed(table)
        return gone

    async def _change(self, table: HostedTable, change: Callable[[], T]) -> T:
        """Make `change` (it checks, HostError if it may not, then changes the table's seats,
        status, game or host) and save it, one change at a time at a table. If another
        process changed the table first, the table is read again and the change made again
        on it (a seat taken meanwhile is then refused as taken); if it cannot be saved, it is
        undone."""
        async with table.changing:
            for tries_left in reversed(range(CHANGE_TRIES)):
                before = (list(table.seats), table.status, table.match, table.host)
                try:
                    answer = change()
                    if (table.seats, table.status, table.match, table.host) != before:
                        table.changes = await self.storage.soon(
                            self.storage.update_table,
                            table.id,
                            seats_json(table.seats),
                            table.status,
                            table.host,
                            table.changes,
                        )
                    break
                except TableChanged:
                    table.seats, table.status, table.match, table.host = before
                    if not tries_left:
                        raise HostError(CHANGED_ELSEWHERE) from None
                    await self._read_again(table)
                except StorageError as exc:
                    table.seats, table.status, table.match, table.host = before
                    log.warning("table %s: cannot save (%s)", table.id, exc)
                    raise SaveFailed(CANNOT_SAVE) from None
                except BaseException:
                    table.seats, table.status, table.match, table.host = before
                    raise
        self._lobby_changed()
        return answer

    async def _read_again(self, table: HostedTable) -> None:
        """The table as the database has it now (another process changed it)."""
        try:
            stored, chat = await self.storage.soon(self.storage.table_and_chat, table.id)
            self.heard_table(table.id, stored, chat, changing=True)
        except StorageError as exc:
            log.warning("table %s: cannot read (%s)", table.id, exc)
            raise SaveFailed(CANNOT_SAVE) from None

    def _hosted_by(self, table_id: int, by: str) -> HostedTable:
        table = self.table(table_id)
        if table.host != by:
            raise HostError(f"only {table.host}, who hosts table {table_id}, can do that")
        return table

    # -- chat --------------------------------------------------------------------------------

    async def chat(self, table_id: int | None, name: str, text: str) -> None:
        """Say `text` in the lobby (None) or at a table; HostError if `name` says too much too
        fast (a line refused is not counted) or nobody is left at the table."""
        text = clean_text(text, self.limits.chat_length)
        if not text:
            return
        table = self.tables.get(table_id) if table_id is not None else None
        if table_id is not None and table is None:
            raise HostError("everyone has left that table")
        limits = self.limits
        bucket = self._chat_rates.setdefault(
            name, TokenBucket(limits.chat_per_minute / 60, limits.chat_burst)
        )
        if not bucket.allows(1):
            raise HostError(
                f"you are chatting too fast: {limits.chat_per_minute} lines a "
                "minute at most. Wait a moment"
            )
        line = f"{name}: {text}"
        try:
            if table is None:
                await self.lobby_chat.say(line)
                self._lobby_changed()
            else:
                await table.chat.say(line, _log_length(table))
                self._notify_table(table)
        except StorageError as exc:  # (a database shared with other processes)
            log.warning("cannot save chat (%s)", exc)
            raise SaveFailed(CANNOT_SAVE) from None

    def _say(self, table: HostedTable, text: str) -> None:
        """The server says something at a table (kept if it can be: not worth a refusal)."""
        table.chat.tell(f"* {text}", _log_length(table))

    # -- play --------------------------------------------------------------------------------

    def view(self, table_id: int, seat: int | None):
        """What `seat` (None: a spectator) sees now at that table."""
        return self.table(table_id).view(seat)

    def act(
        self, table_id: int, name: str, action, version: int | None = None
    ) -> asyncio.Task[str | None]:
        """Play `action` for `name`'s seat: ActionError (nothing changes) or HostError if it
        is refused; else it is saved, and made once saved. The task returned ends then, with
        what to tell its player if it could not be made (None: made)."""
        table = self.table(table_id)
        seat = table.seat_of(name)
        if seat is None or table.match is None:
            raise HostError("you have no seat in a game at that table")
        self.remember_place(name, table_id)
        self.back(name, table_id)
        return self._commit(table, seat, action, version)

    async def hint(self, table_id: int, name: str) -> Weighing | Action:
        """What the search bot would play in `name`'s seat, for the one person at a table of
        bots; worked out where search bots think, never on the event loop, once a position
        (asked again, the same hint at once). HostError where people play people, while
        their last hint is still worked out, or if it takes longer than a bot may think. The
        game is then assisted: it counts in no record of wins (kept with the table)."""
        table = self.table(table_id)
        seat = table.seat_of(name)
        if seat is None or table.match is None or not table.alone_at(name):
            raise HostError("no hints where people play people")
        match = table.started
        version = match.state.version
        if table.hint_given is not None and table.hint_given[0] == version:
            return table.hint_given[1]
        if table.hinting:  # one at a time: pressing h again queues no more work
            raise HostError("a hint is on its way")
        if not match.record.assisted:
            match.assist()
            self.storage.later(self.storage.mark_assisted, table.id)
        view, seed = table.view(seat), play.table.hint_seed(match)
        executor = self.thinkers.executor if self.thinkers is not None else None  # else threads
        thinking = asyncio.get_running_loop().run_in_executor(
            executor, play.table.hint, table.game, view, seed
        )
        table.hinting = True  # until the work is done, even if nobody waits for it any more
        thinking.add_done_callback(lambda _: setattr(table, "hinting", False))
        try:
            found = await asyncio.wait_for(asyncio.shield(thinking), self.limits.bot_think_seconds)
        except TimeoutError:
            raise HostError("no hint: the server is too busy just now") from None
        except Exception:  # a bug in the search must not end the person's session
            log.exception("a hint at table %s failed", table.id)
            raise HostError("no hint just now") from None
        table.hint_given = (version, found)
        return found

    def _commit(
        self, table: HostedTable, seat: int, action, version: int | None
    ) -> asyncio.Task[str | None]:
        """Save one move, and make it once saved (nobody sees a move not saved): ActionError
        if it is refused, SaveFailed while the table's last move is being saved."""
        if table.saving is not None:
            raise SaveFailed(STILL_SAVING)
        after = table.started.state.apply(seat, action, version)
        n = len(table.started.record.actions)  # its number now: the task starts a moment later
        table.saving = asyncio.get_running_loop().create_task(
            self._save_move(table, n, seat, action, after)
        )
        return table.saving

    async def _save_move(self, table: HostedTable, n: int, seat: int, action, after) -> str | None:
        """Move `n`'s write, awaited (the table waits for it, every other table goes on);
        then the move is made, or, if it cannot be saved, not made, everyone at the table is
        told, and the table tries again once saving works."""
        _cancel_timer(table)
        write = asyncio.wrap_future(
            self.storage.queue(self.storage.add_action, table.id, n, seat, action.to_json())
        )
        await asyncio.wait({write}, timeout=MOVE_WAIT_SECONDS)
        if not write.done():
            log.warning(
                "table %s: the disk is slow to save a move; the table waits for it", table.id
            )
            table.slow_to_save = True
            self._notify_table(table)
        try:
            await write
            failure = None
        except StorageError as exc:
            failure = exc
        table.saving, table.slow_to_save = None, False
        if isinstance(failure, MoveTaken):  # at another process: its move is on its way here
            self._schedule(table)
            return MOVED_ELSEWHERE
        if failure is not None:
            self._cannot_save(table, failure)
            return CANNOT_SAVE_MOVE
        if (
            self.tables.get(table.id) is not table or len(table.started.record.actions) != n
        ):  # (read again from the database)
            return None
        table.started.advance(seat, action, after)
        self._made(table)
        return None

    def _made(self, table: HostedTable) -> None:
        """After a move was saved and made."""
        if table.unsaved:
            table.unsaved = False
            self._say(table, "Saving works again.")
        if table.started.state.is_over():
            table.status = OVER
            self._save_end(table)
            self._analyse(table)
            self._rate(table)
        self._changed(table)  # the lobby is told too: the table's status changed
        self._forget_if_done(table)

    def _cannot_save(self, table: HostedTable, exc: StorageError) -> None:
        if not table.unsaved:
            log.warning("table %s: cannot save (%s); moves wait until it can", table.id, exc)
            table.unsaved = True
        self._notify_table(table)
        _cancel_timer(table)
        table.timer = asyncio.get_running_loop().call_later(
            self.limits.save_retry_seconds, self._schedule, table
        )

    def _changed(self, table: HostedTable) -> None:
        """After any change at a table: forget old views, tell everyone, schedule the next bot."""
        self.last_change = time.monotonic()
        table.views.clear()
        self._notify_table(table)
        listing = (table.status, table.round, tuple(table.away))
        if listing != table.listed_as:  # the lobby shows the round, not every move
            table.listed_as = listing
            self._lobby_changed()
        self._schedule(table)

    def _schedule(self, table: HostedTable) -> None:
        _cancel_timer(table)
        seat = table.actor()
        if (
            seat is None
            or table.status != PLAYING
            or self.stopped
            or table.saving is not None
            or not self.runs(table)
        ):
            return
        loop = asyncio.get_running_loop()
        version = table.started.state.version
        if table.seats[seat].is_bot or seat in table.away:
            table.timer = loop.call_later(
                self.limits.bot_pace_seconds, self._bot_move, table, seat, version
            )
        else:
            table.timer = loop.call_later(self.limits.afk_seconds, self._idle, table, seat, version)

    def _idle(self, table: HostedTable, seat: int, version: int) -> None:
        if table.started.state.version != version or table.actor() != seat:
            return
        table.away.add(seat)
        self._save_away(table)
        self._say(table, f"{table.seats[seat].name} is away: a bot plays for them.")
        self._changed(table)

    def _bot_move(self, table: HostedTable, seat: int, version: int) -> None:
        """A bot's turn at the table: it thinks in a worker thread or process, never on the
        event loop every session shares; the table's timer holds the thinking, so any change
        cancels it."""
        table.timer = None
        state = table.started.state
        if state.version != version or table.actor() != seat:
            return
        bot = table.stand_ins.get(seat)
        if bot is None:
            kind = get_spec(table.game).bots[table.bot_kind_at(seat)]
            bot = kind(table.seed * 31 + seat)
            bot = table.stand_ins[seat] = within_thinking_time(bot, self.limits.search_seconds)
        view = state.view(seat)  # its legal list is the one the bot chooses from
        with unmetered():  # the table's, not the share of whoever started the game
            table.timer = asyncio.get_running_loop().create_task(
                self._play_bot(table, seat, version, bot, view, list(view.legal))
            )

    def _thinking(self, table: HostedTable, seat: int, bot, view, legal: list):
        """The bot's choice being worked out: in a worker process for a slow bot (when the
        server has them), else in a thread; either way never on the event loop."""
        if self.thinkers is not None and table.bot_kind_at(seat) in SLOW_KINDS:
            return self.thinkers.choose(bot, view, legal)
        return asyncio.to_thread(think, bot, view, legal)

    async def _play_bot(
        self, table: HostedTable, seat: int, version: int, bot, view, legal: list
    ) -> None:
        try:
            choice, bot = await asyncio.wait_for(
                self._thinking(table, seat, bot, view, legal), self.limits.bot_think_seconds
            )
            if table.stand_ins.get(seat) is not None:
                table.stand_ins[seat] = bot  # as it is after choosing (back from a process)
        except TimeoutError:  # too slow: the table does not wait, a legal move is played
            log.warning("bot at table %s took over %.1f s", table.id, self.limits.bot_think_seconds)
            table.stand_ins.pop(seat, None)  # its thread may still run: the next move gets a
            choice = None  # bot of its own, sharing nothing with it
        except Exception:  # a bot's bug must not stall the table: it plays a legal move instead
            log.exception("bot at table %s failed to choose", table.id)
            choice = None
        table.timer = None
        if self.stopped:
            return
        for action in [choice, *legal] if choice is not None else legal:
            try:
                saved = self._commit(table, seat, action, version)
            except SaveFailed:
                return  # tried again once saving works
            except StaleAction:
                self._schedule(table)
                return
            except ActionError:
                log.error("bot at table %s chose an illegal action: %s", table.id, action)
                continue
            await saved  # (the bot's turn ends with its move made)
            return

    # -- persistence -------------------------------------------------------------------------

    def _save_end(self, table: HostedTable) -> None:
        """Kept if it can be: else it follows from the saved moves when the server starts
        again."""
        result = table.started.state.result()
        if result is not None:  # (always, for a game that is over)
            self.storage.later(
                self.storage.end_table,
                table.id,
                result.reason,
                list(result.winners),
                None if _unrated(table) else _rating(table, result),
            )

    def _analyse(self, table: HostedTable) -> None:
        """Work the finished game's analysis out once for everyone at the table."""
        if not table.people:
            return
        table.analysing = Analysing(table.started.record, table.people)
        self._work_out(table.id, table.analysing)

    def analysis_for_replay(
        self, table_id: int, replay: Replay, seats: list[NetSeat]
    ) -> Analysing | None:
        """The analysis a replay of a finished game shows as it comes: the one under way for
        its table, or for a game replayed without one (its server stopped before it was done,
        or it ended before analyses), one worked out now, once for everyone who replays it,
        and kept. None when it has one already, or PAST_ANALYSES are under way."""
        table = self.tables.get(table_id)
        if table is not None and table.analysing is not None:
            return table.analysing
        if replay.record.analysis is not None or not replay.finished:
            return None
        analysing = self._past_analyses.get(table_id)
        people = [seat for seat, s in enumerate(seats) if s.kind == HUMAN]
        if analysing is None and people and len(self._past_analyses) < PAST_ANALYSES:
            analysing = self._past_analyses[table_id] = Analysing(replay.record, people)
            self._work_out(table_id, analysing, lambda: self._past_analyses.pop(table_id))
        return analysing

    def _work_out(
        self, table_id: int, analysing: Analysing, then: Callable[[], object] | None = None
    ) -> None:
        """Work `analysing` out in the worker processes (else a thread), an estimate at a time,
        so that the search bots' thinking waits for one estimate at most; then keep it with the
        table's game, and call `then`."""
        executor = self.thinkers.executor if self.thinkers is not None else None

        async def work_out() -> None:
            try:
                await analysing.work_out(executor, turns=self._analysis_turns)
            finally:
                if then is not None:
                    then()
            if analysing.analysis is not None:
                self.storage.later(
                    self.storage.save_analysis, table_id, analysing.analysis.to_json()
                )

        with unmetered():  # the table's, not the share of whoever made the last move
            task = asyncio.get_running_loop().create_task(work_out())
        self._analyses.add(task)
        task.add_done_callback(self._analyses.discard)

    def _rate(self, table: HostedTable) -> None:
        """The people's ratings the finished game changed (with its end: `_save_end`), shown
        on their end screens as they come."""
        table.ratings = ratings = RatingChanges(_unrated(table))
        if ratings.unrated:
            return

        async def changed() -> None:
            storage = self.storage
            try:  # (queued after the end is written)
                changes = await storage.soon(storage.rating_changes, table.id)
            except StorageError as exc:
                changes = {}
                log.warning("table %s: its rating changes cannot be read (%s)", table.id, exc)
            if changes:
                ratings.arrived(changes)
            else:
                ratings.unrated = "The ratings could not be changed just now."
                ratings.arrived({})

        task = asyncio.get_running_loop().create_task(changed())
        self._requests.add(task)
        task.add_done_callback(self._requests.discard)

    def _rated_elsewhere(
        self, table: HostedTable, kept: dict[str, tuple[Rating, Rating]] | None = None
    ) -> None:
        """A game that ended at another process: its ratings are that process's to change
        (it keeps the changes, and says so); `kept`, the changes as the database has them."""
        if table.ratings is None:
            table.ratings = RatingChanges(_unrated(table))
        if kept and table.ratings.changes is None:
            table.ratings.arrived(kept)

    def _analysed_elsewhere(self, table: HostedTable, kept: Any = None) -> None:
        """A game that ended at another process: its analysis is that process's to work out
        (it keeps it, and says so); `kept`, the analysis as the database has it, if it does."""
        if table.analysing is None:
            if not table.people:
                return
            table.analysing = Analysing(table.started.record, table.people, elsewhere=True)
        if kept is not None and table.analysing.elsewhere:
            try:
                table.analysing.arrived(Analysis.from_json(kept, len(table.seats)))
            except (KeyError, TypeError, ValueError, AttributeError):
                log.warning("table %s: its analysis in the database does not read", table.id)

    def _save_away(self, table: HostedTable) -> None:
        """Kept if it can be: else the flag holds until a restart; nothing depends on it."""
        self.storage.later(self.storage.update_away, table.id, sorted(table.away))

    def _load(self) -> None:
        """The tables waiting or playing when the server stopped (finished games stay on disk
        only: nobody can come back to them, and they are replayed from there), and where each
        person last played or watched. A table that does not read is set aside, and the others
        start."""
        for table_id in self.storage.table_ids(WAITING, PLAYING):
            try:
                self._load_table(table_id)
            except Exception as exc:  # whatever a damaged row makes the storage or rules raise
                reason = f"{type(exc).__name__}: {exc}"
                log.error(
                    "table %d cannot be read, and is set aside (%s); `boomtown tables` lists it",
                    table_id,
                    reason,
                )
                self.storage.set_aside(table_id, reason[:500])
        try:
            self.places = {
                name: table_id
                for name, table_id in self.storage.places().items()
                if table_id in self.tables
            }
        except StorageError as exc:
            log.warning("where people were cannot be read: %s", exc)

    def _load_table(self, table_id: int) -> None:
        stored = self.storage.table(table_id)
        table = _hosted(stored, ChatLog.load(stored.id, self.storage))
        if table.match is not None and table.match.state.is_over():  # its end could not be
            self._save_end(table)  # saved when it came
            return
        self.tables[table.id] = table

    def stop(self) -> None:
        """No more bot moves, idle clocks or analyses: the server is shutting down (a game
        whose analysis was not finished is replayed without one)."""
        self.stopped = True
        for table in self.tables.values():
            _cancel_timer(table)
        for analysis in self._analyses:
            analysis.cancel()

    async def saved(self) -> None:
        """Once the moves being saved are saved (or not), and made (or not)."""
        await asyncio.gather(
            *(table.saving for table in self.tables.values() if table.saving is not None),
            return_exceptions=True,
        )

    # -- what other processes on a shared database did (net.hosting.community) ---------------------

    def heard_move(self, table_id: int, n: int, seat: int, action: Any) -> bool:
        """Move `n` at that table, made and saved at another process: made here too. False
        if it does not follow the moves known here (some were not heard): read the table."""
        table = self.tables.get(table_id)
        if table is None or table.match is None or n < len(table.match.record.actions):
            return True  # a table not known here yet is read whole when it is heard of
        if n > len(table.match.record.actions):
            return False
        try:
            table.match.act(seat, table.match.spec.codec.decode(action))
        except (ActionError, ValueError, KeyError, TypeError) as exc:
            log.error(
                "table %s: a move heard from another process does not apply (%s)", table_id, exc
            )
            return False
        if table.match.state.is_over():
            table.status = OVER
            self._analysed_elsewhere(table)
            self._rated_elsewhere(table)
        self._changed(table)
        self._forget_if_done(table)
        return True

    def heard_table(
        self,
        table_id: int,
        stored: StoredTable | None,
        chat: list[tuple[int, int, str]],
        changing: bool = False,
    ) -> None:
        """The table as another process saved it (None: it is gone). Its seats, status and
        host are taken only if they are newer than those known here, and not while a change
        of this process is being saved (unless read for that change, `changing`): that change
        either lands on what is known here, or is refused and reads the table again."""
        table = self.tables.get(table_id)
        if stored is None or stored.status not in (WAITING, PLAYING, OVER):
            if table is not None and table.status != OVER:
                self.close(table)
            return
        if table is None:
            if stored.status == OVER and not any(  # a game over is kept for its players here
                seat["kind"] == HUMAN and self._connected_here(seat["name"])
                for seat in stored.seats
            ):
                return
            self.tables[table_id] = table = _hosted(stored, ChatLog(table_id, self.storage))
            if stored.rematch_of in self.tables:  # its players' Play again sits them here
                self.tables[stored.rematch_of].rematch = table_id
        for line in chat:  # (lines not heard: the database was away a moment)
            table.chat.heard(*line)
        if changing or (stored.changes >= table.changes and not table.changing.locked()):
            table.seats, table.host, table.changes = (
                seats_from_json(stored.seats),
                stored.host,
                stored.changes,
            )
            if table.status != OVER:
                table.status = stored.status
        table.away = set(stored.away)
        known = len(table.match.record.actions) if table.match is not None else -1
        if stored.status != WAITING and len(stored.actions) > known:
            table.match = Match.from_record(stored.record())
        if table.match is not None and table.match.state.is_over():
            table.status = OVER
            self._analysed_elsewhere(table, stored.analysis)
            self._rated_elsewhere(table, stored.rating_changes)
        self._changed(table)
        self._lobby_changed()
        self._forget_if_done(table)

    async def _played_again_elsewhere(self, table_id: int) -> HostedTable:
        """The table another process made a moment ago to play the game at `table_id` again,
        read from the database (it is heard of a little later)."""
        storage = self.storage
        try:
            again = await storage.soon(storage.rematch_for, table_id)
            if again is not None:
                self.heard_table(again, *await storage.soon(storage.table_and_chat, again))
        except StorageError as exc:
            log.warning("cannot read where table %s is played again (%s)", table_id, exc)
            raise SaveFailed(CANNOT_SAVE) from None
        if again not in self.tables:
            raise HostError("the table to play that game again has just closed: try again")
        return self.tables[again]

    def heard_chat(self, place: int, n: int, position: int, line: str) -> None:
        """Line `n` said at `place` (0: the lobby), at any process."""
        if place == LOBBY:
            if self.lobby_chat.heard(n, position, line):
                self._lobby_changed()
            return
        table = self.tables.get(place)
        if table is not None and table.chat.heard(n, position, line):
            self._notify_table(table)

    def heard_presence(self, elsewhere: set[str]) -> None:
        """The people connected to the other processes now."""
        community = self.community
        if community is None:
            return
        came_or_went = community.elsewhere ^ elsewhere
        community.elsewhere = elsewhere
        for name in came_or_went:
            self._presence_changed(name)

    def runs_changed(self, table: HostedTable) -> None:
        """This process has begun (or stopped) running the table's bots and clocks."""
        if self.runs(table):
            self._schedule(table)
        else:
            _cancel_timer(table)

    def resume_bots(self) -> None:
        """After a restart: let bots (and the idle clock) pick up where they were."""
        for table in self.tables.values():
            self._schedule(table)

    # -- telling sessions --------------------------------------------------------------------

    def _lobby_changed(self) -> None:
        """Tell every session the lobby changed, once for a burst of changes (32 people
        arriving together redraw each lobby a few times, not 32 times)."""
        if self._lobby_due:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a tool, a test): tell them now
            self._tell_lobby()
            return
        self._lobby_due = True
        loop.call_later(LOBBY_COALESCE_SECONDS, self._tell_lobby)

    def _tell_lobby(self) -> None:
        self._lobby_due = False
        for _, listener in list(self.listeners.values()):
            listener.lobby_changed()

    def _notify_table(self, table: HostedTable) -> None:
        for _, listener in list(self.listeners.values()):
            listener.table_changed(table.id)


def _hosted(stored: StoredTable, chat: ChatLog) -> HostedTable:
    """A table as stored (its game replayed to the last move saved)."""
    table = HostedTable(
        stored.id,
        stored.game,
        stored.options,
        stored.seed,
        stored.host,
        seats_from_json(stored.seats),
        chat,
        status=stored.status,
        away=set(stored.away),
        bot_kind=stored.bot_kind,
        changes=stored.changes,
        rated=stored.rated,
    )
    if stored.status != WAITING:
        table.match = Match.from_record(stored.record())
    return table


def _rating(table: HostedTable, result: Result) -> RatingWork:
    """How the people's ratings at the game of `table`, which came out as `result`, change."""
    players = [Player(s.name, s.kind if s.is_bot else None) for s in table.seats]
    people = [p.name for p in players if p.bot_kind is None]
    return table.game, people, functools.partial(rate_game, players, result)


def _unrated(table: HostedTable) -> str:
    """Why the game at `table` changes no rating; "" when it changes them."""
    if not table.rated:
        return "An unrated game: no rating changes."
    if len(table.people) < 2:
        return "No ratings change: a game needs two people at it to count."
    return ""


def _cancel_timer(table: HostedTable) -> None:
    """The table's next bot move, idle clock or retry will not happen."""
    if table.timer is not None:
        table.timer.cancel()
        table.timer = None


def _log_length(table: HostedTable) -> int:
    """Where a chat line said now goes: after the game's lines so far."""
    return len(table.view(None).log) if table.match is not None else 0
