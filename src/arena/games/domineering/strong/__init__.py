"""Domineering's strong player (``builtin:strong``): a compiled engine and the program around it.

- ``engine.pyx`` and its ``.pxi`` parts: the board (``board.pxi``), the estimate
  (``evaluate.pxi``), the search (``search.pxi``) and its root (``root.pxi``), in Cython;
- ``player.py``: the standalone program, its protocol loop and its use of the clock.

Nothing is imported here: ``arena bot domineering strong`` imports only what it needs, to start fast.
"""
