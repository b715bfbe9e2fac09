"""An analysis in words, for the terminal: a game's summary, a tournament's report."""

from __future__ import annotations

from .document_types import AnalysisDocument, TournamentReport


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def game_lines(label: str, document: AnalysisDocument, note: str) -> list[str]:
    seats, players, units = document["seats"], document["players"], document["units"]
    summary = document["summary"]
    assert summary is not None, "a complete document's summary is made"
    lines = [f"{label}: {document['game']}, {players[0]} ({seats[0]}) against {players[1]} ({seats[1]}); "
             f"{document['total']} plies, {note}",
             "  mean loss per move (" + units + "): "
             + ", ".join(f"{seats[s]} {_number(summary['mean_loss'][s])}" for s in (0, 1))]
    turn = summary["turning_point"]
    if turn is not None:
        ply = document["plies"][turn["ply"]]
        lines.append(f"  turning point: ply {turn['ply']}, {seats[turn['seat']]}'s {ply['move']}; "
                     f"{seats[turn['loser']]} never recovered")
    for seat in (0, 1):
        mistakes = summary["mistakes"][seat]
        shown = "; ".join(f"ply {m['ply']} {m['move']} (best {m['best']}) -{m['loss']:g}" for m in mistakes)
        lines.append(f"  {seats[seat]}'s biggest mistakes: {shown or 'none'}")
    return lines


def report_lines(report: TournamentReport) -> list[str]:
    lines = [f"{report['analysed']} of {report['games']} games analysed; mean loss per move"
             + (f" in {report['units']}" if report["units"] else "")]
    phases = [phase["name"] for phase in report["players"][0]["phases"]] if report["players"] else []
    lines.append(f"{'player':<24} {'moves':>6} {'all':>7} " + " ".join(f"{name:>8}" for name in phases)
                 + "  worst games (slot: mean loss)")
    for row in report["players"]:
        worst = ", ".join(f"{game['slot']}: {game['mean_loss']:.2f}" for game in row["worst"][:3])
        lines.append(f"{row['name']:<24} {row['moves']:>6} {_number(row['mean_loss']):>7} "
                     + " ".join(f"{_number(p['mean_loss']):>8}" for p in row["phases"]) + f"  {worst}")
    return lines
