"""Saved games on disk: the game's record plus who sat where, as one JSON file."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from core.engine.findings import Analysis
from core.engine.match import Match
from core.engine.record import Record, RecordError
from core.engine.replay import Replay
from core.games import about, get_spec
from play.analysis import Analysing, worker_processes
from play.table import LocalTable, Seat

SAVE_FORMAT = 1


def data_dir() -> Path:
    """Where Boomtown keeps its files: $BOOMTOWN_DATA_DIR, else the user's data directory
    (made when something is first written there)."""
    override = os.environ.get("BOOMTOWN_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("boomtown"))


def autosave_path(game: str) -> Path:
    """Where the game of `game` being played is saved: one save for each game."""
    return data_dir() / f"autosave-{game}.json"


def describe_save(table: LocalTable) -> str:
    """A saved game in a few words: "Army, round 3 (Ann, Ada, Bob)"."""
    who = ", ".join(seat.name for seat in table.seats)
    return f"{table.match.spec.title}, round {table.view(None).round} ({who})"


LEGACY_SAVE = "autosave.json"  # the one save of every game, before each game had its own


def saved_games(games: Sequence[str]) -> list[tuple[str, Path]]:
    """(game, path) of each game with a save, in `games`' order; a save of the days of one
    save for all games is first moved to its game's place, if that is free."""
    legacy = data_dir() / LEGACY_SAVE
    with contextlib.suppress(OSError, RecordError):
        if legacy.exists():
            game = load_table(legacy).match.spec.slug
            if not autosave_path(game).exists():
                legacy.rename(autosave_path(game))
    found = []
    for game in games:
        path = autosave_path(game)
        try:
            present = path.exists()
        except OSError:  # a folder it may not look into: loading it says why
            present = True
        if present:
            found.append((game, path))
    return found


def finished_dir() -> Path:
    """Where finished games are kept for replay."""
    return data_dir() / "finished"


def save_table(table: LocalTable, path: Path, ended: str | None = None) -> None:
    """Write atomically: a crash mid-save leaves the previous file whole. OSError if the file
    or its folder cannot be written. `ended`: when a finished game ended (ISO time), kept with
    its result for the list of past games."""
    data: dict[str, Any] = {
        "boomtown_save": SAVE_FORMAT,
        "seats": [{"name": s.name, "kind": s.kind} for s in table.seats],
        "record": table.match.record.to_json(),
    }
    if ended is not None:
        data["ended"] = {"at": ended, "result": table.view(None).result.reason}
    write_atomically(path, json.dumps(data))


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` (its folder made if need be) so that a crash midway leaves the
    previous file whole; OSError if it cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def forget_save(path: Path) -> None:
    """Remove a save nobody will continue; one that cannot be removed stays (the title screen
    offers it again)."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def load_record(path: Path) -> tuple[Record, list[Seat]]:
    """The game saved at `path` and who sat where, not yet replayed; RecordError with a reason
    if the file is not a usable save."""
    try:
        data = json.loads(Path(path).read_text())
        if not isinstance(data, dict) or data.get("boomtown_save") != SAVE_FORMAT:
            raise RecordError("not a Boomtown save file")
        seats = [Seat(str(s["name"]), str(s["kind"])) for s in data["seats"]]
        record = Record.from_json(data["record"])
    except RecordError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"not a Boomtown save file ({exc})") from None

    bots = get_spec(record.game).bots
    if len(seats) != len(record.players) or any(s.is_bot and s.kind not in bots for s in seats):
        raise RecordError("the seats in the save do not fit its game")
    return record, seats


def load_replay(path: Path) -> tuple[Replay, list[Seat]]:
    """The replay of the game saved at `path`, and who sat where; RecordError with a reason if
    the file is not a usable save."""
    record, seats = load_record(path)
    return Replay(record), seats


def load_table(path: Path) -> LocalTable:
    """The table saved at `path`; RecordError with a reason if the file is not a usable save."""
    record, seats = load_record(path)
    return LocalTable(Match.from_record(record), seats)


FINISHED_KEPT = 20  # finished games kept for replay: the newest


def keep_finished(table: LocalTable, now: datetime | None = None) -> Path | None:
    """Keep a finished game to replay later, and only the newest FINISHED_KEPT; where it was
    written, or None if it could not be (a full disk: the game is simply not kept)."""
    now = now or datetime.now()
    folder = finished_dir()
    stem = f"{now:%Y%m%d-%H%M%S}-{table.match.spec.slug}"
    try:
        path, copies = folder / f"{stem}.json", 1
        while path.exists():  # another game ended in the same second
            copies += 1
            path = folder / f"{stem}-{copies}.json"
        save_table(table, path, ended=now.isoformat(timespec="seconds"))
        for old in kept_games()[FINISHED_KEPT:]:
            old.unlink(missing_ok=True)
    except OSError:
        return None
    return path


def keep_analysis(path: Path, analysis: Analysis) -> None:
    """Keep `analysis` with the finished game kept at `path`; OSError if it cannot be written,
    RecordError if the file is no longer a game kept here."""
    try:
        data = json.loads(path.read_text())
        data["record"]["analysis"] = analysis.to_json()
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise RecordError(f"{path} is no longer a kept game ({exc})") from None
    write_atomically(path, json.dumps(data))


async def analyse_here(analysing: Analysing, kept: Path | None) -> None:
    """Work `analysing` out in this computer's worker processes, then keep it with the finished
    game kept at `kept`, if any (one not kept is worked out again when the game is replayed)."""
    workers = worker_processes()
    try:
        await analysing.work_out(workers)
    finally:
        if workers is not None:
            workers.shutdown(wait=False, cancel_futures=True)
    if kept is not None and analysing.analysis is not None:
        with contextlib.suppress(OSError, RecordError):
            keep_analysis(kept, analysing.analysis)


@dataclass(frozen=True)
class PastGame:
    """A finished game kept for replay, as the list of past games shows it."""

    key: str  # what finds it again: its file here, its table at a server
    text: str  # when it ended, the game, who played, how it came out; or why it cannot be read
    readable: bool = True


def past_game_line(
    when: datetime, title: str, players: str, result: str, assisted: bool = False
) -> str:
    """A finished game in a list of them: when it ended (naming its time zone if `when` has
    one: a server's people may live anywhere), the game, who played, how it came out, and
    whether hints were asked or moves taken back."""
    result += " (assisted)" if assisted else ""
    return " · ".join(
        part for part in (f"{when:%d %b %Y %H:%M %Z}".rstrip(), title, players, result) if part
    )


def kept_games() -> list[Path]:
    """The files of the finished games kept, the newest first."""
    try:
        return sorted(finished_dir().glob("*.json"), reverse=True)
    except OSError:
        return []


def past_games() -> list[PastGame]:
    """The finished games kept, the newest first; one that cannot be read says why."""
    games = []
    for path in kept_games():
        try:
            data = json.loads(path.read_text())
            ended, record = data["ended"], data["record"]
            when = datetime.fromisoformat(ended["at"])
            title = about(record["game"])["title"]
            players = ", ".join(str(s["name"]) for s in data["seats"])
            assisted = record.get("assisted") is True
            line = past_game_line(when, title, players, ended["result"], assisted)
            games.append(PastGame(str(path), line))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            games.append(PastGame(str(path), f"{path.name} cannot be read ({exc})", readable=False))
        except (KeyError, TypeError, AttributeError):
            games.append(
                PastGame(str(path), f"{path.name} is not a finished Boomtown game", readable=False)
            )
    return games
