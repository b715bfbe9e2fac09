"""Lucky Words' greedy player in numpy, for the environments' in-process opponent: greedy.py's
moves, faster (``builtin:greedy``).

- ``player.py``: ``FastGreedy``, each line valued once for every letter on each of its empty
  cells, the gains of a move added up from its 14 lines;
- ``stretch_values.py``: the values of a line's stretches, each letter on each empty cell.

Nothing is imported here; ``arena bot luckywords greedy`` runs greedy.py, without numpy.
"""
