"""What a game's analyst says about one position, and the contract every analyst keeps.

Each game has ``arena/games/<game>/analyst.py`` (one folder per game holds everything about
it) with:

- ``UNITS``: what a value counts, for people ("disc margin", "point margin"...).
- ``DEFAULT_SECONDS``: the search time per ply when ``--time-per-ply`` is not given, chosen so
  a whole game is analysed in seconds on two cores.
- ``MISTAKE``: the loss, in ``UNITS``, from which a move is called a mistake.
- ``evaluate(state, played, seconds) -> Evaluation``: the value of ``state`` (a position of
  the game's ``rules.py``, not over) from the view of the side to move, its best move, and
  whether the value is exact (a solver reached the end). ``played`` is the text of the move
  the game went on with, or None; an analyst whose value after a move cannot be read from the
  next position (Lucky Words: letters are drawn between plies) evaluates it and returns it as
  ``played_value``. It must not change ``state``.
- ``outcome(state, seat) -> float``: the final value of a finished game from ``seat``'s view,
  in ``UNITS`` (what an exact value of the last position equals).

``evaluate`` runs in a worker process of its own (arena/analysis/parallel_plies.py); it may keep tables in globals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict


class AnalystDetail(TypedDict, total=False):
    """What else an analyst found about a position, for people; each game's analyst its own keys."""

    search: str  # Turn Right: how far it searched ("exact", "2-ply", "placement, N plies"...)
    forced_3x3: str  # Turn Right: the seat a 3×3 win is forced for
    circuits: int  # Turn Right: in how many circuits
    grids: list[float]  # Lucky Words: each real grid's expected word points
    pictured_opponent: float  # Lucky Words
    judged: float  # Lucky Words: the best move's worth as the analyst judged it
    judged_played: float | None  # Lucky Words: the move played's


@dataclass(frozen=True)
class Evaluation:
    value: float
    """The position's value from the view of the side to move, in the analyst's UNITS."""
    best: str
    """The best move found, in the game's notation."""
    exact: bool
    """True when a solver reached the end of the game (the value is the game's)."""
    played_value: float | None = None
    """The value right after the move played, from the mover's view, when the analyst computed it
    (else it is read from the next position)."""
    detail: AnalystDetail = field(default_factory=AnalystDetail)
    """What else the analyst found, for people (Turn Right: a forced 3×3 block)."""
