"""Names that look alike are one name: "Alice", "alice" and Cyrillic "аlice" cannot be three
people. A name's skeleton (after Unicode's UTS #39) folds case, splits accents, and maps each
character to one of the characters it can be mistaken for, so look-alikes share a skeleton.

The look-alike classes come from Unicode's confusables table as the confusable-homoglyphs
package ships it; a class is every character linked to another through that table.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.utils import load


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's class, named by its least code point (built once, on first
    use)."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch] = parent.get(parent[ch], parent[ch])
        return ch

    for ch, homoglyphs in load("confusables.json").items():
        for homoglyph in homoglyphs:
            a, b = root(ch), root(homoglyph["c"])
            if a != b:
                parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent}


def skeleton(name: str) -> str:
    """What `name` looks like: equal for names a person could take for one another."""
    prototypes = _prototypes()
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    return "".join(prototypes.get(ch, ch) for ch in folded)
