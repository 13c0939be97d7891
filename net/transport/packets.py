"""One SSH packet for each frame a session sends, not two.

asyncssh puts an empty SSH_MSG_IGNORE in front of every packet it encrypts: RFC 4251's defence
(9.3.1) of CBC ciphers, whose next packet's IV is the last block an eavesdropper saw. This
server offers asyncssh's default ciphers, none of them CBC (ChaCha20-Poly1305, AES-GCM, AES-CTR;
a test holds it to that), for which it defends nothing, and every frame of every session was two
packets encrypted and two writes to the socket (the manual's "Measured choices").
"""

from __future__ import annotations

from collections.abc import Callable

import asyncssh
from asyncssh.constants import MSG_IGNORE

EMPTY = b"\0\0\0\0"  # an SSH string of no bytes: what asyncssh's own ignore packets hold


def one_packet_a_frame(conn: asyncssh.SSHServerConnection) -> None:
    """From now on `conn` sends no empty ignore packet before another."""
    send_packet: Callable[..., None] = conn.send_packet

    def without_empty_ignores(pkttype: int, *args: bytes, **kwargs) -> None:
        if pkttype != MSG_IGNORE or args != (EMPTY,):
            send_packet(pkttype, *args, **kwargs)

    conn.send_packet = without_empty_ignores  # type: ignore[method-assign]
