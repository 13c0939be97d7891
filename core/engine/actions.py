"""Actions: small immutable values with a readable text form and a JSON form."""

from collections.abc import Callable
from dataclasses import asdict, fields, make_dataclass
from typing import Any, ClassVar

SEAT_FIELDS = frozenset({"seat", "partner", "seller"})  # fields that name a player's seat


class Action:
    """Base class of every game's actions. Subclasses are frozen, slotted dataclasses."""

    def named(self, players) -> str:
        """How it reads to the people at the table (`players`' names for seats)."""
        return str(self)

    __slots__ = ()
    kind: ClassVar[str]

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


def action_class(
    name: str,
    kind: str,
    text: str,
    *field_names: str,
    module: str,
    readable: dict[str, Callable[[int], str]] | None = None,
) -> type[Action]:
    """A small action class of int fields, to be bound to `name` in `module` (so that its
    actions pickle, as they do to reach a bot thinking in another process); `text` is how it
    reads, with {field} for each, a field shown through `readable[field]` where the game names
    one (a square by its name)."""
    shown = readable or {}

    def __str__(self) -> str:
        return text.format(**{f: shown.get(f, int)(getattr(self, f)) for f in field_names})

    def named(self, players) -> str:
        """How it reads to the people at the table: a seat by its player's name."""
        return text.format(
            **{
                f: players[getattr(self, f)]
                if f in SEAT_FIELDS
                else shown.get(f, int)(getattr(self, f))
                for f in field_names
            }
        )

    made = make_dataclass(
        name,
        [(f, int) for f in field_names],
        bases=(Action,),
        frozen=True,
        slots=True,
        namespace={"__str__": __str__, "named": named, "kind": kind},
    )
    made.__module__ = module
    return made
