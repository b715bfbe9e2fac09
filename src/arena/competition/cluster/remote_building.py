"""Builds on the Dask cluster: with ``serve --scheduler`` a submission is built and admitted on a worker.

The server sends a worker the upload's bytes and its languages table; the worker builds in a
folder of its own (under WORKER_BUILDS, which every program but the build's own is kept
from, with the programs shipped to it), under the same sandbox as a build on the server
(one_build.py, unchanged), and sends the build folder back packed (shipping.py's pack_folder:
links packed as links, a size limit). The server unpacks it into DIR/builds/ID
(returned_builds.py: nothing outside it, no link out, no device, limits on size and count)
and points the command at that folder. The build log and the admission report name the
build folder "." already, wherever it was built.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from ...tournament.dask_quiet import quiet_dask_worker
from ...tournament.runner import SchedulerUnreachable, open_executor
from ..build.build_loop import BuildDeferred
from .returned_builds import fresh_empty_folder, unpack_build
from ..build.one_build import BuildJob, BuildOutcome, build_submission
from .shipping import WORKER_FOLDER, SandboxRefused, pack_folder, rewrite_command, sandbox_problem, worker_name

WORKER_BUILDS = os.environ.get("ARENA_WORKER_BUILDS", "/var/tmp/arena-worker-builds")
"""Where a worker builds (each build in a folder of its own, removed once sent back)."""


@dataclass(frozen=True)
class ShippedUpload:
    job: BuildJob  # as the server made it: its paths are the server's
    filename: str
    upload: bytes
    table: bytes  # the languages table's text


@dataclass(frozen=True)
class RemoteBuild:
    outcome: BuildOutcome
    folder: str  # the build folder on the worker, as the outcome's command names it
    files: bytes | None  # the packed build folder; None when nothing was built


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
        shutil.rmtree(root, ignore_errors=True)


class DaskBuild:
    """build_submission's stand-in for the builds loop (build_loop.py) when games run on Dask."""

    def __init__(self, scheduler: str) -> None:
        self.scheduler = scheduler

    def __call__(self, job: BuildJob, on_checking=lambda: None) -> BuildOutcome:
        # on_checking is not called: the worker compiles and admits in one task, and the
        # submission shows "building" until its outcome comes back
        shipped = ShippedUpload(job, os.path.basename(job.upload), Path(job.upload).read_bytes(),
                                Path(job.table_path).read_bytes())
        try:
            with open_executor(None, self.scheduler) as (executor, _):
                built = executor.submit(build_on_worker, shipped).result()
        except SchedulerUnreachable as error:
            raise BuildDeferred(str(error)) from None
        except OSError as error:  # the connection to the scheduler or the worker was lost
            raise BuildDeferred(f"the build on {self.scheduler} was lost: {error}") from None
        build = os.path.abspath(job.build_folder)
        if built.files is None:
            fresh_empty_folder(build)
            return built.outcome
        unpack_build(built.files, build)
        return replace(built.outcome, command=rewrite_command(built.outcome.command, built.folder, build))
