"""Textual's rendered lines (`Strip`) with their caches made on first use, not up front.

Textual 8.2 gives every Strip seven empty result caches (crop, divide, style...) when it is made:
more memory than the line itself. A server keeps every session's lines, and most lines never use
most of those caches, which were a large part of a player's session's memory (the manual's
"Measured choices"). Textual's own `Content` makes its cache lazily in the same way.
A cache appears, with Textual's size, the first time it is used.

Three caches keep nothing at all: over a benchmark game at an SSH table (benchmarks/ssh_speed.py)
the crop and line-length caches never hit and the divide cache seldom did, each keeping more
copies of its line; without them a session holds less for the same CPU per move.
Strips draw exactly as before (a test compares); only those results are not kept.
"""

from __future__ import annotations

from typing import Any

from textual.cache import FIFOCache
from textual.strip import Strip

from tui.textual_private import original, replace

# Each cache of a Strip and its size, as Textual's Strip.__init__ makes them (a test compares).
CACHE_SIZES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}
NOT_KEPT = ("_divide_cache", "_crop_cache", "_line_length_cache")
TEXTUAL_INIT = original(Strip, "__init__")


class NoCache:
    """A cache that keeps nothing: every lookup misses."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value) -> None:
        pass


NO_CACHE = NoCache()


def _init_without_caches(self: Strip, segments, cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _cache_on_first_use(self: Strip, name: str) -> FIFOCache | NoCache:
    """Called only for a slot never set: make that cache now."""
    size = CACHE_SIZES.get(name)
    if size is None:
        raise AttributeError(f"'Strip' object has no attribute {name!r}")
    cache: FIFOCache[Any, Any] | NoCache = NO_CACHE if name in NOT_KEPT else FIFOCache(size)
    setattr(self, name, cache)
    return cache


def install() -> None:
    """Make every Strip from now on lean (process-wide; strips already made are unchanged)."""
    replace(Strip, "__init__", _init_without_caches)
    replace(Strip, "__getattr__", _cache_on_first_use)
