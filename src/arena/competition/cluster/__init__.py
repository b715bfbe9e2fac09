"""A competition on a Dask cluster: built programs shipped to workers and the games they play
(shipping.py), builds run on a worker (remote_building.py) and the build folders workers
send back, unpacked on the server (returned_builds.py)."""
