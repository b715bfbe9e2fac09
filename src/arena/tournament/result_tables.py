"""The standings table and the result matrix, drawn with rich."""

from __future__ import annotations

import os
import sys

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..refereeing.terminal_text import visible
from .session import Results
from .standings import Tally

# The column that decides the ranking, shown next to wins/draws/losses and points, and its footnote.
DECIDING_COLUMN = {
    "points_subcompetition": ("Tiebreak", lambda standing: standing.tiebreak,
                              "Tiebreak: points in the games among the players level on Points"),
    "game_points": ("Game pts", lambda standing: standing.tally.game_points,
                    "Game pts: the game's own points, which rank before Points"),
    "wins_then_margin": ("Margin", lambda standing: standing.tally.margin,
                         "Margin: points scored minus points conceded, which rank players level on wins"),
}


def number_text(value: float | None, digits: int = 1) -> str:
    if value is None:
        return "–"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"


def signed_text(value: float, digits: int = 0) -> str:
    """``+12``, ``-7``, and ``0`` for whatever rounds to zero (not ``-0``, nor ``+0``)."""
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0 else text


CAPTION = "Irreg.: games lost by a fault; ms/move: mean wall and CPU time per move"


PIPED_WIDTH = 80
"""The width of the tables written to a pipe or a file, unless COLUMNS says otherwise."""


def report_console() -> Console:
    """A console as wide as the terminal; 80 columns when the output is not a terminal (rich
    would take the width of the terminal it finds on stdin or stderr: `| less` in a wide window)."""
    if sys.stdout.isatty() or os.environ.get("COLUMNS", "").isdigit():
        return Console()
    return Console(width=PIPED_WIDTH)


def cell(text: str) -> Text:
    """A cell for the terminal: a name is anyone's text, neither markup nor control characters."""
    return Text(visible(text))


def standings_title(results: Results) -> str:
    identity = results.identity
    return (f"{identity.game}: {results.played} of {results.scheduled} games, "
            f"{identity.rounds} round(s), seed {identity.seed}")


def deciding_column(results: Results) -> tuple | None:
    """The ranking's own column (header, value, footnote), or None when it has none or it is 0
    for everyone: Black Hole's tiebreak is 0 until two players are level on points."""
    extra = DECIDING_COLUMN.get(results.ranking)
    if extra is None or all(extra[1](standing) == 0 for standing in results.standings):
        return None
    return extra


def standings_caption(results: Results) -> str:
    """The footnote: what the less obvious columns mean."""
    extra = deciding_column(results)
    return CAPTION if extra is None else f"{extra[2]}; {CAPTION}"


def standings_rows(results: Results) -> tuple[list[str], list[list[str]]]:
    """The standings as text cells, the header first: the terminal and the web viewer show these."""
    extra = deciding_column(results)
    headers = ["#", "Player", "G", "W", "D", "L", "Points"] + ([extra[0]] if extra else []) + \
        ["Elo", "±95%", "Irreg.", "ms/move", "CPU ms"]
    rows = []
    for standing in results.standings:
        tally = standing.tally
        rating = results.ratings[standing.name]
        row = [str(standing.rank), standing.name, str(tally.games), str(tally.wins),
               str(tally.draws), str(tally.losses), number_text(tally.points)]
        if extra:
            row.append(number_text(extra[1](standing)))
        row += [signed_text(rating.elo), f"±{(rating.high - rating.low) / 2:.0f}",
                str(tally.irregular_losses), number_text(standing.mean_wall_ms, 2),
                number_text(standing.mean_cpu_ms, 2)]
        rows.append(row)
    return headers, rows


def standings_table(results: Results) -> Table:
    # light borders, and only the names wrap: the numbers must fit an 80-column terminal whole
    table = Table(title=standings_title(results), box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True, caption=standings_caption(results))
    headers, rows = standings_rows(results)
    for header in headers:
        if header == "Player":
            table.add_column(header, overflow="fold", min_width=len(header))
        else:
            table.add_column(header, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*map(cell, row))
    return table


def matrix_cell(ranking: str, tally: Tally) -> str:
    if not tally.games:
        return "·"
    if ranking.startswith("wins"):
        return f"{tally.wins}-{tally.draws}-{tally.losses}"
    if ranking == "game_points":
        return f"{number_text(tally.game_points)} ({number_text(tally.points)})"
    return number_text(tally.points)


def matrix_heading(ranking: str) -> str:
    what = "wins-draws-losses" if ranking.startswith("wins") else (
        "game points (points)" if ranking == "game_points" else "points")
    return f"Row against column: {what}"


def matrix_rows(results: Results) -> tuple[list[str], list[list[str]]]:
    """The players in standings order, and for each a row: its name, then a cell per opponent."""
    names = [standing.name for standing in results.standings]
    rows = [[row, *("" if row == col else matrix_cell(results.ranking, results.matrix[row, col])
                    for col in names)] for row in names]
    return names, rows


def matrix_table(results: Results) -> Table:
    """Row against column: W-D-L for the win-ranked games, the row's points otherwise."""
    table = Table(title=matrix_heading(results.ranking), box=box.SIMPLE_HEAD, pad_edge=False)
    names, rows = matrix_rows(results)
    table.add_column("", overflow="fold")
    for name in names:  # a long name folds over a few lines of its header
        table.add_column(cell(name), justify="right", overflow="fold")
    for row in rows:
        table.add_row(*map(cell, row))
    return table
