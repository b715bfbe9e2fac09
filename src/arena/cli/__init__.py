"""The ``arena`` command line: every command, above every engine it drives.

main.py is the console script (``arena``, ``python -m arena.cli``): it runs ``arena bot`` and
``arena policy-bot`` before importing click (they start under a game clock), then the click
group of command_group.py, which registers every command. Each ``*_command(s).py`` module holds
the commands of one engine or tool; shared_arguments.py reads the options they share (GAME,
``--sandbox``, ``--memory``, ``--record``...) with click's errors. No engine package holds a
command: the engines never import click's machinery, and this floor is the only one that may
import them all (pyproject.toml's import-linter contract).
"""
