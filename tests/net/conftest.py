"""The SSH tests' shared fixture: a real server on 127.0.0.1, port 0, stopped afterwards."""

import pytest

from .harness import start_server


@pytest.fixture
async def served(tmp_path):
    server, port = await start_server(tmp_path)
    yield server, port
    await server.stop()
