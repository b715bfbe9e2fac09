"""The one way arena runs work in parallel: this machine's process pool or a Dask cluster behind one
interface (worker_pool.py), what runs on a worker around each piece of work (on_worker.py), the folders
that cross to a cluster's workers and back (shipped_folders.py), and a real cluster on this machine for
the tests and benchmarks (local_cluster.py). The tournament's and the competition's games, the
competition's builds and an analysis's searches all run through it; the work itself stays with
its owner. Its modules import one another one way only: worker_pool, on_worker, shipped_folders."""
