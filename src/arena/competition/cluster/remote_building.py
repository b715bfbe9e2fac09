"""Builds on the Dask cluster, the server's side: a submission is sent to a worker
(worker/builds.py builds and admits it there) and its build folder comes back packed. The
server unpacks it into DIR/builds/ID (returned_builds.py: nothing outside it, no link out, no
device, limits on size and count) and points the command at that folder.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from ...tournament.runner import SchedulerUnreachable, open_executor
from ..build.build_loop import BuildDeferred
from ..build.one_build import BuildJob, BuildOutcome
from ..worker.builds import build_on_worker
from .parcels import ShippedUpload, rewrite_command
from .returned_builds import fresh_empty_folder, unpack_build


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
