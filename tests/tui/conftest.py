"""What the interface's tests share."""

import pytest

import play.analysis
from core.engine.analysis import Settings


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch):
    """A finished game's analysis as the end screen starts it, in few playouts and in threads
    (worker processes take a second to start); tests/core checks it at full size."""
    quick = Settings(
        points=4, chart_playouts=1, screened=2, screen_playouts=1, checked=1, check_playouts=1
    )
    monkeypatch.setattr(play.analysis, "SETTINGS", quick)
    monkeypatch.setattr(play.analysis, "IN_PROCESSES", False)
