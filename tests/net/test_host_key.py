"""Servers given one host key (`serve --host-key FILE`) are one server to clients' known_hosts."""

import asyncssh
import pytest

from boomtown import cli

from .harness import key_for, start_server


async def log_in(port: int, trusted: asyncssh.SSHKey) -> None:
    """ann logs in, trusting only `trusted` as the server's key."""
    async with asyncssh.connect(
        "127.0.0.1",
        port,
        username="ann",
        agent_path=None,
        client_keys=[key_for("ann")],
        known_hosts=([trusted.convert_to_public()], [], []),
    ):
        pass


async def test_servers_given_one_host_key_are_all_trusted_by_one_known_hosts_line(tmp_path):
    shared = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "shared_key"
    key_file.write_bytes(shared.export_private_key())
    servers = [
        await start_server(tmp_path / name, host_key_file=key_file) for name in ("first", "second")
    ]
    alone, alone_port = await start_server(tmp_path / "alone")  # its own key, made for it
    try:
        for server, port in servers:
            assert server.fingerprint == shared.get_fingerprint("sha256")
            await log_in(port, shared)
        with pytest.raises(asyncssh.HostKeyNotVerifiable):
            await log_in(alone_port, shared)
        assert not (tmp_path / "first" / "host_key").exists()  # none made beside the given
    finally:
        for server, _ in [*servers, (alone, alone_port)]:
            await server.stop()


@pytest.mark.parametrize("content", [None, b"not a key\n"], ids=["missing", "garbage"])
def test_a_host_key_that_cannot_be_used_is_refused_before_serving(tmp_path, capsys, content):
    key_file = tmp_path / "key"
    if content is not None:
        key_file.write_bytes(content)
    with pytest.raises(SystemExit) as stopped:
        cli.main(
            ["serve", "--port", "0", "--data", str(tmp_path / "data"), "--host-key", str(key_file)]
        )
    assert stopped.value.code == 2
    assert f"boomtown: cannot use the host key {key_file}: " in capsys.readouterr().err
