"""What everyone in a competition may read of a game's record.

Everything but the programs' stderr (kept apart, for each program's author and the
organisers), and with each seat named by its account: the commands that ran a built
program name the server's own folders (``/srv/competition/builds/4/bot``), which are
nobody's business, and a built-in player's command names the server's Python.
"""

from __future__ import annotations

from typing import Any


def public_record(record: dict[str, Any], names: tuple[str, str], submissions: tuple[int, int]) -> dict[str, Any]:
    public = {key: value for key, value in record.items() if key != "stderr"}
    public["players"] = [{**player, "name": name, "command": f"submission {submission}"}
                         for player, name, submission in zip(record["players"], names, submissions)]
    return public
