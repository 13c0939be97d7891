"""What every game provides: its options, its spec in the registry, its state and its result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from .actions import Action, ActionCodec
from .chance import Chance
from .errors import NOT_YOUR_TURN, GameOver, IllegalAction, NotYourTurn, StaleAction
from .events import Recorded, Sentences
from .rng import Rng
from .views import ViewSchema

if TYPE_CHECKING:
    from .playouts import Playouts

OPTION_LENGTH = 60  # characters an option's text may have (an SSH dialog's field among them)


@dataclass(frozen=True)
class Option:
    """A setting of a game: shown in setup screens by its label (what a player would call it)
    and typed by its name (`--option name=value`)."""

    name: str
    label: str
    default: bool | int | str
    description: str
    choices: tuple[str, ...] = ()
    choice_labels: tuple[str, ...] = ()  # what each choice is called on a screen, in order
    least: int | None = None  # a whole-number option's bounds, where it has them
    most: int | None = None
    # (option, value) pairs any one of which makes this option change nothing (a form hides it)
    moot_when: tuple[tuple[str, bool | int | str], ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label a choice")

    def shown_choices(self) -> list[tuple[str, str]]:
        """(label, value) for each choice, as a form offers them."""
        return list(zip(self.choice_labels or self.choices, self.choices))

    def shown(self, value: bool | int | str) -> str:
        """`value` in a player's words: 'Short game', 'Round limit 30', 'Loans: when short'."""
        if isinstance(value, bool):
            return self.label if value else f"{self.label}: off"
        if isinstance(value, int):
            return f"{self.label} {value:,}"
        labels = dict(zip(self.choices, self.choice_labels))
        return f"{self.label}: {labels.get(value, value)}"

    def moot(self, values: dict[str, Any]) -> bool:
        """Whether this option changes nothing, the others having `values`."""
        return any(values.get(name) == value for name, value in self.moot_when)

    def parse(self, text: str) -> bool | int | str:
        """The value of `text` for this option, or ValueError with a clear reason."""
        if len(text) > OPTION_LENGTH:
            raise ValueError(f"option {self.name} takes at most {OPTION_LENGTH} characters")
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name} is on or off, not {text!r}")
        if isinstance(self.default, int):
            try:
                number = int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number, not {text!r}") from None
            return self.bounded(number)
        if self.choices and text not in self.choices:
            raise ValueError(
                f"option {self.name} is one of {', '.join(self.choices)}, not {text!r}"
            )
        return text.strip()

    def bounded(self, number: int) -> int:
        """`number` if this whole-number option may be it, else ValueError saying what may."""
        if (self.least is None or number >= self.least) and (
            self.most is None or number <= self.most
        ):
            return number
        if self.most is None:
            raise ValueError(f"option {self.name} is at least {self.least:,}")
        if self.least is None:
            raise ValueError(f"option {self.name} is at most {self.most:,}")
        raise ValueError(f"option {self.name} is from {self.least:,} to {self.most:,}")


@dataclass(frozen=True)
class Result:
    """How a finished game came out. `details` holds each seat's game-specific score breakdown."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    details: tuple[Any, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """A game in the registry: how many may play, its options, and how to start and decode it."""

    slug: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    new_game: Callable[[Sequence[str], int, dict[str, Any]], GameState]
    codec: ActionCodec
    bots: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    # statistics the simulator can gather: name -> a class with add(final_state), merge(other)
    # (the same statistic gathered by another process of the run) and summary()
    stats: dict[str, Callable[[], Any]] = field(default_factory=dict)
    sim_options: dict[str, Any] = field(default_factory=dict)  # the simulator's defaults
    views: ViewSchema | None = None  # how its views read back from JSON (core.engine.views)
    # how its positions are played out by bots, from what a seat sees (for bots that search
    # and the post-game analysis)
    playouts: Playouts | None = None
    # the players a new table seats first (more are a key away): the bots' strength and the
    # games' lengths were measured at four
    best_players: int = 4

    @property
    def determinize(self) -> Callable[[Any, int | None, Rng], GameState]:
        """determinize(view, seat, rng): a full state consistent with what `seat` sees in
        `view`, hidden information drawn from `rng`."""
        if self.playouts is None:
            raise ValueError(f"{self.title} has no playouts")
        return self.playouts.determinize

    def resolve_options(self, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: the defaults overridden by `given` (values or their text)."""
        known = {o.name: o for o in self.options}
        resolved = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            if name not in known:
                raise ValueError(f"{self.slug} has no option {name!r}; it has: {', '.join(known)}")
            option = known[name]
            if isinstance(value, str):
                value = option.parse(value)
            elif type(value) is not type(option.default):
                raise ValueError(f"option {name} cannot be {value!r}")
            elif type(value) is int:
                value = option.bounded(value)
            resolved[name] = value
        return resolved

    def start(
        self, players: Sequence[str], seed: int, options: dict[str, Any] | None = None
    ) -> GameState:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {len(players)}"
            )
        return self.new_game(players, seed, self.resolve_options(options))


class GameState:
    """The shared shape of a game state.

    A subclass implements `to_act`, `legal_actions`, `why_illegal`, `_perform`, `is_over`,
    `result` and `view` (and `hindsight_view` if it hides anything), and `chance_after` if its
    actions meet random events (which it draws with `_chance`). This base turns them into the
    public `step` (in place, for simulations), `apply` (returns a new state, leaves this one
    untouched) and `step_outcome` (for search).

    Every class a state is made of declares `__slots__`, so a state has no field outside them
    and `copy` (every slot, with the lists in `COPIED` copied apart) misses none.
    """

    __slots__ = ("version", "round", "rng", "events", "revealed", "_forced")
    COPIED: ClassVar[tuple[str, ...]] = ()  # the game's own lists that play changes in place
    sentences: ClassVar[Sentences]  # how the game's events read in the log
    version: int
    round: int
    rng: Rng
    events: list[Recorded]
    revealed: int  # how many things nobody knew play has shown so far (dice, cards)
    _forced: tuple[Any, ...]  # chance outcomes chosen in advance by `step_outcome`

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        state = super().__new__(cls)
        state.revealed, state._forced = 0, ()
        return state

    def log(self) -> list[str]:
        """What has happened, in sentences."""
        return [self.sentences.text(event) for event in self.events]

    def _say(self, kind: str, *args: Any) -> None:
        """Record what happened: an event of `kind` in this round, as a plain tuple (the
        game's sentences name its fields)."""
        self.events.append((self.round, kind, args))

    def chance_after(self, seat: int, action: Action) -> Chance | None:
        """The random event playing `action` meets, if any."""
        return None

    def _reveal(self) -> None:
        """Note that play has just shown what nobody at the table knew (a card turned up, cash
        that was hidden): a player may take back a move only as far as the last such moment."""
        self.revealed += 1

    def _chance(self, event: Chance) -> Any:
        """The outcome of a random event (which shows what nobody knew): chosen in advance by
        a search, else drawn."""
        self.revealed += 1
        if self._forced:
            outcome, self._forced = self._forced[0], self._forced[1:]
            return outcome
        return event.sample(self.rng)

    def step_outcome(self, seat: int, action: Action, outcome: Any) -> None:
        """Like `step`, with the random event the action meets giving `outcome`."""
        event = self.chance_after(seat, action)
        if event is None or outcome not in event:
            raise ValueError(f"{outcome!r} is not an outcome of {action}")
        self._forced = (outcome,)
        try:
            self.step(seat, action)
        finally:
            self._forced = ()

    def copy(self) -> Self:
        """A state to play on apart: every field, with the generator, the log and the game's
        `COPIED` lists copied."""
        return _copier(type(self))(self)

    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now; empty when the game is over."""
        raise NotImplementedError

    def actor(self) -> int | None:
        """The first seat that must act now, or None when the game is over."""
        seats = self.to_act()
        return seats[0] if seats else None

    def legal_actions(self, seat: int) -> Sequence[Action]:
        raise NotImplementedError

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """None when `seat` may play `action` now, else the rule it breaks, for a player to read.

        Together with `legal_actions` this is the single statement of the rules: a test checks
        that the two agree on every action a game knows of.
        """
        raise NotImplementedError

    def why_none(self, seat: int, kind: type[Action]) -> str | None:
        """Why `seat` can make no move of `kind` now (Build, with every card and spot), for a
        player to read, where the game has more to say than what it waits for; else None.

        A screen's key that stands for a kind of move says this when pressed in vain. A game
        that explains a kind returns None exactly when a move of that kind is legal."""
        return None

    def may_act(self, seat: int) -> bool:
        """Whether `seat` has anything it may do now, even if it is not its turn."""
        return bool(self.legal_actions(seat))

    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> Result | None:
        """Who won and why, once the game is over; None before."""
        raise NotImplementedError

    def view(self, seat: int | None) -> Any:
        """What `seat` may see (None: a spectator), with its legal actions: the game's view."""
        raise NotImplementedError

    def hindsight_view(self) -> Any:
        """What a replay of the finished game shows at this position: a spectator's view, with
        what the game hid shown (nothing is secret once a game is over). A game that hides
        something a spectator would want to see then says so here."""
        return self.view(None)

    def _perform(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def step(self, seat: int, action: Action, version: int | None = None) -> None:
        """Apply `action` for `seat` in place, or raise an ActionError and change nothing."""
        if version is not None and version != self.version:
            raise StaleAction("the game moved on before this action arrived")
        reason = self.why_illegal(seat, action)
        if reason is not None:
            if self.is_over():
                raise GameOver("the game is over")
            if reason == NOT_YOUR_TURN or not self.may_act(seat):
                raise NotYourTurn(NOT_YOUR_TURN)
            raise IllegalAction(reason)
        self._perform(seat, action)
        self.version += 1

    def step_listed(self, seat: int, action: Action) -> None:
        """Apply `action`, taken from this very state's `legal_actions(seat)`, without checking
        it again: the rules were applied when the list was made (the simulator's path)."""
        self._perform(seat, action)
        self.version += 1

    def apply(self, seat: int, action: Action, version: int | None = None) -> GameState:
        """The state after `seat` plays `action`; this state is left as it was."""
        nxt = self.copy()
        nxt.step(seat, action, version)
        return nxt


def _slots(cls: type) -> tuple[str, ...]:
    """Every slot of `cls` and the classes it is made of."""
    return tuple(name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()))


G = TypeVar("G", bound=GameState)
_COPIERS: dict[type, Callable[[Any], Any]] = {}  # per class of state, its copier


def _copier(cls: type[G]) -> Callable[[G], G]:
    """A function copying a `cls` state slot by slot, written out once per class as dataclasses
    writes its methods: a loop of getattr and setattr was much slower (the manual's "Measured
    choices")."""
    if cls in _COPIERS:
        return _COPIERS[cls]
    copied = cls.COPIED
    apart = {"rng": ".copy()", "events": "[:]", **{name: "[:]" for name in copied}}
    body = "".join(
        f"    clone.{name} = state.{name}{apart.get(name, '')}\n" for name in _slots(cls)
    )
    source = f"def copy(state):\n    clone = new(cls)\n{body}    return clone\n"
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(source, scope)  # noqa: S102 - the source is made of slot names only
    copier: Callable[[G], G] = scope["copy"]
    _COPIERS[cls] = copier
    return copier
