"""Moving an SQLite server's data into PostgreSQL, for a host whose community outgrew one
process (`boomtown migrate --from DIR --to postgresql://...`)."""

from __future__ import annotations

from pathlib import Path

from net.store.storage import SQLITE_FILE, Storage, StorageError


def migrate(data_dir: Path, database: str) -> dict[str, int]:
    """Copy everything the server with `data_dir` keeps (its host key too, so that players'
    known_hosts stay valid) into the new, empty `database`: all of it or nothing
    (StorageError). Returns how many rows each table had."""
    path = data_dir / SQLITE_FILE
    if not path.exists():
        raise StorageError(f"no server keeps its games in {data_dir}")
    source = Storage(path)
    try:
        everything = source.everything()
    finally:
        source.close()
    key = data_dir / "host_key"
    if key.exists():
        try:
            everything.append(("host_key", ["id", "key"], [(1, key.read_text())]))
        except (OSError, UnicodeDecodeError) as exc:
            raise StorageError(f"cannot read the host key {key}: {exc}") from None
    target = Storage(database)
    try:
        target.take_in(everything)
    finally:
        target.close()
    return {table: len(rows) for table, _, rows in everything}
