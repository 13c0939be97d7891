"""What sending a frame over SSH costs the server: asyncssh's way (an empty ignore packet before
each packet) and the server's (net/transport/packets.py: none), side by side in one run.

    .venv/bin/python benchmarks/ssh_packets.py [--frames 3000] [--bytes 1500] [--rounds 3]

An asyncssh server in this process writes `--frames` frames of `--bytes` bytes (a move's update
on one screen is about that) to the real OpenSSH client, which reads them into /dev/null; each
frame is written once the last has left (as a session's frames are, a move apart). Printed for
each way: the server's CPU per frame and the packets it sent, each round's figures.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time
from pathlib import Path

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from net.transport.packets import one_packet_a_frame  # noqa: E402


async def send(frames: int, size: int, one_packet: bool) -> tuple[float, int]:
    """The server's CPU per frame (µs) and the packets it sent for them, one way."""
    spent: asyncio.Future[tuple[float, int]] = asyncio.get_running_loop().create_future()
    frame = b"\x1b[12;5H" + b"x" * (size - 7)

    class Server(asyncssh.SSHServer):
        def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
            if one_packet:
                one_packet_a_frame(conn)

        def begin_auth(self, username: str) -> bool:
            return False  # anyone: this server only sends frames

    async def session(process: asyncssh.SSHServerProcess) -> None:
        conn = process.channel.get_connection()
        before, sent = time.process_time(), conn._send_seq  # the packets' sequence number
        for _ in range(frames):
            process.stdout.write(frame)
            await process.stdout.drain()
        packets = (conn._send_seq - sent) % 2**32
        spent.set_result(((time.process_time() - before) / frames * 1e6, packets))
        process.exit(0)

    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(
        Server, "127.0.0.1", 0, server_host_keys=[key], process_factory=session, encoding=None
    )
    port = server.sockets[0].getsockname()[1]
    client = await asyncio.create_subprocess_exec(
        "ssh", "-T", "-p", str(port), "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "frames@127.0.0.1",
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        return await spent
    finally:
        await client.wait()
        server.close()
        await server.wait_closed()


def main() -> None:
    parser = argparse.ArgumentParser(description="A frame's cost over SSH: two packets or one")
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--bytes", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each way, alternating")
    args = parser.parse_args()
    ways = {"asyncssh's (an ignore before each)": False, "one packet a frame": True}
    found: dict[str, list[tuple[float, int]]] = {way: [] for way in ways}
    for _ in range(args.rounds):
        for way, one_packet in ways.items():
            found[way].append(asyncio.run(send(args.frames, args.bytes, one_packet)))
    print(f"{args.frames} frames of {args.bytes} bytes to OpenSSH's client; the server's CPU")
    for way, rounds in found.items():
        per_frame = statistics.median(us for us, _ in rounds)
        packets = rounds[0][1] / args.frames
        each = ", ".join(f"{us:.0f}" for us, _ in rounds)
        print(f"{way:36} {per_frame:5.0f} µs a frame ({each})   {packets:.2f} packets a frame")


if __name__ == "__main__":
    main()
