"""A submission built: the upload checked and unpacked, the language chosen, the compile run in
the sandbox, the program admitted by two games (one_build.py); the loop over pending builds
(build_loop.py). Runs in the server, or on a Dask worker through dask_worker/builds.py."""
