"""A person's settings at this computer (the turn bell, the theme), kept as JSON in the data folder.

A settings file that cannot be read, or holds anything but settings, counts as none; one that
cannot be written leaves the setting for this run only.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from .saves import data_dir, write_atomically


def settings_path() -> Path:
    return data_dir() / "settings.json"


def load_settings() -> dict[str, Any]:
    try:
        settings = json.loads(settings_path().read_text())
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def keep_setting(name: str, value: Any) -> None:
    """Write `name` = `value` beside the other settings, atomically."""
    with contextlib.suppress(OSError):
        write_atomically(settings_path(), json.dumps({**load_settings(), name: value}))
