"""What runs on a Dask worker of a competition (``serve --scheduler``): the games it is sent
(games.py), the builds (builds.py), and whether it can confine programs at all (readiness.py).
The server's side of the cluster, and what crosses between the two, is competition/cluster/."""
