"""Lucky Words' strong player (``builtin:strong``): a compiled engine and the program around it.

- ``engine.pyx`` and its ``.pxi`` parts, in Cython: the dictionary's pattern index
  (``index.pxi``), exact line scoring and the expected word points of lines that still
  have empty cells (``value.pxi``), the C tables that cache those (``line_cache.pxi``),
  and play-outs of the rest of a game (``rollout.pxi``);
- ``odds.py``: how likely each letter is to come, from the calls heard so far;
- ``tactics.py``: where to place a letter and which letter to call;
- ``player.py``: the standalone program, its protocol loop and its time plan.

Nothing is imported here: ``arena bot luckywords strong`` imports only what it needs, to start fast.
"""
