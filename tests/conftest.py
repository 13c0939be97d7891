"""What every test shares."""

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory, monkeypatch):
    """No test reads or writes the saved and finished games of whoever runs the suite (a test
    that looks at the data folder sets its own)."""
    monkeypatch.setenv("BOOMTOWN_DATA_DIR", str(tmp_path_factory.mktemp("data")))
