"""Lucky Words as numbers, for arena.envs (numpy is imported here, never by the judge or a bot).

Action ``a`` (0-1273) puts letter ``a // 49`` (A = 0) on cell ``a % 49`` of the mover's
own grid. A caller's action calls that letter and places it; a placer may only use the
letter just called, so its legal actions are that letter's row of 49.

What a seat may know, and nothing more: its own grid and every letter called (it placed
them all), never the opponent's grid. Planes, 7×7 (cells row by row): its empty cells,
then one plane per letter A-Z of its grid. Features: the letter it must place now
(26, one-hot, all 0 unless it is placing), whether it is to call now, the letters it
called and those the opponent called (26 each, counts / 24), the calls made / 48, and
which seat observes (0 the first caller, 1 the other).
"""

from __future__ import annotations

import sys

import numpy as np

from ..env_picture import colour_grid
from ..env_encoding import GameEncoding, SeededChoice, one_hot_planes
from .rules import CALLS, CELLS, CENTRE, LETTERS, LuckyWordsState
from .scoring import EMPTY, SIZE, WORD_POINTS

LETTER_COUNT = len(LETTERS)
CALLS_EACH = CALLS // 2
_greedy_players: dict = {}  # one Greedy (and its pattern index, slow to build) per process


class LuckyWordsEncoding(GameEncoding[LuckyWordsState]):
    game = "luckywords"
    action_count = LETTER_COUNT * CELLS
    plane_shape = (SIZE, SIZE)
    plane_names = ("empty",) + tuple(f"letter_{letter}" for letter in LETTERS)
    feature_names = (tuple(f"to_place_{letter}" for letter in LETTERS) + ("to_call",)
                     + tuple(f"my_calls_{letter}" for letter in LETTERS)
                     + tuple(f"their_calls_{letter}" for letter in LETTERS) + ("calls", "seat"))
    reward_bound = 2 * SIZE * WORD_POINTS[SIZE]  # 14 lines, each one word of 7 letters

    def observe(self, state: LuckyWordsState, seat: int) -> np.ndarray:
        planes = one_hot_planes(state.grids[seat], (EMPTY, *LETTERS))
        moving = not state.is_over() and state.to_move == seat
        to_place = np.zeros(LETTER_COUNT, dtype=np.float32)
        if moving and state.called is not None:  # it places the called letter
            to_place[LETTERS.index(state.called)] = 1
        calls = np.zeros((2, LETTER_COUNT), dtype=np.float32)  # [mine, theirs]
        for turn, letter in enumerate(state.letters_called):
            calls[int(turn % 2 != seat), LETTERS.index(letter)] += 1 / CALLS_EACH
        features = np.concatenate([to_place, [moving and state.calling], calls.ravel(),
                                   [state.calls / CALLS, seat]]).astype(np.float32)
        return np.concatenate([planes.ravel(), features])

    def legal_actions(self, state: LuckyWordsState) -> list[int]:
        if state.is_over():
            return []
        cells = state.empty_cells(state.to_move)
        letters = range(LETTER_COUNT) if state.called is None else [LETTERS.index(state.called)]
        return [letter * CELLS + cell for letter in letters for cell in cells]

    def action_mask(self, state: LuckyWordsState) -> np.ndarray:
        # the empty cells of the mover's grid for each letter it may use, as one array
        mask = np.zeros(self.action_count, dtype=np.int8)
        if state.is_over():
            return mask
        empty = np.asarray(state.grids[state.to_move]) == EMPTY
        per_letter = mask.reshape(LETTER_COUNT, CELLS)
        per_letter[slice(None) if state.called is None else LETTERS.index(state.called)] = empty
        return mask

    def action_to_move(self, state: LuckyWordsState, action: int):
        letter, cell = divmod(int(action), CELLS)
        if state.calling:
            return LETTERS[letter], cell
        if LETTERS[letter] != state.called:
            return (LETTERS[letter], cell)  # a call where a placement is due: rules.play refuses it
        return cell

    def move_to_action(self, state: LuckyWordsState, move) -> int:
        letter, cell = move if isinstance(move, tuple) else (state.called, move)
        return LETTERS.index(letter) * CELLS + cell

    def text(self, state: LuckyWordsState) -> str:
        return "\n\n".join(f"seat {seat}:\n{state.board_text(seat)}" for seat in (0, 1))

    def panels(self, state: LuckyWordsState):
        panels = []
        for seat in (0, 1):  # both hidden grids: the omniscient view, as text() gives
            grid = np.reshape(np.array(state.grids[seat], dtype=object), (SIZE, SIZE))
            colours = colour_grid(grid == EMPTY, {True: (250, 250, 250), False: (240, 220, 160)})
            last = state.last_cells[seat]
            if last is not None:
                colours[divmod(last, SIZE)] = (250, 200, 60)
            labels = [["" if letter == EMPTY else letter for letter in row] for row in grid]
            panels.append((colours, labels))
        return panels

    def in_process_player(self, name: str, seat: int, rng):
        if name == "random":
            return SeededChoice(_random_move, rng)
        if name == "greedy":
            return GreedyChoice(seat, rng)
        return None

    def play_as_program(self, choose, rng, stdin=None, stdout=None) -> None:
        """greedy.py's dialogue asks for a letter to call and a cell for each letter; a policy
        picks a call's letter and cell at once, on a rules state of what this seat knows."""
        from .greedy import play
        from .player_words import scoring_words

        known: dict = {}  # "state": this seat's view; "cell": where the letter it called goes

        def view(grid) -> LuckyWordsState:
            if "state" not in known:
                known["state"] = LuckyWordsState(grid.cells[CENTRE])
            return known["state"]

        def stand_in(state: LuckyWordsState) -> int:
            # the opponent's grid is hidden: any empty cell of it keeps the turns in order
            return state.empty_cells(state.to_move)[0]

        def call(grid) -> str:
            state = view(grid)
            letter, cell = choose(state)
            state.play((letter, cell))
            state.play(stand_in(state))
            known["cell"] = cell
            return letter

        def place(grid, letter: str) -> int:
            if "cell" in known:
                return known.pop("cell")
            state = view(grid)
            state.play((letter, stand_in(state)))
            cell = choose(state)
            state.play(cell)
            return cell

        play(call, place, scoring_words(), stdin or sys.stdin, stdout or sys.stdout)



class GreedyChoice:
    """The greedy player for ``seat``, reading its own grid only; picklable (the Greedy and its
    pattern index, slow to build, are shared in the process, never pickled)."""

    def __init__(self, seat: int, rng) -> None:
        self.seat, self.rng = seat, rng

    def __call__(self, state: LuckyWordsState):
        from .greedy import Grid

        greedy = _greedy_player()
        greedy.rng = self.rng  # each player its own randomness; the line values are shared
        grid = Grid(state.letter)
        grid.cells = list(state.grids[self.seat])  # its own grid only
        if state.called is not None:  # not calling: it places the called letter
            return greedy.place(grid, state.called)
        letter = greedy.call(grid)
        return letter, greedy.place(grid, letter)


def _greedy_player():
    if "greedy" not in _greedy_players:
        import random

        from .dictionary import load_words
        from .fast_greedy.player import FastGreedy  # greedy.py's choices, in numpy

        # the list the env scores with; the rng a stand-in: each GreedyChoice sets its own before every use
        _greedy_players["greedy"] = FastGreedy(load_words(None), random.Random(0))
    return _greedy_players["greedy"]


def _random_move(state: LuckyWordsState, rng):
    cell = rng.choice(state.empty_cells(state.to_move))
    return (rng.choice(LETTERS), cell) if state.calling else cell


ENCODING = LuckyWordsEncoding()
