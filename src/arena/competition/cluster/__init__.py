"""A competition on a Dask cluster, the server's side: what crosses to the workers and back
(parcels.py), builds sent to a worker (remote_building.py) and the build folders workers send
back, unpacked on the server as hostile (returned_builds.py). What runs on a worker is
competition/dask_worker/."""
