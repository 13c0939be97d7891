"""Actions: small immutable values with a readable text form and a JSON form."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

SEAT_FIELDS = frozenset({"seat", "partner", "seller"})  # fields that name a player's seat

A = TypeVar("A", bound="Action")


class Action:
    """Base class of every game's actions: frozen, slotted dataclasses (made with `action`, or
    by hand where the text needs more than its fields). `text` is how one reads, with {field}
    for each field, shown through `READABLE[field]` where the game names one (a square by its
    name)."""

    __slots__ = ()
    kind: ClassVar[str]
    text: ClassVar[str] = ""
    READABLE: ClassVar[Mapping[str, Callable[[int], str]]] = {}

    def __str__(self) -> str:
        return self.text.format(**{f: self._shown(f) for f in self._field_names()})

    def named(self, players: Sequence[str]) -> str:
        """How it reads to the people at the table: a seat by its player's name (an action
        whose class writes its own text reads as that text)."""
        if not self.text:
            return str(self)
        return self.text.format(
            **{
                f: players[getattr(self, f)] if f in SEAT_FIELDS else self._shown(f)
                for f in self._field_names()
            }
        )

    def _field_names(self) -> list[str]:
        return [f.name for f in fields(self)]  # type: ignore[arg-type]

    def _shown(self, name: str) -> str | int:
        value = getattr(self, name)
        return self.READABLE[name](value) if name in self.READABLE else value

    def to_json(self) -> dict[str, Any]:
        """Fields are ints or tuples of ints (JSON lists)."""
        fields_ = asdict(self)  # type: ignore[call-overload]
        return {
            "kind": self.kind,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in fields_.items()},
        }


class Offer(Action):
    """Base class of a game's trade offer: to `partner`, with the cash each side gives (what
    else changes hands is the game's)."""

    __slots__ = ()
    partner: int
    give_cash: int
    get_cash: int


class ActionCodec:
    """Turns a game's actions into JSON objects and back."""

    def __init__(self, *classes: type[Action]) -> None:
        self._classes = {cls.kind: cls for cls in classes}

    @property
    def classes(self) -> tuple[type[Action], ...]:
        """The game's kinds of action."""
        return tuple(self._classes.values())

    def decode(self, data: Any) -> Action:
        if not isinstance(data, dict) or data.get("kind") not in self._classes:
            raise ValueError(f"not an action of this game: {data!r}")
        cls = self._classes[data["kind"]]
        kinds = {f.name: str(f.type) for f in fields(cls)}  # type: ignore[arg-type]
        args = {k: v for k, v in data.items() if k != "kind"}
        if set(args) != set(kinds):
            raise ValueError(f"malformed {cls.kind} action: {data!r}")
        for name, value in args.items():
            if (
                kinds[name].startswith("tuple")
                and isinstance(value, list)
                and all(type(v) is int for v in value)
            ):
                args[name] = tuple(value)
            elif type(value) is not int:
                raise ValueError(f"malformed {cls.kind} action: {data!r}")
        return cls(**args)


@dataclass_transform(frozen_default=True)
def action(kind: str, text: str) -> Callable[[type[A]], type[A]]:
    """Make a class of a game's actions a frozen, slotted dataclass whose actions are `kind` in
    JSON and read as `text` (see `Action`)."""

    def make(cls: type[A]) -> type[A]:
        cls.kind, cls.text = kind, text
        return dataclass(frozen=True, slots=True)(cls)

    return make
