"""Tables made, sat at and stood up from, filled with bots, started, closed: the host's part
that keeps the lobby."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

from core.engine.match import Match
from core.engine.search import SLOW_KINDS
from core.games import get_spec
from core.text import counted, plural
from net.hosting.chat import ChatLog
from net.hosting.requests import CANNOT_SAVE, owned
from net.hosting.tables import (
    HUMAN,
    OPEN,
    PLAYING,
    WAITING,
    HostedTable,
    HostError,
    NetSeat,
    SaveFailed,
    seats_json,
)
from net.store.storage import (
    RematchMade,
    StorageError,
)
from net.transport.admission import network_of

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")
BOT_NAMES = ("Ada", "Brick", "Coin", "Dot", "Edge", "Flint")


class Seating:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    def table(self: Host, table_id: int) -> HostedTable:
        try:
            return self.tables[table_id]
        except KeyError:
            raise HostError(f"there is no table {table_id}") from None

    @owned
    async def create_table(
        self: Host,
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
        self: Host,
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
    async def sit(self: Host, table_id: int, name: str, seat: int | None = None) -> int:
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

    def _next_host(self: Host, people: list[str]) -> str:
        """Who of `people` (seated, in seat order) takes over a waiting table: the first who
        has made fewer waiting tables than a person may, else the first."""
        most = self.limits.tables_per_person
        return next(
            (person for person in people if self._waiting_made_by(person) < most), people[0]
        )

    def _waiting_made_by(self: Host, person: str) -> int:
        """How many tables waiting to start `person` hosts."""
        return sum(t.status == WAITING and t.host == person for t in self.tables.values())

    def _check_made_from(self: Host, address: str) -> None:
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

    def _check_slow_bots(self: Host, by: str, address: str) -> None:
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

    def _check_seats_held(self: Host, name: str) -> None:
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
    async def stand(self: Host, table_id: int, name: str) -> None:
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

    @owned
    async def fill_with_bots(self: Host, table_id: int, by: str) -> None:
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
    async def start(self: Host, table_id: int, by: str, as_seated: bool = False) -> None:
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
    async def replace_absent(self: Host, table_id: int, by: str) -> list[str]:
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

    def _hosted_by(self: Host, table_id: int, by: str) -> HostedTable:
        table = self.table(table_id)
        if table.host != by:
            raise HostError(f"only {table.host}, who hosts table {table_id}, can do that")
        return table
