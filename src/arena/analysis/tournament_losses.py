"""A tournament's analyses gathered per player: where each program loses its points.

Each player's mean loss per move over every analysed game, by phase of the game (thirds of
each game's plies: opening, middle, endgame), and its worst games (highest mean loss), so a
contestant sees whether their program is weakest early, in the middle or at the end.
"""

from __future__ import annotations

from pathlib import Path
from ..tournament.store import TournamentStore
from .document_types import AnalysisDocument, PlayerLosses, TournamentReport, WorstGame
from .storage import tournament_analyses
from .loss_summary import PHASES

WORST_SHOWN = 5


class _Player:
    def __init__(self, name: str) -> None:
        self.name = name
        self.losses: list[float] = []
        self.by_phase: dict[str, list[float]] = {phase: [] for phase in PHASES}
        self.games: list[WorstGame] = []

    def add(self, slot: int, seat: int, opponent: str, document: AnalysisDocument) -> None:
        own = [(p["ply"], p["loss"]) for p in document["plies"] if p["seat"] == seat and p["loss"] is not None]
        self.losses += [loss for _, loss in own]
        summary = document["summary"]
        assert summary is not None, "a stored analysis is complete: storage.py returns no other"
        for phase in summary["phases"]:
            self.by_phase[phase["name"]] += [loss for ply, loss in own if phase["first"] <= ply <= phase["last"]]
        if own:
            ply, loss = max(own, key=lambda found: found[1])
            self.games.append({"slot": slot, "opponent": opponent, "seat": seat,
                               "mean_loss": round(sum(loss for _, loss in own) / len(own), 3),
                               "loss": loss, "ply": ply})

    def row(self) -> PlayerLosses:
        worst = sorted(self.games, key=lambda g: (-g["mean_loss"], g["slot"]))[:WORST_SHOWN]
        return {"name": self.name, "games": len(self.games), "moves": len(self.losses),
                "mean_loss": _mean(self.losses),
                "phases": [{"name": phase, "mean_loss": _mean(values)} for phase, values in self.by_phase.items()],
                "worst": worst}


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def tournament_report(db_path: str | Path) -> TournamentReport:
    """Every player's losses over a tournament's analysed games, best player (lowest mean loss) first."""
    analyses = tournament_analyses(db_path)
    players: dict[str, _Player] = {}
    units = None
    with TournamentStore(db_path, must_exist=True) as store:
        games = list(store.games())
    for game in games:
        document = analyses.get(game.slot)
        for seat, name in enumerate(game.players):
            player = players.setdefault(name, _Player(name))
            if document is not None:
                units = document["units"]
                player.add(game.slot, seat, game.players[1 - seat], document)
    rows = [player.row() for player in players.values()]
    rows.sort(key=lambda row: (row["mean_loss"] is None, row["mean_loss"] or 0.0, row["name"]))
    return {"games": len(games), "analysed": len(analyses), "units": units, "players": rows}
