"""What the SSH door puts on the wire: each frame one packet, and no cipher that needs more."""

import asyncssh
import pytest
from asyncssh.constants import MSG_CHANNEL_DATA, MSG_IGNORE

from .harness import connect, key_for


def counting(handler, counts: dict[int, int]) -> None:
    """Count the packets `handler` (a connection or a channel) receives, by type."""
    logged = handler.log_received_packet

    def log_received_packet(pkttype, *args, **kwargs):
        counts[pkttype] = counts.get(pkttype, 0) + 1
        return logged(pkttype, *args, **kwargs)

    handler.log_received_packet = log_received_packet


async def test_each_frame_reaches_the_client_as_one_packet(served):
    _, port = served
    ann = await connect(port, "ann")
    try:
        await ann.wait_for("You are ann")
        counts: dict[int, int] = {}
        counting(ann.conn, counts)  # an ignore packet is the connection's
        counting(ann.process.channel, counts)  # a frame is the channel's data
        await ann.press("?")
        await ann.wait_for("Keys for the table")
        assert counts.get(MSG_CHANNEL_DATA, 0) >= 1  # the help drawn
        assert counts.get(MSG_IGNORE, 0) == 0  # no empty packet sent before each
    finally:
        await ann.close()


async def test_the_server_offers_no_cbc_cipher(served):
    """The one kind of cipher an empty packet before each frame would defend."""
    _, port = served
    with pytest.raises(asyncssh.KeyExchangeFailed):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username="eve",
            client_keys=[key_for("eve")],
            known_hosts=None,
            agent_path=None,
            encryption_algs=["aes128-cbc", "aes256-cbc", "3des-cbc"],
        )
