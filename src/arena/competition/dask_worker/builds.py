"""A build on a Dask worker: with ``serve --scheduler`` a submission is built and admitted there.

The server sends the upload's bytes and its languages table (cluster/parcels.py); the worker
builds in a folder of its own under WORKER_BUILDS, which every program but the build's own
is kept from (with the programs shipped to it), under the same sandbox as a build on the
server (build/one_build.py, unchanged), and sends the build folder back packed. The build log
and the admission report name the build folder "." already, wherever it was built.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

from ...judge.sandbox.tree_removal import remove_path
from ...tournament.dask_worker_profiler import quiet_dask_worker
from ..build.one_build import build_submission
from ..cluster.parcels import RemoteBuild, SandboxRefused, ShippedUpload, pack_folder
from .games import WORKER_FOLDER
from .readiness import sandbox_problem, worker_name

WORKER_BUILDS = os.environ.get("ARENA_WORKER_BUILDS", "/var/tmp/arena-worker-builds")
"""Where a worker builds (each build in a folder of its own, removed once sent back)."""


def build_on_worker(shipped: ShippedUpload) -> RemoteBuild:
    """Build and admit an upload on this worker (what the server submits to Dask)."""
    quiet_dask_worker()
    problem = sandbox_problem("isolate")
    if problem is not None:
        raise SandboxRefused(f"worker {worker_name()} refuses builds: {problem}")
    filename = os.path.basename(shipped.filename)
    if filename in ("", ".", ".."):
        raise ValueError(f"an upload named {shipped.filename!r} cannot be built")
    os.makedirs(WORKER_BUILDS, mode=0o700, exist_ok=True)
    root = tempfile.mkdtemp(prefix=f"{shipped.job.submission_id}-", dir=WORKER_BUILDS)
    try:
        os.mkdir(os.path.join(root, "upload"), mode=0o700)
        upload = os.path.join(root, "upload", filename)
        table = os.path.join(root, "languages.json")
        Path(upload).write_bytes(shipped.upload)
        Path(table).write_bytes(shipped.table)
        build = os.path.join(root, "build")
        # hidden: every other build here, and the programs shipped to this worker
        job = replace(shipped.job, upload=upload, build_folder=build, table_path=table,
                      hidden=(WORKER_BUILDS, WORKER_FOLDER))
        outcome = build_submission(job)
        files = pack_folder(Path(build))[1] if outcome.command is not None else None
        return RemoteBuild(outcome, build, files)
    finally:
        remove_path(root)
