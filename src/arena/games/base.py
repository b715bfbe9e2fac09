"""The small interface every game implements.

A game lives in one folder, ``arena/games/<name>/``, whose ``game.py`` declares
``GAME``, a :class:`GameInfo` that tells the judge, the tournament and the CLI
everything they need: the seats, the clock, how to draw a random setup from a
seed, how to read a setup from the command line, the protocol that plays a
match, the names of the built-in players, and every field where the game differs
from the others. (Its ``__init__`` holds only a docstring: a built-in player
imports the package under the clock.)

The rules themselves are a :class:`GameState` subclass in ``rules.py``; contract.py
lists every part of a game's folder and loads them.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, Sequence, TypeVar

# every game's rules raise these; the judge (one floor down) turns them into the verdicts
# ``format`` and ``illegal``, so they are defined there and offered to games from here
from ..judge.move_errors import MoveError, MoveFormatError  # noqa: F401

if TYPE_CHECKING:  # a built-in player imports this module under its clock: the types for mypy only
    from ..judge.record_types import Record, Setup

Move = TypeVar("Move")
SameState = TypeVar("SameState", bound="GameState[Any]")
"""A state's own class (``copy`` gives a FlippoState of a FlippoState)."""


class IllegalMoveError(MoveError):
    """The text is a well-formed move that the rules forbid (judge verdict ``illegal``)."""


class SetupError(ValueError):
    """A setup given by the user (``--setup``) is malformed; the message says how."""


class GameState(ABC, Generic[Move]):
    """A position plus whose turn it is. ``play`` changes it in place."""

    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat (0 or 1) whose move it is."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move the side to move may play now (empty once the game is over)."""

    @abstractmethod
    def play(self, move: Move) -> None:
        """Play a move; raise :class:`IllegalMoveError` saying why if it is not legal."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once no more moves are played."""

    @abstractmethod
    def scores(self) -> tuple[float, float]:
        """The points of seat 0 and seat 1 by the game's own scoring."""

    def board_scores(self) -> tuple[float, float] | None:
        """The score a person is shown for this position, or None while the position has none
        to show: Black Hole's stands at 75 each until the hole exists, which tells nothing."""
        return self.scores()

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move written in the game's notation.

        Raises :class:`MoveFormatError` when the text is not a move at all and
        :class:`IllegalMoveError` when it is a move that cannot be played now.
        """

    @abstractmethod
    def format_move(self, move: Move) -> str:
        """Write a move in the game's notation."""

    def copy(self: SameState) -> SameState:
        return copy.deepcopy(self)

    def play_text(self, text: str) -> Move:
        """Parse and play a move given as text; return the move."""
        move = self.parse_move(text)
        self.play(move)
        return move


def _no_setup(rng: random.Random) -> Setup:
    """The setup of a game that has none (Flippo, Turn Right)."""
    return {}


@dataclass(frozen=True)
class GameInfo:
    """What the judge, the tournament and the CLI need to know about one game."""

    name: str
    title: str
    seats: tuple[str, str]
    clock_ms: int
    """Thinking time per program per game (before ``--time-scale``)."""
    memory_mb: int
    """Each program's memory limit in MB unless ``--memory`` says otherwise: the competition's
    own where its rules give one, else the one chosen in the game's docs page."""
    run_protocol: Callable[..., Any]
    """``run_protocol(match, setup) -> Outcome``: plays one match through the judge."""
    bots: Sequence[str]
    make_setup: Callable[[random.Random], Setup] = field(default=_no_setup)
    """Draws the random setup of a game (brown stones, letter, cell values...)."""
    parse_setup: Callable[[str], Setup] | None = None
    """Reads a ``--setup`` value; raises :class:`SetupError` naming what is wrong."""
    new_state: Callable[[Setup], GameState] = field(kw_only=True)
    """Builds the start position for a setup (replays start from it: games/replay.py)."""
    ranking: str = "points"
    """How the competition ranks players (the tournament's standings read it):

    - ``points``: total ``result.scores`` (Flippo).
    - ``points_subcompetition``: total points, ties broken by the games among the tied (Black Hole).
    - ``game_points``: ``result.game_points``, then points (``scores``, the match points),
      then fewest irregular losses (Turn Right).
    - ``wins_then_points``: wins, draws, losses, then total ``scores`` (Lucky Words word points).
    - ``wins_then_margin``: wins, then the summed point margin of ``scores`` (Domineering).
    """
    explain_result: Callable[[Record], list[str]] | None = None
    """``explain_result(record) -> lines``: where each seat's score comes from, for people.

    Each game's ``summary.py``; ``arena play`` prints the lines under the result.
    It may replay the record (games/replay.py), faulted games included.
    """
    human_view: Any = None
    """How a person at the terminal is shown the game and asked for each line: a
    ``HumanView`` (games/human_view.py; a game refines it in its ``text.py``), None for the default."""
    reply_format: str = ""
    """What a program writes when it is asked, in one sentence (``arena check`` shows it beside a fault)."""
    hidden_boards: bool = False
    """Each seat sees only its own board (Lucky Words' grids): a person playing is shown only the
    text of their own position (``str(state)`` on their turn), never the drawing of both."""
    builtin_env: Callable[[Setup], dict[str, str]] | None = None
    """``builtin_env(setup) -> variables``: what built-in players are told of the setup in their
    environment, beyond the clock (Lucky Words: the word list the judge scores with); None for nothing."""
    tournament_setups: Callable[[], list[Setup]] | None = None
    """The setups a tournament cycles through, or None to draw each pair's setup from its seed.

    Every pair of players plays every setup in the list with both colours in each
    round (Lucky Words: the 26 starting letters, as docs/games/luckywords.md says).
    """
    env_name: str | None = None
    """The name in the game's environment ids (``arena/<env_name>-v0``, envs/registration.py), for
    a game with an ``envs.py``; None for a game without environments."""
    word_list: Callable[[Setup, str], Setup] | None = None
    """``word_list(setup, path) -> setup``: the setup scored with the word list in the file at
    ``path`` (``arena play --words``), or a ValueError saying what is wrong with the file; None for
    a game that scores no words."""
