"""`boomtown serve --workers N`: N server processes on one machine, sharing one port (the
system hands each new connection to one of them, SO_REUSEPORT) and one PostgreSQL database
(net.hosting.community). The parent only starts them, starts again one that dies, and stops them
all when it is stopped. Each worker holds a pipe from the parent, which closes however the
parent ends (kill -9 too): a worker then stops, as by SIGTERM, never serving on orphaned."""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import time

from net.store.storage import Storage
from net.transport.server import shared_host_key

log = logging.getLogger("boomtown.net")

RESTART_SECONDS = 1.0  # a worker that died is started again after this
STARTING_SECONDS = 5.0  # a worker that exits sooner after starting (not killed by a signal)
# could not start (its port taken, the database refused...): all stop
WATCH_SECONDS = 0.2  # how often the parent looks whether a worker has died


def run_workers(count: int, worker_argv: list[str], address: str, port: int, database: str) -> int:
    """Run `count` workers (`boomtown` given `worker_argv`) until stopped; returns the exit
    status (1 if a worker could not start). The database's schema and host key are made
    first, by the parent, so that the workers do not race."""
    logging.basicConfig(
        stream=sys.__stderr__, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s"
    )
    storage = Storage(database)
    try:
        fingerprint = shared_host_key(storage).get_fingerprint("sha256")
    finally:
        storage.close()
    command = [sys.executable, "-m", "boomtown.cli", *worker_argv]

    def start() -> tuple[subprocess.Popen, float]:  # in a session of its own: Ctrl+C reaches
        # the parent only, which stops the workers; its stdin the pipe it watches
        worker = subprocess.Popen(command, start_new_session=True, stdin=subprocess.PIPE)
        return worker, time.monotonic()

    workers = [start() for _ in range(count)]
    print(f"Boomtown is serving on {address}:{port} with {count} processes", flush=True)
    print(f"Host key fingerprint: {fingerprint}", flush=True)
    print(f"Join with: ssh -p {port} YOURNAME@{address}", flush=True)
    stopping: list[int] = []  # the exit status, once stopping
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.append(0))
    try:
        while not stopping:
            for i, (worker, began) in enumerate(workers):
                if worker.poll() is None:
                    continue
                if worker.returncode >= 0 and time.monotonic() - began < STARTING_SECONDS:
                    log.error(
                        "worker %d could not start (it ended with %s): stopping",
                        i + 1,
                        worker.returncode,
                    )
                    stopping.append(1)
                    break
                log.warning(
                    "worker %d (pid %d) ended with %s; starting it again",
                    i + 1,
                    worker.pid,
                    worker.returncode,
                )
                time.sleep(RESTART_SECONDS)
                workers[i] = start()
            time.sleep(WATCH_SECONDS)
    finally:
        for worker, _ in workers:
            worker.terminate()
        for worker, _ in workers:
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:
                worker.kill()
    return stopping[0]
