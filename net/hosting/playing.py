"""Moves played and saved, the bots' moves and the idle clock, hints: the host's part that
runs the games."""

# mypy: disable-error-code="misc"
# (each method takes the whole Host as `self`, the class it is mixed into, so that mypy
# checks it against the host's state and its other parts)

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import play.table
from core.engine.actions import Action
from core.engine.errors import ActionError, StaleAction
from core.engine.search import SLOW_KINDS, Weighing, within_thinking_time
from core.games import get_spec
from net.hosting.requests import CANNOT_SAVE_MOVE, MOVE_WAIT_SECONDS, MOVED_ELSEWHERE, STILL_SAVING
from net.hosting.tables import (
    OVER,
    PLAYING,
    HostedTable,
    HostError,
    SaveFailed,
)
from net.hosting.thinking import think
from net.loop.loop_share import unmetered
from net.store.storage import (
    MoveTaken,
    StorageError,
)

if TYPE_CHECKING:
    from net.hosting.host import Host


log = logging.getLogger("boomtown.net")


class Playing:
    """Mixed into `Host` (net.hosting.host), whose state it reads."""

    def view(self: Host, table_id: int, seat: int | None):
        """What `seat` (None: a spectator) sees now at that table."""
        return self.table(table_id).view(seat)

    def act(
        self: Host, table_id: int, name: str, action, version: int | None = None
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

    async def hint(self: Host, table_id: int, name: str) -> Weighing | Action:
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
        if table.running.hint_given is not None and table.running.hint_given[0] == version:
            return table.running.hint_given[1]
        if table.running.hinting:  # one at a time: pressing h again queues no more work
            raise HostError("a hint is on its way")
        if not match.record.assisted:
            match.assist()
            self.storage.later(self.storage.mark_assisted, table.id)
        view, seed = table.view(seat), play.table.hint_seed(match)
        executor = self.thinkers.executor if self.thinkers is not None else None  # else threads
        thinking = asyncio.get_running_loop().run_in_executor(
            executor, play.table.hint, table.game, view, seed
        )
        table.running.hinting = True  # until the work is done, even if nobody waits for it any more
        thinking.add_done_callback(lambda _: setattr(table, "hinting", False))
        try:
            found = await asyncio.wait_for(asyncio.shield(thinking), self.limits.bot_think_seconds)
        except TimeoutError:
            raise HostError("no hint: the server is too busy just now") from None
        except Exception:  # a bug in the search must not end the person's session
            log.exception("a hint at table %s failed", table.id)
            raise HostError("no hint just now") from None
        table.running.hint_given = (version, found)
        return found

    def _commit(
        self: Host, table: HostedTable, seat: int, action, version: int | None
    ) -> asyncio.Task[str | None]:
        """Save one move, and make it once saved (nobody sees a move not saved): ActionError
        if it is refused, SaveFailed while the table's last move is being saved."""
        if table.running.saving is not None:
            raise SaveFailed(STILL_SAVING)
        after = table.started.state.apply(seat, action, version)
        n = len(table.started.record.actions)  # its number now: the task starts a moment later
        table.running.saving = asyncio.get_running_loop().create_task(
            self._save_move(table, n, seat, action, after)
        )
        return table.running.saving

    async def _save_move(
        self: Host, table: HostedTable, n: int, seat: int, action, after
    ) -> str | None:
        """Move `n`'s write, awaited (the table waits for it, every other table goes on);
        then the move is made, or, if it cannot be saved, not made, everyone at the table is
        told, and the table tries again once saving works."""
        table.cancel_timer()
        write = asyncio.wrap_future(
            self.storage.queue(self.storage.add_action, table.id, n, seat, action.to_json())
        )
        await asyncio.wait({write}, timeout=MOVE_WAIT_SECONDS)
        if not write.done():
            log.warning(
                "table %s: the disk is slow to save a move; the table waits for it", table.id
            )
            table.running.slow_to_save = True
            self._notify_table(table)
        try:
            await write
            failure = None
        except StorageError as exc:
            failure = exc
        table.running.saving, table.running.slow_to_save = None, False
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

    def _made(self: Host, table: HostedTable) -> None:
        """After a move was saved and made."""
        if table.running.unsaved:
            table.running.unsaved = False
            self._say(table, "Saving works again.")
        if table.started.state.is_over():
            table.status = OVER
            self._save_end(table)
            self._analyse(table)
            self._rate(table)
        self._changed(table)  # the lobby is told too: the table's status changed
        self._forget_if_done(table)

    def _cannot_save(self: Host, table: HostedTable, exc: StorageError) -> None:
        if not table.running.unsaved:
            log.warning("table %s: cannot save (%s); moves wait until it can", table.id, exc)
            table.running.unsaved = True
        self._notify_table(table)
        table.cancel_timer()
        table.running.timer = asyncio.get_running_loop().call_later(
            self.limits.save_retry_seconds, self._schedule, table
        )

    def _changed(self: Host, table: HostedTable) -> None:
        """After any change at a table: forget old views, tell everyone, schedule the next bot."""
        self.last_change = time.monotonic()
        table.running.views.clear()
        self._notify_table(table)
        listing = (table.status, table.round, tuple(table.away))
        if listing != table.running.listed_as:  # the lobby shows the round, not every move
            table.running.listed_as = listing
            self._lobby_changed()
        self._schedule(table)

    def _schedule(self: Host, table: HostedTable) -> None:
        table.cancel_timer()
        seat = table.actor()
        if (
            seat is None
            or table.status != PLAYING
            or self.stopped
            or table.running.saving is not None
            or not self.runs(table)
        ):
            return
        loop = asyncio.get_running_loop()
        version = table.started.state.version
        if table.seats[seat].is_bot or seat in table.away:
            table.running.timer = loop.call_later(
                self.limits.bot_pace_seconds, self._bot_move, table, seat, version
            )
        else:
            table.running.timer = loop.call_later(
                self.limits.afk_seconds, self._idle, table, seat, version
            )

    def _idle(self: Host, table: HostedTable, seat: int, version: int) -> None:
        if table.started.state.version != version or table.actor() != seat:
            return
        table.away.add(seat)
        self._save_away(table)
        self._say(table, f"{table.seats[seat].name} is away: a bot plays for them.")
        self._changed(table)

    def _bot_move(self: Host, table: HostedTable, seat: int, version: int) -> None:
        """A bot's turn at the table: it thinks in a worker thread or process, never on the
        event loop every session shares; the table's timer holds the thinking, so any change
        cancels it."""
        table.running.timer = None
        state = table.started.state
        if state.version != version or table.actor() != seat:
            return
        bot = table.running.stand_ins.get(seat)
        if bot is None:
            kind = get_spec(table.game).bots[table.bot_kind_at(seat)]
            bot = kind(table.seed * 31 + seat)
            bot = table.running.stand_ins[seat] = within_thinking_time(
                bot, self.limits.search_seconds
            )
        view = state.view(seat)  # its legal list is the one the bot chooses from
        with unmetered():  # the table's, not the share of whoever started the game
            table.running.timer = asyncio.get_running_loop().create_task(
                self._play_bot(table, seat, version, bot, view, list(view.legal))
            )

    def _thinking(self: Host, table: HostedTable, seat: int, bot, view, legal: list):
        """The bot's choice being worked out: in a worker process for a slow bot (when the
        server has them), else in a thread; either way never on the event loop."""
        if self.thinkers is not None and table.bot_kind_at(seat) in SLOW_KINDS:
            return self.thinkers.choose(bot, view, legal)
        return asyncio.to_thread(think, bot, view, legal)

    async def _play_bot(
        self: Host, table: HostedTable, seat: int, version: int, bot, view, legal: list
    ) -> None:
        try:
            choice, bot = await asyncio.wait_for(
                self._thinking(table, seat, bot, view, legal), self.limits.bot_think_seconds
            )
            if table.running.stand_ins.get(seat) is not None:
                table.running.stand_ins[seat] = bot  # as it is after choosing (back from a process)
        except TimeoutError:  # too slow: the table does not wait, a legal move is played
            log.warning("bot at table %s took over %.1f s", table.id, self.limits.bot_think_seconds)
            # its thread may still run: the next move gets a bot of its own, sharing nothing
            table.running.stand_ins.pop(seat, None)
            choice = None
        except Exception:  # a bot's bug must not stall the table: it plays a legal move instead
            log.exception("bot at table %s failed to choose", table.id)
            choice = None
        table.running.timer = None
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
