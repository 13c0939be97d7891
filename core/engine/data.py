"""A game's data files: its boards and cards are CSV tables beside its rules, read once."""

from __future__ import annotations

import csv
import json
from importlib import resources
from typing import Any


def read_table(package: str, name: str) -> list[dict[str, str]]:
    """The rows of the CSV file `name` in `package`, each a dict by column (empty cells '')."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def number(cell: str) -> int:
    """A numeric cell; an empty one is 0."""
    return int(cell) if cell else 0


def read_json(package: str, name: str) -> Any:
    """The JSON file `name` in `package`."""
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
