"""The web viewer: tournaments, standings and replays in the browser, live, and play against any PLAYER.

``arena serve`` and ``arena view`` start it (arena/cli/viewer_commands.py); viewer_app.py puts the
pieces together, viewer_state.py holds the state the routes read. What it shares with the
competition's site (the replay page, the drawings, the security headers, the look) is in
``arena.web_common``. Nothing here names a game: boards come from each game's
``svg.py`` through the registry.
"""
