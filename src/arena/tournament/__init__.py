"""Many games at once: a tournament scheduled, played on a process pool or a Dask cluster, stored, and ranked (standings, Elo, GSPRT)."""
