"""Actions: small immutable values with a readable text form and a JSON form."""

from dataclasses import asdict, fields
from typing import Any, ClassVar


class Action:
    """Base class of every game's actions. Subclasses are frozen, slotted dataclasses."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """Fields are ints or tuples of ints (JSON lists)."""
        fields_ = asdict(self)  # type: ignore[call-overload]
        return {"kind": self.kind, **{k: list(v) if isinstance(v, tuple) else v
                                      for k, v in fields_.items()}}


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
            if kinds[name].startswith("tuple") and isinstance(value, list) and all(
                    type(v) is int for v in value):
                args[name] = tuple(value)
            elif type(value) is not int:
                raise ValueError(f"malformed {cls.kind} action: {data!r}")
        return cls(**args)
