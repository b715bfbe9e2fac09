"""The standings table and the result matrix, drawn with rich."""

from __future__ import annotations

from rich import box
from rich.table import Table

from .session import Results
from .standings import Tally

# The column that decides the ranking, shown next to wins/draws/losses and points.
DECIDING_COLUMN = {
    "points_subcompetition": ("Tiebreak", lambda standing: standing.tiebreak),
    "game_points": ("Game pts", lambda standing: standing.tally.game_points),
    "wins_then_margin": ("Margin", lambda standing: standing.tally.margin),
}


def _number(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "–"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"


def standings_table(results: Results) -> Table:
    identity = results.identity
    title = (f"{identity.game}: {results.played} of {results.scheduled} games, "
             f"{identity.rounds} round(s), seed {identity.seed}")
    # light borders: a dozen columns must fit an 80-column terminal
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True,
                  caption="Irreg.: games lost by a fault; ms/move: mean wall and CPU time per move")
    table.add_column("#", justify="right")
    table.add_column("Player", no_wrap=True)
    for header in ("G", "W", "D", "L", "Points"):
        table.add_column(header, justify="right", no_wrap=True)
    extra = DECIDING_COLUMN.get(results.ranking)
    if extra:
        table.add_column(extra[0], justify="right", no_wrap=True)
    for header in ("Elo", "±95%", "Irreg.", "ms/move", "CPU ms"):
        table.add_column(header, justify="right", no_wrap=True)
    for standing in results.standings:
        tally = standing.tally
        rating = results.ratings[standing.name]
        row = [str(standing.rank), standing.name, str(tally.games), str(tally.wins),
               str(tally.draws), str(tally.losses), _number(tally.points)]
        if extra:
            row.append(_number(extra[1](standing)))
        row += [f"{rating.elo:+.0f}", f"±{(rating.high - rating.low) / 2:.0f}",
                str(tally.irregular_losses), _number(standing.mean_wall_ms, 2),
                _number(standing.mean_cpu_ms, 2)]
        table.add_row(*row)
    return table


def _cell(ranking: str, tally: Tally) -> str:
    if not tally.games:
        return "·"
    if ranking.startswith("wins"):
        return f"{tally.wins}-{tally.draws}-{tally.losses}"
    if ranking == "game_points":
        return f"{_number(tally.game_points)} ({_number(tally.points)})"
    return _number(tally.points)


def matrix_table(results: Results) -> Table:
    """Row against column: W-D-L for the win-ranked games, the row's points otherwise."""
    what = "wins-draws-losses" if results.ranking.startswith("wins") else (
        "game points (points)" if results.ranking == "game_points" else "points")
    table = Table(title=f"Row against column: {what}", box=box.SIMPLE_HEAD, pad_edge=False)
    names = [standing.name for standing in results.standings]
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    for row in names:
        table.add_row(row, *("" if row == col else _cell(results.ranking, results.matrix[row, col])
                             for col in names))
    return table
