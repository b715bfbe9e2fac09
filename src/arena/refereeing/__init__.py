"""The floor that binds a game to the judge: a referee plays a game's protocol with the
judge's programs, players are resolved, records are built, replayed and explained.

The judge below names no game; the games beside it know nothing of processes.
"""
