"""Another revision of Boomtown beside this one, for a benchmark that runs old and new code in one
run (this machine's speed moves by a fifth between runs): a `git worktree` of it in a temporary
folder, whose `boomtown serve` runs with that folder as its working directory (`python -m`
puts it first on the path, ahead of this checkout's packages)."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """The tree of `revision` (a commit, a tag, HEAD~3...) in a temporary folder, removed after."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(tree), revision],
            check=True,
        )
        try:
            yield tree
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)], check=False
            )
