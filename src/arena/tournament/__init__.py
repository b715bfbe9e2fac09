"""Many games at once: a tournament scheduled, played on the workers of arena.parallel (a process
pool or a Dask cluster), stored, and ranked (standings, Elo, GSPRT)."""
