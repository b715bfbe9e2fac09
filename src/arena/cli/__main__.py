"""``python -m arena.cli``: the ``arena`` command, run by this interpreter (the tests use it)."""

from .main import main

main()
