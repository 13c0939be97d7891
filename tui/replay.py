"""A game played again on its own table screen, move by move, as a spectator sees it (and, once
the game is over, with what it hid shown).

`ReplayTable` has the shape of a table (`play.table.Table`) whose game is the record at a chosen
position; `replay_screen_class(slug)` is the game's own screen with the replay's keys instead
of the game's.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from textual.binding import Binding

from core.engine.errors import IllegalAction
from core.engine.replay import Replay
from play.table import Seat

from .games import screen_class

REPLAY_PACES = (2.0, 1.2, 0.6, 0.3, 0.15, 0.05)  # seconds a move when it plays by itself
FIRST_PACE = 2  # 0.6 s a move, until the viewer makes it faster or slower


if TYPE_CHECKING:  # a mixin the type checker reads as the table screen it is mixed into
    from .screens.table import TableScreen

    _TableScreen = TableScreen
else:
    _TableScreen = object


class ReplayTable:
    """A table showing a finished game at a position (`moves` actions played); nobody may
    act. Several may show one Replay (an SSH host makes one per finished table)."""

    hints = False  # nothing is played here

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


class ReplayMixin(_TableScreen):
    """What a game's screen becomes in a replay: the position's keys work, the game's do not."""

    BINDINGS = [  # a pair of keys shows as one on the key bar, so that all fit in 80 columns
        Binding("left", "move(-1)", "Move", key_display="←→"),
        Binding("right", "move(1)", "Forward", show=False),
        Binding("up", "round(-1)", "Round", key_display="↑↓"),
        Binding("down", "round(1)", "Round on", show=False),
        Binding("home", "go('start')", "Start", show=False),
        Binding("end", "go('end')", "End", show=False),
        Binding("space", "play", "Play/pause"),
        Binding("escape,q", "leave", "Close"),
        Binding("plus,equals_sign", "pace(1)", "Speed", key_display="+-"),
        Binding("minus", "pace(-1)", "Slower", show=False),
    ]
    KEYS_LAST = ("round(-1)", "play", "leave", "help", "pace(1)")  # the bar's order after ←→
    KEYS_HELP = """\
# Keys in a replay

- `←` `→`: a move back or forward; `↑` `↓`: to the start of the round before or after.
- `Home` / `End`: the game's start or its end.
- `Space`: play the moves on by themselves, or stop; `+` and `-` make them faster or slower
  (from 2 s a move to 0.05 s).
- `q` or `Esc`: back to the end of the game. `PageUp` / `PageDown` scroll the log.
"""
    WATCHING = ""
    table: ReplayTable  # (the screen is given one)
    REPLAY_ACTIONS = frozenset({"move", "round", "go", "play", "pace", "leave", "help", "log_page"})

    _timer = None
    _pace = FIRST_PACE  # an index into REPLAY_PACES

    def status_line(self) -> str:
        table = self.table
        playing = f", playing at {REPLAY_PACES[self._pace]:g} s a move" if self._timer else ""
        return (
            f"Replay, move {table.moves} of {table.replay.length}{playing} · "
            f"{super().status_line()}"
        )

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return action in self.REPLAY_ACTIONS

    def _finish(self) -> None:
        """The end of the record is a position like any other."""

    def action_move(self, step: int) -> None:
        self._go_to(self.table.moves + step)

    def action_round(self, rounds: int) -> None:
        self._go_to(self.table.replay.round_start(self.table.moves, rounds))

    def action_go(self, where: str) -> None:
        self._go_to(0 if where == "start" else self.table.replay.length)

    def action_play(self) -> None:
        if self._timer is None:
            self._play()
        else:
            self._stop()
            self.refresh_view()

    def action_pace(self, step: int) -> None:
        """Faster (1) or slower (-1), within REPLAY_PACES; at once if it is playing."""
        self._pace = max(0, min(self._pace + step, len(REPLAY_PACES) - 1))
        if self._timer is not None:
            self._timer.stop()
            self._play()
        else:
            self.notify(f"Space plays at {REPLAY_PACES[self._pace]:g} s a move.")

    def _play(self) -> None:
        self._timer = self.set_interval(REPLAY_PACES[self._pace], self.play_on)
        self.refresh_view()

    def play_on(self) -> None:
        """One move on, and a stop at the end of the game."""
        self._go_to(self.table.moves + 1, playing=True)
        if self.table.moves == self.table.replay.length:
            self._stop()
            self.refresh_view()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _go_to(self, moves: int, playing: bool = False) -> None:
        if not playing:
            self._stop()
        self.table.go_to(moves)
        self.refresh_view()

    def action_leave(self) -> None:
        self._stop()
        self.dismiss()


@cache
def replay_screen_class(slug: str):
    base = screen_class(slug)
    # Textual gathers BINDINGS only from widget classes, so the mixin's are set here.
    return type(f"Replay{base.__name__}", (ReplayMixin, base), {"BINDINGS": ReplayMixin.BINDINGS})


def replay_screen(replay: Replay, seats: list[Seat]):
    """The game's screen over `replay`, at the game's start, seen by a spectator."""
    return replay_screen_class(replay.record.game)(ReplayTable(replay, seats), seat=None)
