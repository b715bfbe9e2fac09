"""Turn Right's strong player (``builtin:strong``): a compiled engine and the program around it.

- ``engine.pyx`` and its ``.pxi`` parts: the board as bit masks, every legal circuit
  precomputed compactly, the circuit search and the placement search, in Cython;
- ``player.py``: the standalone program, its protocol loop and its time plan.

Nothing is imported here: ``arena bot turnright strong`` imports only what it needs, to start fast.
"""
