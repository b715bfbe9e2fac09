"""The web viewer: tournaments, standings and replays in the browser, live, and play against any PLAYER.

``arena serve`` and ``arena view`` start it (commands.py); app.py puts the
pieces together. Nothing here names a game: boards come from each game's
``svg.py`` through the registry.
"""
