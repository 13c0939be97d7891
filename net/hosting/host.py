"""The game host: every table in the server, who sits and watches where, bots, chat.

It knows nothing of Textual or SSH. Sessions subscribe with a listener and are told when the
lobby or a table changed; they then ask for the view their seat may see. Actions are committed
to storage before anyone is told of them.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from net.hosting.chat import LOBBY, ChatLog
from net.hosting.closing import Closing
from net.hosting.elsewhere import Elsewhere
from net.hosting.past import PastGames
from net.hosting.people import Listener, People
from net.hosting.playing import Playing
from net.hosting.requests import (
    CANNOT_SAVE,
    CHANGE_TRIES,
    CHANGED_ELSEWHERE,
)
from net.hosting.results import Results
from net.hosting.seating import Seating
from net.hosting.tables import (
    PLAYING,
    WAITING,
    HostedTable,
    HostError,
    SaveFailed,
    hosted_table,
    seats_json,
)
from net.hosting.thinking import Thinkers
from net.limits import Limits, TokenBucket
from net.store.storage import (
    Storage,
    StorageError,
    TableChanged,
)
from play.analysis import Analysing

if TYPE_CHECKING:
    from net.hosting.community import Community

log = logging.getLogger("boomtown.net")
T = TypeVar("T")
LOBBY_COALESCE_SECONDS = 0.1


class Host(People, Seating, Closing, Playing, Results, Elsewhere):
    """The host, mixed from its parts: `People` (who is here, watching, chat), `Seating` (the
    lobby's tables), `Closing` (their ends), `Playing` (moves, bots, hints), `Results` (a
    game's end, analysis, ratings) and `Elsewhere` (what other processes did); here its state,
    the changes to a table saved with a retry, loading, stopping, and telling sessions."""

    def __init__(self, storage: Storage, limits: Limits, thinkers: Thinkers | None = None) -> None:
        self.storage = storage
        self.thinkers = thinkers  # worker processes for slow bots; None: they think in threads
        self.last_change = 0.0  # when a table last changed (monotonic)
        self.limits = limits
        self.tables: dict[int, HostedTable] = {}
        self.listeners: dict[int, tuple[str | None, Listener]] = {}  # None: nobody's
        self.sessions_of: Counter[str] = Counter()  # the people here, and their sessions each
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

        # would forget it

    async def _change(self, table: HostedTable, change: Callable[[], T]) -> T:
        """Make `change` (it checks, HostError if it may not, then changes the table's seats,
        status, game or host) and save it, one change at a time at a table. If another
        process changed the table first, the table is read again and the change made again
        on it (a seat taken meanwhile is then refused as taken); if it cannot be saved, it is
        undone."""
        async with table.running.changing:
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
        table = hosted_table(stored, ChatLog.load(stored.id, self.storage))
        if table.match is not None and table.match.state.is_over():  # its end could not be
            self._save_end(table)  # saved when it came
            return
        self.tables[table.id] = table

    def stop(self) -> None:
        """No more bot moves, idle clocks or analyses: the server is shutting down (a game
        whose analysis was not finished is replayed without one)."""
        self.stopped = True
        for table in self.tables.values():
            table.cancel_timer()
        for analysis in self._analyses:
            analysis.cancel()

    async def saved(self) -> None:
        """Once the moves being saved are saved (or not), and made (or not)."""
        await asyncio.gather(
            *(
                table.running.saving
                for table in self.tables.values()
                if table.running.saving is not None
            ),
            return_exceptions=True,
        )

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
