"""Saved games on disk: the game's record plus who sat where, as one JSON file."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from core.engine.match import Match
from core.engine.record import Record, RecordError

from .table import LocalTable, Seat

SAVE_FORMAT = 1


def data_dir() -> Path:
    """Where Boomtown keeps its files: $BOOMTOWN_DATA_DIR, else the user's data directory
    (made when something is first written there)."""
    override = os.environ.get("BOOMTOWN_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("boomtown"))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def save_table(table: LocalTable, path: Path) -> None:
    """Write atomically: a crash mid-save leaves the previous file whole. OSError if the file
    or its folder cannot be written."""
    data: dict[str, Any] = {
        "boomtown_save": SAVE_FORMAT,
        "seats": [{"name": s.name, "kind": s.kind} for s in table.seats],
        "record": table.match.record.to_json(),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


def forget_save(path: Path) -> None:
    """Remove a save nobody will continue; one that cannot be removed stays (the title screen
    offers it again)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def load_table(path: Path) -> LocalTable:
    """The table saved at `path`; RecordError with a reason if the file is not a usable save."""
    try:
        data = json.loads(Path(path).read_text())
        if data.get("boomtown_save") != SAVE_FORMAT:
            raise RecordError("not a Boomtown save file")
        seats = [Seat(str(s["name"]), str(s["kind"])) for s in data["seats"]]
        record = Record.from_json(data["record"])
    except RecordError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"not a Boomtown save file ({exc})") from None
    from core.games import get_spec

    bots = get_spec(record.game).bots
    if len(seats) != len(record.players) or any(s.is_bot and s.kind not in bots for s in seats):
        raise RecordError("the seats in the save do not fit its game")
    return LocalTable(Match.from_record(record), seats)
