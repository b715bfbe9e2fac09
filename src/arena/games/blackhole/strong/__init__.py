"""Black Hole's strong player (``builtin:strong``): a compiled engine and the program around it.

- ``engine.pyx`` and its ``.pxi`` parts: the position, search and evaluation in Cython;
- ``player.py``: the standalone program, its protocol loop and its time plan;
- ``opponent_model.py``: spotting an opponent that plays the one-ply greedy policy.

Nothing is imported here: ``arena bot blackhole strong`` imports only what it needs, to start fast.
"""
