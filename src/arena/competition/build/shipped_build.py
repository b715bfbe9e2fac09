"""A build on a Dask worker (``serve --scheduler``): the upload is built and admitted there, and its
build folder comes back packed.

The server sends the upload's bytes and its languages table (a ShippedUpload); the worker
(build_on_worker) builds in a folder of its own under WORKER_BUILDS, which every program but the
build's own is kept from (with the programs shipped to it), under the same sandbox as a build on
the server (one_build.py, unchanged), and sends the build folder back packed (a RemoteBuild). The
build log and the admission report name the build folder "." already, wherever it was built. The
server unpacks it into DIR/builds/ID as hostile (parallel/shipped_folders.py's unpack_folder: nothing
outside it, no link, no device, limits on size and count) and points the command at that folder
(take_back).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from ...judge.sandbox.tree_removal import remove_path
from ...parallel import on_worker
from ...parallel.shipped_folders import fresh_empty_folder, pack_folder, rewrite_command, unpack_folder
from .one_build import MAX_BUILD_ENTRIES, BuildJob, BuildOutcome, build_submission

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


def ship(job: BuildJob) -> ShippedUpload:
    """What the server sends a worker to build ``job``."""
    return ShippedUpload(job, os.path.basename(job.upload), Path(job.upload).read_bytes(),
                         Path(job.table_path).read_bytes())


def build_on_worker(shipped: ShippedUpload) -> RemoteBuild:
    """Build and admit an upload on this worker (what the server submits to Dask)."""
    on_worker.refuse_unless_confining("isolate", "builds")
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
                      hidden=(WORKER_BUILDS, on_worker.WORKER_FOLDER))
        outcome = build_submission(job)
        files = pack_folder(Path(build))[1] if outcome.command is not None else None
        return RemoteBuild(outcome, build, files)
    finally:
        remove_path(root)


def take_back(job: BuildJob, built: RemoteBuild) -> BuildOutcome:
    """The outcome of a build made on a worker, its folder unpacked as ``job``'s build folder on the server."""
    build = os.path.abspath(job.build_folder)
    if built.files is None:
        fresh_empty_folder(build)
        return built.outcome
    unpack_folder(built.files, build, MAX_BUILD_ENTRIES)
    assert built.outcome.command is not None  # a build that made files has a command
    return replace(built.outcome, command=rewrite_command(built.outcome.command, built.folder, build))
