"""Views as plain data: what one seat may see, to JSON and back.

A view is a frozen dataclass whose annotations are its schema. `view_to_json` turns it into JSON
data (actions and frames as objects with their `kind`, tuples as lists; private fields and what
a seat may not see are simply absent, since a view never holds them); `view_from_json` rebuilds
an equal view from that data, reading each field's annotation. A game's events and money record
only ever grow, so a view holds them as `Upto`: the part of the list that existed when the view
was made, read lazily (a bot that never reads the log pays nothing for it).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .actions import Action, ActionCodec
from .decisions import Frame

if TYPE_CHECKING:
    from .game import Result


class Upto(Sequence[Any]):
    """The items of a list that only grows as far as it went when this was made, those `keep`
    accepts if given (what one seat may see of them), each shown through `show` if given:
    worked out only when first read."""

    __slots__ = ("_items", "_count", "_keep", "_show", "_cache")

    def __init__(
        self,
        items: list[Any],
        keep: Callable[[Any], bool] | None = None,
        show: Callable[[Any], Any] | None = None,
    ) -> None:
        self._items = items
        self._count = len(items)
        self._keep = keep
        self._show = show
        self._cache: tuple[Any, ...] | None = None

    def _all(self) -> tuple[Any, ...]:
        if self._cache is None:
            items: Iterable[Any] = self._items[: self._count]
            if self._keep:
                items = filter(self._keep, items)
            self._cache = tuple(map(self._show, items) if self._show else items)
        return self._cache

    def __len__(self) -> int:
        return len(self._all()) if self._keep else self._count

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._all() == tuple(other)

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"Upto({self._all()!r})"

    def __reduce__(self) -> tuple[type[Upto], tuple[list[Any]]]:
        """Pickled as the items it shows (its filter may be a lambda, which pickle cannot
        carry to a worker process)."""
        return Upto, (list(self._all()),)


class Seated:
    """A view for a seat (`viewer`), or for a spectator (None)."""

    viewer: int | None

    @property
    def seat(self) -> int:
        """The seat of a player's view (a bot's, or a player's at the table): a spectator's view
        has none (ValueError)."""
        if self.viewer is None:
            raise ValueError("a spectator's view is no seat's")
        return self.viewer


class TableView(Protocol):
    """What the table layer and the table screen read of any game's view (each game's view
    class has these, and more of its own)."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def round(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def version(self) -> int: ...

    @property
    def legal(self) -> tuple[Action, ...]: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def log(self) -> tuple[str, ...]: ...


def viewer_acts(view: TableView) -> bool:
    """Whether the seat a view is for must act now (never so for a spectator's view)."""
    return view.viewer is not None and view.viewer in view.to_act


def actor_name(view: TableView) -> str:
    """The name of the player who must act now; "" when nobody must."""
    return view.players[view.to_act[0]] if view.to_act else ""


@typing.dataclass_transform(kw_only_default=True, frozen_default=True)
def view_dataclass(cls: type[V]) -> type[V]:
    """`cls` as a frozen dataclass (a view) whose __init__ takes every field by keyword and
    fills them at once. A frozen dataclass's own __init__ sets each field through
    `object.__setattr__`: for a view's thirty-odd fields that was half of what a view cost (the
    manual's "Measured choices"). This one still refuses a missing or unknown field; fields have
    no defaults.

    `view_of(cls, fields)` makes one from a dict of every field, taking the dict as its own
    (cheaper than keywords): what a game's rules do for every decision a bot takes. It does not
    check the names: each game's test of its views does (test_views_json)."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(
        f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        for f in fields
    ):
        raise TypeError(f"{cls.__name__}: a view's fields have no defaults")
    names = frozenset(f.name for f in fields)

    def __init__(self: Any, **values: Any) -> None:
        if values.keys() != names:
            wrong = ", ".join(sorted(names.symmetric_difference(values)))
            raise TypeError(f"{cls.__name__} takes exactly its fields; missing or unknown: {wrong}")
        self.__dict__.update(values)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", __init__)  # noqa: B010 (a method put on the class it was made for)
    return cls


V = TypeVar("V")


def view_of(cls: type[V], fields: dict[str, Any]) -> V:
    """A view of class `cls` (made by `view_dataclass`) holding `fields`, the dict taken as its
    own."""
    view = object.__new__(cls)
    object.__setattr__(view, "__dict__", fields)
    return view


class ViewSchema:
    """How to read one game's views back: its view class, its actions, and the other objects
    its views hold that name their `kind` (decision frames, templates)."""

    def __init__(self, view: type, codec: ActionCodec, kinds: Sequence[type]) -> None:
        self.view = view
        self.codec = codec
        self.kinds: dict[str, type] = {getattr(cls, "kind"): cls for cls in kinds}  # noqa: B009

    def decode(self, data: dict[str, Any]) -> Any:
        return _decode_dataclass(self.view, data, self)


def view_to_json(view: Any) -> dict[str, Any]:
    """Every public field of `view` as JSON data, and what it works out from them on demand
    (its class's `DERIVED` names, e.g. templates), for readers without the rules."""
    data: dict[str, Any] = _encode(view)
    for name in getattr(view, "DERIVED", ()):
        data[name] = _encode(getattr(view, name))
    return data


def view_from_json(schema: ViewSchema, data: Any) -> Any:
    """The view `data` came from; ValueError if it is not one of this game's views."""
    if not isinstance(data, dict):
        raise ValueError("a view is a JSON object")
    try:
        return schema.decode(data)
    except (TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"not a view of this game: {exc}") from None


def _encode(value: Any) -> Any:
    """Dataclasses (actions, frames, templates) as objects naming their kind, named tuples as
    objects, sequences as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {
            f.name: _encode(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.name.startswith("_")
        }
        kind = getattr(type(value), "kind", None)  # actions, frames and templates name theirs
        return {"kind": kind, **data} if isinstance(kind, str) else data
    if hasattr(value, "_asdict"):  # a named tuple
        return {k: _encode(v) for k, v in value._asdict().items()}
    if isinstance(value, (tuple, list, Upto)):
        return [_encode(v) for v in value]
    return value


def _decode_dataclass(cls: type, data: Any, schema: ViewSchema) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}: expected an object, got {data!r}")
    hints = _hints(cls)
    wanted = [f for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")]
    missing = {f.name for f in wanted} - set(data)
    if missing:
        raise ValueError(f"{cls.__name__} lacks {', '.join(sorted(missing))}")
    return cls(**{f.name: _decode(data[f.name], hints[f.name], schema) for f in wanted})


def _decode(data: Any, hint: Any, schema: ViewSchema) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:  # plain data: a view holds tuples, never lists
        return tuple(_decode(v, Any, schema) for v in data) if isinstance(data, list) else data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return _decode(data, options[0], schema)
        return _decode_kind(data, schema)  # a union views hold: objects that name their kind
    if origin in (tuple, Sequence) or hint in (tuple, Sequence):
        if not isinstance(data, list):
            raise ValueError(f"expected a list, got {data!r}")
        if len(args) == 2 and args[1] is Ellipsis or origin is Sequence:
            return tuple(_decode(v, args[0] if args else Any, schema) for v in data)
        if args and len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, got {data!r}")
        return tuple(_decode(v, a, schema) for v, a in zip(data, args or [Any] * len(data)))
    if isinstance(hint, type):
        if issubclass(hint, Action):
            return schema.codec.decode(data)
        if issubclass(hint, Frame):
            return _decode_kind(data, schema)
        if dataclasses.is_dataclass(hint):
            return _decode_dataclass(hint, data, schema)
        if issubclass(hint, tuple) and hasattr(hint, "_fields"):  # a named tuple
            hints = _hints(hint)
            return hint(**{k: _decode(data[k], hints[k], schema) for k in hint._fields})
        if hint in (int, str, bool) and type(data) is not hint:
            raise ValueError(f"expected {hint.__name__}, got {data!r}")
    return data


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A class's field annotations, resolved once."""
    return typing.get_type_hints(cls)


def _decode_kind(data: Any, schema: ViewSchema) -> Any:
    if not isinstance(data, dict) or data.get("kind") not in schema.kinds:
        raise ValueError(f"not a decision or template of this game: {data!r}")
    fields = {k: v for k, v in data.items() if k != "kind"}
    return _decode_dataclass(schema.kinds[data["kind"]], fields, schema)
