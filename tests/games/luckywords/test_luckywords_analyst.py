"""Lucky Words' analyst: honest (only what the mover knew), the mover's view checked by brute
force over rules.py and scoring.py at the end, and the contract."""

import copy
import random
import time
from pathlib import Path

import pytest

from arena.games import get_analyst
from arena.games.luckywords.player_knowledge import pictured_opponent, scoring_words
from arena.games.luckywords.rules import LETTERS
from arena.games.luckywords.scoring import grid_points
from arena.games.replay import replay_positions
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

analyst = get_analyst("luckywords")
OFFICIAL = Path(__file__).resolve().parents[4] / "shared" / "data" / "words.dat"


@pytest.fixture(scope="module")
def positions():
    """Every position of a real game, greedy against strong, with the moves played."""
    players = [resolve_player("luckywords", f"builtin:{name}") for name in ("greedy", "strong")]
    # a fifth of the clock: the positions, not the strength, are what the tests need
    record = play_game("luckywords", players, seed=1, time_scale=0.2)
    return list(replay_positions(record)), [move["text"] for move in record["moves"]]


def rearranged_opponent(state, seed: int):
    """The same position with the opponent's letters on other cells of its grid."""
    other = state.copy()
    grid = other.grids[1 - state.to_move]
    cells = [cell for cell, letter in enumerate(grid) if letter != "."]
    letters = [grid[cell] for cell in cells]
    random.Random(seed).shuffle(letters)
    for cell, letter in zip(cells, letters):
        grid[cell] = letter
    return other


@pytest.mark.parametrize("ply", [10, 11, 40, 41, 70, 71, 94])
def test_the_opponents_real_grid_changes_nothing_of_the_judgment(positions, ply):
    states, moves = positions
    state = states[ply]
    honest = analyst.evaluate(state, moves[ply], analyst.DEFAULT_SECONDS)
    for seed in range(3):
        changed = analyst.evaluate(rearranged_opponent(state, seed), moves[ply], analyst.DEFAULT_SECONDS)
        assert changed.best == honest.best
        assert changed.detail["judged"] == honest.detail["judged"]
        assert changed.detail["judged_played"] == honest.detail["judged_played"]
        assert changed.value - changed.played_value == pytest.approx(honest.value - honest.played_value)
    # the spectator's figures do read the real grids: a rearrangement was seen there. Early on
    # the opponent's few letters may sit so that no shuffle changes what the figures show (a CI
    # run met one at ply 10), or all be one letter (which game is played depends on strong's
    # clock): the look walks the positions from this ply on where the opponent's grid holds two
    # different letters, tries up to 40 shuffles of each and ends at the first that shows; five
    # such positions without one fail the test
    assert any(a_shuffle_shows(later) for later in mixed_opponents(states[ply:])[:5])


def mixed_opponents(states):
    """The positions whose opponent's grid holds at least two different letters."""
    return [state for state in states if len(set(state.grids[1 - state.to_move]) - {"."}) >= 2]


def a_shuffle_shows(spectated) -> bool:
    own = 1 - spectated.to_move
    seen = analyst.evaluate(spectated, None, 1.0).detail["grids"][own]
    others = (rearranged_opponent(spectated, seed) for seed in range(40))
    return any(analyst.evaluate(other, None, 1.0).detail["grids"][own] != seen
               for other in others if other.grids[own] != spectated.grids[own])


def test_letters_not_yet_called_are_not_known(positions):
    states, moves = positions
    state = states[50]
    before = analyst.evaluate(state, moves[50], analyst.DEFAULT_SECONDS)
    # after the game went on (later letters pictured on the opponent's grid), the same position
    # is judged the same: the picture kept between calls holds no letter from the future
    analyst.evaluate(states[90], moves[90], analyst.DEFAULT_SECONDS)
    assert analyst.evaluate(state, moves[50], analyst.DEFAULT_SECONDS) == before


def test_last_call_by_brute_force_from_the_movers_view(positions):
    """Seat 1's last call fills both its grid and (pictured) its opponent's: everything is
    known but the letter; a brute force over the 26 letters and scoring.py gives the value."""
    states, moves = positions
    state = states[-3]
    assert state.calling and state.calls == 47 and state.to_move == 1
    words = scoring_words(state)
    own = list(state.grids[1])
    cell = own.index(".")
    pictured = ["." if code == 0 else chr(code + 64) for code in pictured_opponent(state, words)]
    theirs = pictured.index(".")

    def margin(letter: str) -> int:
        mine = own[:cell] + [letter] + own[cell + 1:]
        their = pictured[:theirs] + [letter] + pictured[theirs + 1:]
        return grid_points("".join(mine), words) - grid_points("".join(their), words)

    evaluation = analyst.evaluate(state, moves[-2], analyst.DEFAULT_SECONDS)
    best_margin = max(margin(letter) for letter in LETTERS)
    judged = evaluation.detail["judged"]
    assert judged == pytest.approx(best_margin)  # mine minus theirs: a flipped sign fails
    letter, best_cell = evaluation.best.split()
    assert int(best_cell) == cell and margin(letter) == best_margin
    loss = evaluation.value - evaluation.played_value
    assert loss == pytest.approx(best_margin - margin(moves[-2].split()[0]))


def test_last_placement_by_brute_force(positions):
    states, moves = positions
    state = states[-2]
    assert not state.calling and state.to_move == 0
    words = scoring_words(state)
    own = "".join(state.grids[0])
    points = grid_points(own.replace(".", state.called), words)
    pictured = grid_points("".join("." if c == 0 else chr(c + 64) for c in pictured_opponent(state, words)), words)
    evaluation = analyst.evaluate(state, moves[-1], analyst.DEFAULT_SECONDS)
    assert evaluation.detail["judged"] == pytest.approx(points - pictured) == evaluation.detail["judged_played"]
    assert evaluation.played_value == pytest.approx(evaluation.value)  # the only placement loses nothing
    grids = evaluation.detail["grids"]
    assert evaluation.value == pytest.approx(grids[0] - grids[1])
    assert analyst.outcome(states[-1], 0) == grid_points(states[-1].grid_text(0), words) - grid_points(
        states[-1].grid_text(1), words) == -analyst.outcome(states[-1], 1)


# serial: the search ends within its own time per ply
@pytest.mark.serial
@pytest.mark.parametrize("ply", [0, 1, 2, 47, 95])
def test_evaluate_leaves_the_state_and_gives_a_legal_best_move_in_time(positions, ply):
    states, moves = positions
    state = states[ply]
    analyst.evaluate(state, None, 1.0)  # the worker's word index and picture: built once
    before = copy.deepcopy(state.__dict__)
    seconds = analyst.DEFAULT_SECONDS
    started = time.monotonic()
    evaluation = analyst.evaluate(state, moves[ply], seconds)
    assert time.monotonic() - started < seconds
    assert state.__dict__ == before
    state.copy().play_text(evaluation.best)  # raises if the best move were illegal
    assert evaluation.played_value <= evaluation.value + 1e-9
    assert len(evaluation.detail["grids"]) == 2 and not evaluation.exact


def test_a_cell_already_taken_has_no_played_value(positions):
    states, _ = positions
    assert analyst.evaluate(states[1], "24", analyst.DEFAULT_SECONDS).played_value is None


def test_the_list_the_game_names_scores_the_outcome(positions, monkeypatch):
    if not OFFICIAL.exists():
        pytest.skip(f"the official list is not at {OFFICIAL}")
    states, _ = positions
    monkeypatch.setenv("ARENA_LUCKYWORDS_WORDS", str(OFFICIAL))
    final = states[-1]
    words = scoring_words(final)
    assert len(words) > 45_000  # words.dat, not the shipped list
    assert analyst.outcome(final, 0) == grid_points(final.grid_text(0), words) - grid_points(final.grid_text(1), words)
