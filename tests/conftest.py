"""What every test shares."""

import gc
import os

import pytest

import play.analysis
import play.table
from core.engine.analysis import Settings


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: two workers more than the cores. The SSH and browser tests spend much of
    their time waiting on sockets, Chromium and the server's loop, and the extra workers fill
    that time (on 2 cores, back to back: 3 workers 231 s, 4 workers 198 s; 2 workers once took
    4 min 40 s)."""
    return (os.cpu_count() or 1) + 2


def pytest_collection_modifyitems(items) -> None:
    """The long tests first: each worker takes its share from the front, the others steal
    from its back, and the suite no longer ends with one worker busy on a long test while
    the rest wait."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


def pytest_sessionfinish(session) -> None:
    """One last full collection, then the survivors frozen: pytest's own collects five times
    more as a worker ends, each walking its heap of the whole suite's caches (about 290000
    objects, 0.35 s a collection), while every worker ends at once. What dies here still has
    its unraisable exceptions reported, as pytest's would."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory, monkeypatch):
    """No test reads or writes the saved and finished games of whoever runs the suite (a test
    that looks at the data folder sets its own)."""
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch):
    """A finished game's analysis, as an end screen or a host starts it, in few playouts and
    in threads (worker processes take a second to start); tests/core checks it at full size."""
    quick = Settings(
        points=4, chart_playouts=1, screened=2, screen_playouts=1, checked=1, check_playouts=1
    )
    monkeypatch.setattr(play.analysis, "SETTINGS", quick)
    monkeypatch.setattr(play.analysis, "IN_PROCESSES", False)


@pytest.fixture(autouse=True)
def hints_by_count(monkeypatch):
    """A hint's search bounded by its count of playouts, not the clock: the same hint however
    busy the machine running the tests."""
    monkeypatch.setattr(play.table, "HINT_SECONDS", None)


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for this test worker; its `database()` gives each test an empty
    database. Skipped, saying why, where the server is not installed; never skipped in CI."""
    yield from _postgres_server()


@pytest.fixture
def own_postgres():
    """A PostgreSQL server of one test's own, which it stops and starts again."""
    yield from _postgres_server()


def _postgres_server():
    from tests.postgres import IN_CI, PostgresServer, server_programs

    if server_programs() is None and not IN_CI:
        pytest.skip("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")
    server = PostgresServer()
    yield server
    server.stop()
