"""Placeholder until the builds land: the languages table (see the build brief)."""

import json


def write_default_table(path) -> None:
    path.write_text(json.dumps({}, indent=2) + "\n")
