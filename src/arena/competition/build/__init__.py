"""A submission built: the upload checked and unpacked, the language chosen, the compile run in
the sandbox, the program admitted by two games (one_build.py); the loop over pending builds
(build_loop.py), run in the server's worker processes (background_builds.py) or on a Dask
worker (shipped_build.py)."""
