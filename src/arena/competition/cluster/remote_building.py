"""Builds on the Dask cluster, the server's side: a submission is sent to a worker
(dask_worker/builds.py builds and admits it there) and its build folder comes back packed. The
server unpacks it into DIR/builds/ID (returned_builds.py: nothing outside it, no link out, no
device, limits on size and count) and points the command at that folder.
"""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..build.build_loop import BuildDeferred
from ..build.one_build import BuildJob, BuildOutcome
from ..dask_worker.builds import build_on_worker
from .parcels import ShippedUpload, rewrite_command
from .returned_builds import fresh_empty_folder, unpack_build

if TYPE_CHECKING:
    from distributed import Client


class DaskBuild:
    """build_submission's stand-in for the builds loop (build_loop.py) when games run on Dask.

    The loop's builders call it from several threads at once (``--build-jobs``): they share one
    client of the scheduler, made at the first build and again after it is lost, so that N
    builds are N tasks on the cluster's workers, not N connections."""

    def __init__(self, scheduler: str) -> None:
        self.scheduler = scheduler
        self._lock = threading.Lock()
        self._client: Client | None = None

    def __call__(self, job: BuildJob, on_checking=lambda: None) -> BuildOutcome:
        # on_checking is not called: the worker compiles and admits in one task, and the
        # submission shows "building" until its outcome comes back
        shipped = ShippedUpload(job, os.path.basename(job.upload), Path(job.upload).read_bytes(),
                                Path(job.table_path).read_bytes())
        client = self._connected()
        try:
            # pure=False: two uploads of the same bytes are still two builds
            built = client.submit(build_on_worker, shipped, pure=False).result()
        except OSError as error:  # the connection to the scheduler or the worker was lost
            self._forget(client)
            raise BuildDeferred(f"the build on {self.scheduler} was lost: {error}") from None
        build = os.path.abspath(job.build_folder)
        if built.files is None:
            fresh_empty_folder(build)
            return built.outcome
        unpack_build(built.files, build)
        return replace(built.outcome, command=rewrite_command(built.outcome.command, built.folder, build))

    def _connected(self):
        from distributed import Client  # imported only for the distributed mode: it is slow to load

        with self._lock:
            if self._client is not None and self._client.status not in ("running", "connecting"):
                self._client.close()
                self._client = None
            if self._client is None:
                try:
                    self._client = Client(self.scheduler, timeout="10s", set_as_default=False)
                except (OSError, TimeoutError) as error:
                    raise BuildDeferred(f"cannot reach the Dask scheduler at {self.scheduler}: {error}") from None
            return self._client

    def _forget(self, client) -> None:
        with self._lock:
            if self._client is client:
                self._client = None
        client.close()

    def close(self) -> None:
        """Close the client (the conductor stops)."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()
