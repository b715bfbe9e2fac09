"""Flippo's analyst against brute force over rules.py on real endgames."""

import time
from types import SimpleNamespace

import pytest

import arena.games.flippo.analyst as flippo_analyst
from arena.games import get_analyst
from arena.games.flippo.rules import FlippoState, square_name
from arena.games.replay import replay_positions

analyst = get_analyst("flippo")


def endgame_positions(records, load, empties):
    for path in records:
        for state in replay_positions(load(path)):
            if not state.is_over() and 64 - sum(1 for cell in state.board if cell) <= empties:
                yield state


def test_exact_values_and_best_moves_match_brute_force(flippo_records, load, flippo_brute):
    brute_value = flippo_brute
    checked = 0
    for state in endgame_positions(flippo_records, load, empties=6):
        board_before = list(state.board)
        evaluation = analyst.evaluate(state, None, 0.2)
        assert state.board == board_before, "evaluate changed the position"
        assert evaluation.exact
        truth = brute_value(state)
        assert evaluation.value == truth
        after = state.copy()
        after.play(after.parse_move(evaluation.best))
        assert -brute_value(after) == truth, f"{evaluation.best} does not reach {truth}"
        checked += 1
    assert checked >= 15


def test_value_is_from_the_movers_view(flippo_records, load):
    """One empty square left: the value is the final margin of the side that fills it."""
    margins = []
    for state in endgame_positions(flippo_records, load, empties=1):
        mover = state.to_move
        evaluation = analyst.evaluate(state, None, 0.1)
        final = state.copy()
        final.play(final.legal_moves()[0])
        assert evaluation.exact
        assert evaluation.value == analyst.outcome(final, mover) == -analyst.outcome(final, 1 - mover)
        margins.append(evaluation.value)
    assert any(margins), "every game a draw: the sign of the values went untested"



def test_mid_game_best_is_legal_and_the_time_is_kept(flippo_records, load):
    state = list(replay_positions(load(flippo_records[0])))[20]
    started = time.monotonic()
    evaluation = analyst.evaluate(state, None, 0.2)
    assert time.monotonic() - started < 1.5
    assert not evaluation.exact
    assert evaluation.best in {square_name(m) for m in state.legal_moves()}
    assert -64 < evaluation.value < 64


def empties_of(state):
    return 64 - sum(1 for cell in state.board if cell)


def test_exact_is_the_searchs_answer_not_the_count_of_empties(flippo_records, load):
    """No time: the search stops after its first iteration (depth 1), which reaches the end of
    no position with two empties or more, however few there are: the value is not exact. Given
    time, the same kind of near-full position is solved: exact. A value called exact from the
    number of empties alone would be exact here without the search having reached the end."""
    unfinished = 0
    for state in endgame_positions(flippo_records, load, empties=flippo_analyst.SOLVE_EMPTIES):
        if empties_of(state) < 2:
            continue
        evaluation = analyst.evaluate(state, None, 0.0)
        assert not evaluation.exact, f"{empties_of(state)} empties, no time, yet exact"
        assert evaluation.best in {square_name(m) for m in state.legal_moves()}
        unfinished += 1
        if empties_of(state) <= 4:  # a solve of four empties takes well under a millisecond
            assert analyst.evaluate(state, None, 0.2).exact
    assert unfinished >= 20


def test_exact_follows_the_engines_flag_both_ways(monkeypatch):
    """The analyst reports what the search says it reached: an unfinished search of a near-full
    board is not exact, a finished one of the opening position is (a stand-in engine here, so
    each case is certain whatever the machine's speed)."""
    near_full = FlippoState()
    near_full.board = [1, 2] * 31 + [0, 0]
    opening = FlippoState()
    for finished, state in ((False, near_full), (True, opening)):
        fake = SimpleNamespace(search=lambda own, opp, soft, hard, solve, finished=finished:
                               (19, 200, 3, 100, finished))
        monkeypatch.setattr(flippo_analyst, "engine", fake)
        assert analyst.evaluate(state, None, 0.1).exact is finished


@pytest.mark.parametrize("seat", [0, 1])
def test_outcome_counts_discs(seat):
    state = FlippoState()
    state.board = [1] * 40 + [2] * 24
    assert analyst.outcome(state, seat) == (16 if seat == 0 else -16)
