"""Textual's rendered lines (`Strip`) with their caches made on first use, not up front.

Textual 8.2 gives every Strip seven empty result caches (crop, divide, style...) when it is made:
about 950 bytes, more than the line itself. A server keeps every session's lines, and most lines
never use most of those caches; measured with tracemalloc, the empty caches were 40% of the
memory a player's session holds. Textual's own `Content` makes its cache lazily in the same way.
A cache appears, with Textual's size, the first time it is used.

Three caches keep nothing at all. Over a benchmark game at an SSH table (benchmarks/ssh_speed.py,
10 sessions) the crop and line-length caches were made for 3,400 lines each and never hit, and
the divide cache hit 1,800 times in 9,200 lines; each kept more copies of its line. Without
them a player's session holds 16% less (tracemalloc) for the same CPU per move.
Strips draw exactly as before (a test compares); only those results are not kept.
"""

from __future__ import annotations

from textual.cache import FIFOCache
from textual.strip import Strip

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
TEXTUAL_INIT = Strip.__init__


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
    cache = NO_CACHE if name in NOT_KEPT else FIFOCache(size)
    setattr(self, name, cache)
    return cache


def install() -> None:
    """Make every Strip from now on lean (process-wide; strips already made are unchanged)."""
    Strip.__init__ = _init_without_caches
    Strip.__getattr__ = _cache_on_first_use
