"""Workarounds for Textual 8.2 bugs that random input found (tests/net/test_fuzz.py).

Textual's version is pinned to 8.2 in pyproject.toml; look at each again when it moves.
`install()` is idempotent and changes only the two methods named here.
"""

from __future__ import annotations

from textual.widgets import OptionList

_original = {}


async def _on_click(self: OptionList, event) -> None:
    """A click on an option that is gone (the list changed since it was drawn) does nothing;
    Textual raised IndexError."""
    clicked = event.style.meta.get("option")
    if clicked is None or clicked < self.option_count:
        await _original["_on_click"](self, event)


def _move_page(self: OptionList, direction: int) -> None:
    """Page up or down before the list has laid out its lines does nothing; Textual raised
    KeyError."""
    if (self.highlighted or 0) in self._index_to_line:
        _original["_move_page"](self, direction)


def install() -> None:
    for name, fixed in (("_on_click", _on_click), ("_move_page", _move_page)):
        if name not in _original:
            _original[name] = getattr(OptionList, name)
            setattr(OptionList, name, fixed)
