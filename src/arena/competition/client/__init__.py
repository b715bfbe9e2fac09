"""The competition's API as ``arena submit`` (arena/cli/submit_command.py) calls it: http.py, over urllib (stdlib only)."""
