import pytest

from arena.games.turnright.circuit import square
from arena.games.turnright.rules import PLACEMENTS, TurnRightState
from arena.games.turnright.scoring import BLACK, EMPTY, WHITE


def board_state(picture: str) -> TurnRightState:
    """A state in phase 2 (Black to turn its first circuit) with the pictured board.

    The picture has 6 rows of W/B, rank 6 at the top, files a-f left to right.
    """
    rows = picture.split()
    assert len(rows) == 6 and all(len(row) == 6 for row in rows)
    state = TurnRightState()
    for line, row in enumerate(rows):
        rank = 5 - line
        for file, char in enumerate(row):
            state.board[square(file, rank)] = {"W": WHITE, "B": BLACK, ".": EMPTY}[char]
    state.placements = PLACEMENTS
    return state


@pytest.fixture
def game():
    return "turnright"


@pytest.fixture
def make_board():
    return board_state
