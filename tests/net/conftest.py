"""The SSH tests' shared fixtures: a real server on 127.0.0.1, port 0, stopped afterwards;
`web`, the same answering browsers too."""

import pytest

from net.transport.web.door import WebOptions

from .harness import start_server


@pytest.fixture
async def served(tmp_path):
    server, port = await start_server(tmp_path)
    yield server, port
    await server.stop()


@pytest.fixture
async def web(tmp_path):
    server, port = await start_server(tmp_path, web=WebOptions(0))
    try:
        yield server, port
    finally:
        await server.stop()
