"""A real Dask cluster on this machine: a ``dask scheduler`` and N ``dask worker`` processes.

For the tests and the benchmark of the distributed mode (and for trying
``--scheduler`` without a second machine). The processes are the same
command-line tools a user starts on real machines, from this Python's bin.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

DASK = str(Path(sys.executable).with_name("dask"))

QUIET = {"DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False", "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s"}
"""Settings for every process of a cluster that plays games (docs/competition.md recommends them):
no statistical profiler (a worker stops it at its first game anyway: on_worker.py), and the
event loop's health checked every second, not every 20 ms. Measured on an idle 2-worker
cluster: 11% of a core busy with Dask's defaults, 3% with these. The caller's own values win."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_workers(address: str, workers: int, timeout_s: float) -> None:
    from distributed import Client

    with Client(address, timeout=f"{timeout_s}s") as client:
        client.wait_for_workers(workers, timeout=timeout_s)


@contextmanager
def local_cluster(workers: int = 2, timeout_s: float = 60) -> Iterator[str]:
    """Yield the scheduler's address once ``workers`` single-threaded workers have joined."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": {**QUIET, **os.environ}}
    processes = [subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet)]
    try:
        for _ in range(workers):
            # one thread per worker: a game has the machine's attention, as in a local pool
            processes.append(subprocess.Popen(
                [DASK, "worker", address, "--nthreads", "1", "--nworkers", "1",
                 "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"], **quiet))
        _wait_for_workers(address, workers, timeout_s)
        yield address
    finally:
        _shut_down(address, processes)


def _shut_down(address: str, processes: list[subprocess.Popen]) -> None:
    """Ask the scheduler to close the cluster; kill whatever has not gone within seconds.

    (SIGTERM alone can leave a worker retiring for many seconds.)
    """
    try:
        from distributed import Client

        with Client(address, timeout="3s") as client:
            client.shutdown()
    except Exception:  # the scheduler may never have come up: fall through to the signals
        pass
    deadline = time.monotonic() + 5
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
