"""The contestant's toolkit: what a contestant runs at home before a competition.

``arena new`` writes a starter bot (starter.py); ``arena check`` runs the admission test, the
same games a competition plays before it admits a program (admission_games.py), and prints its
report (admission_report.py, which a competition's build keeps too); ``arena bot`` runs a
built-in player as a program to play against (builtin_player.py, also what ``builtin:NAME``
starts). The commands themselves are arena/cli/'s; nothing here needs click but the starter's
usage errors, so a competition's build worker imports the admission report without the CLI.
"""
