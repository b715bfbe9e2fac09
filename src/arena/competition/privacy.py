"""What everyone in a competition may read of a game's record: each seat named by its account.

The commands that ran a built program name the server's own folders
(``/srv/competition/builds/4/bot``), which are nobody's business, and a built-in player's
command names the server's Python. (The programs' stderr is the store's to keep apart:
save_game never writes it into the public record.)
"""

from __future__ import annotations

from typing import Any


def public_record(record: dict[str, Any], names: tuple[str, str], submissions: tuple[int, int]) -> dict[str, Any]:
    players = [{**player, "name": name, "command": f"submission {submission}"}
               for player, name, submission in zip(record["players"], names, submissions)]
    return {**record, "players": players}
