"""A tournament's games out of the database: CSV (one line per game) or JSON (full records)."""

from __future__ import annotations

import csv
import json
from dataclasses import asdict
from typing import Callable, TextIO

from .store import TournamentStore

CSV_COLUMNS = [
    "slot", "round", "first", "second", "seed", "setup", "first_score", "second_score",
    "winner", "first_verdict", "second_verdict", "reason", "moves", "duration_ms",
]


def export_csv(store: TournamentStore, out: TextIO, text: Callable[[str], str] = str) -> None:
    """``text`` shows the names and reasons (players' own text): as they are, or, for a terminal,
    with their control characters written out."""
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for game in store.games():
        result = game.record["result"]
        winner = "" if result["winner"] is None else text(game.players[result["winner"]])
        writer.writerow([
            game.slot, game.round, text(game.players[0]), text(game.players[1]), game.seed,
            "" if game.setup is None else json.dumps(game.setup, sort_keys=True),
            result["scores"][0], result["scores"][1], winner,
            result["verdicts"][0], result["verdicts"][1], text(result["reason"]),
            len(game.record["moves"]), game.record["duration_ms"],
        ])


def export_json(store: TournamentStore, out: TextIO, text: Callable[[str], str] = str) -> None:
    """JSON writes every control character as an escape (``\\u001b``) already: ``text`` is not needed."""
    identity = store.identity()
    document = {
        "tournament": None if identity is None else asdict(identity),
        "scheduled": store.scheduled(),
        "games": [
            {"slot": g.slot, "round": g.round, "players": list(g.players), "seed": g.seed,
             "setup": g.setup, "record": g.record}
            for g in store.games()
        ],
    }
    json.dump(document, out, indent=1)
    out.write("\n")


EXPORTERS: dict[str, Callable[[TournamentStore, TextIO, Callable[[str], str]], None]] = {
    "csv": export_csv, "json": export_json}
