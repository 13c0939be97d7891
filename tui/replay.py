"""A game played again on its own table screen, move by move, as a spectator sees it (and, once
the game is over, with what it hid shown).

`ReplayTable` has the shape of a table (`play.table.Table`) whose game is the record at a chosen
position; `ReplayVenue` makes the game's own screen a replay: the position's keys instead of
the game's.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.timer import Timer

from core.engine.errors import IllegalAction
from core.engine.replay import Replay
from play.analysis import Analysing
from play.table import Seat

from .games import screen_class
from .saves import analyse_here
from .screens.venue import SHARED_KEYS, Venue

if TYPE_CHECKING:
    from .screens.table import TableScreen

REPLAY_PACES = (2.0, 1.2, 0.6, 0.3, 0.15, 0.05)  # seconds a move when it plays by itself
FIRST_PACE = 2  # 0.6 s a move, until the viewer makes it faster or slower


class ReplayTable:
    """A table showing a finished game at a position (`moves` actions played); nobody may
    act. Several may show one Replay (an SSH host makes one per finished table)."""

    hints = played = False  # nothing is played here

    def __init__(self, replay: Replay, seats: list[Seat]) -> None:
        self.replay = replay
        self.seats = seats
        self.moves = 0
        self._state = self.replay.state_at(0)

    def go_to(self, moves: int) -> None:
        moves = max(0, min(moves, self.replay.length))
        if moves != self.moves:
            self.moves = moves
            self._state = self.replay.state_at(moves)

    def view(self, seat: int | None):
        if self.replay.finished:  # nothing is secret now
            return self._state.hindsight_view()
        return self._state.view(None)

    def actor(self) -> int | None:
        return self._state.actor()

    def is_over(self) -> bool:
        return self._state.is_over()

    def act(self, seat: int, action, version: int | None = None) -> None:
        raise IllegalAction("this is a replay: nothing can be played")

    def why_illegal(self, seat: int, action) -> str | None:
        return "this is a replay: nothing can be played"

    def why_none(self, seat: int, kind: type) -> str | None:
        return self.why_illegal(seat, kind)

    def bot_to_move(self) -> None:
        return None

    def can_take_back(self, seat: int) -> bool:
        return False

    def take_back(self, seat: int) -> list:
        raise ValueError("this is a replay: nothing can be taken back")

    def replayable(self) -> None:
        return None


class ReplayVenue(Venue):
    """A finished game (or a save) again, move by move: the position's keys work, the game's
    do not."""

    KEYS_HELP = """\
# Keys in a replay

- `←` `→`: a move back or forward; `↑` `↓`: to the start of the round before or after.
- `Home` / `End`: the game's start or its end.
- `Space`: play the moves on by themselves, or stop; `+` and `-` make them faster or slower
  (from 2 s a move to 0.05 s).
- `q` or `Esc`: back to the end of the game. `PageUp` / `PageDown` scroll the log.
"""
    # a pair of keys shows as one on the key bar, so that all fit in 80 columns: ←→ first
    KEYS_LAST = ("arrow('up')", "venue('play')", "venue('leave')", "help", "nudge(1)")
    LABELS = {"venue('leave')": "Close"}
    WATCHING = ""
    place_name = "replay"
    plays = False
    ARROWS = {"left": ("move", -1), "right": ("move", 1), "up": ("round", -1), "down": ("round", 1)}

    _timer: Timer | None = None
    _pace = FIRST_PACE  # an index into REPLAY_PACES

    def __init__(
        self, kept: Path | None = None, analyses: bool = False, analysing: Analysing | None = None
    ) -> None:
        """`analyses`: a finished game without an analysis is analysed at this computer (and
        the analysis kept with it if it is `kept` here); `analysing`: its analysis as another
        works it out (the SSH host)."""
        self.kept = kept  # a finished game kept at this computer
        self.analyses = analyses
        self._analysing = analysing

    def attach(self, screen: TableScreen) -> None:
        """A game never analysed (a game left at its end screen before the analysis was done,
        a file from elsewhere) is analysed now, where the venue analyses; the status line
        follows it."""
        super().attach(screen)
        screen.add_class("-replay")  # a status of two lines: the chances on the second
        replay = self.table.replay
        if self._analysing is None:
            if not self.analyses or not replay.finished or replay.record.analysis is not None:
                return
            self._analysing = Analysing(replay.record, screen.place.human_seats())
            screen.run_worker(analyse_here(self._analysing, self.kept), group="analysis")
        self._analysing.listen(self._progressed)

    def detach(self) -> None:
        if self._analysing is not None:
            self._analysing.forget(self._progressed)

    def _progressed(self) -> None:
        """The analysis went on (told from whichever task works it out): the status line
        follows, drawn in the screen's own turn, once it is there."""
        screen = self.screen
        screen.call_next(lambda: screen.refresh_view() if screen.is_mounted else None)

    @property
    def table(self) -> ReplayTable:
        table = self.screen.table
        assert isinstance(table, ReplayTable)
        return table

    def allows(self, action: str, parameters: tuple) -> bool | None:
        return True if action in SHARED_KEYS else super().allows(action, parameters)

    def take(self, action: str, *parameters: Any) -> bool:
        """The arrows move through the record, `+` and `-` set the pace, Escape closes."""
        if action == "arrow":
            how, step = self.ARROWS[parameters[0]]
            self.move(step) if how == "move" else self.round(step)
        elif action == "nudge":
            self.pace(parameters[0])
        else:
            self.key_leave()
        return True

    def status(self, line: str) -> str:
        table = self.table
        playing = f", playing at {REPLAY_PACES[self._pace]:g} s a move" if self._timer else ""
        return f"Replay, move {table.moves} of {table.replay.length}{playing} · {line}" + (
            self._chances()
        )

    def _chances(self) -> str:
        """Each player's chance of winning at the start of the round shown (at the record's
        end: how the game came out, as the chart ends), where the game's analysis has been
        worked out."""
        analysis = self.table.replay.record.analysis
        view = self.screen.view
        if self._analysing is not None and self._analysing.running:
            return f"\nChances being worked out, {self._analysing.progress:.0%}"
        if analysis is None:
            return ""
        if self.table.moves == self.table.replay.length:
            chances, when = analysis.chances[-1], "at the end"
        else:
            found = analysis.chance_at(view.round)
            if found is None:
                return ""
            start, chances = found
            when = f"at round {start}'s start"
        named = ", ".join(f"{name} {chance:.0%}" for name, chance in zip(view.players, chances))
        return f"\nChances {when}: {named}"

    def finished(self) -> bool:
        """The end of the record is a position like any other."""
        return False

    def move(self, step: int) -> None:
        self._go_to(self.table.moves + step)

    def round(self, rounds: int) -> None:
        self._go_to(self.table.replay.round_start(self.table.moves, rounds))

    def key_go(self, where: str) -> None:
        self._go_to(0 if where == "start" else self.table.replay.length)

    def key_play(self) -> None:
        if self._timer is None:
            self._play()
        else:
            self._stop()
            self.screen.refresh_view()

    def pace(self, step: int) -> None:
        """Faster (1) or slower (-1), within REPLAY_PACES; at once if it is playing."""
        self._pace = max(0, min(self._pace + step, len(REPLAY_PACES) - 1))
        if self._timer is not None:
            self._timer.stop()
            self._play()
        else:
            self.screen.notify(f"Space plays at {REPLAY_PACES[self._pace]:g} s a move.")

    def _play(self) -> None:
        self._timer = self.screen.set_interval(REPLAY_PACES[self._pace], self.play_on)
        self.screen.refresh_view()

    def play_on(self) -> None:
        """One move on, and a stop at the end of the game."""
        self._go_to(self.table.moves + 1, playing=True)
        if self.table.moves == self.table.replay.length:
            self._stop()
            self.screen.refresh_view()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _go_to(self, moves: int, playing: bool = False) -> None:
        if not playing:
            self._stop()
        self.table.go_to(moves)
        self.screen.refresh_view()

    def key_leave(self) -> None:
        self._stop()
        self.screen.dismiss()


def replay_screen(
    replay: Replay,
    seats: list[Seat],
    kept: Path | None = None,
    analyses: bool = False,
    analysing: Analysing | None = None,
) -> TableScreen:
    """The game's screen over `replay`, at the game's start, seen by a spectator; `analyses`:
    a finished game without an analysis is analysed at this computer (and the analysis kept
    with it at `kept`, where this computer keeps it); `analysing`: its analysis as another
    works it out."""
    table = ReplayTable(replay, seats)
    venue = ReplayVenue(kept, analyses, analysing)
    return screen_class(replay.record.game)(table, venue, seat=None)
