"""builtin:strong as the judge runs it, and its circuit search on hand-built boards."""

import os
import random
import subprocess
import sys

from arena.games.turnright.circuit import canonical, format_circuit, rotate, square
from arena.games.turnright.rules import TurnRightState, rectangles
from arena.games.turnright.scoring import BLACK, WHITE, colour_mask, has_3x3
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.games.turnright.strong import engine

SCALE = 0.15  # a 4.5 s clock keeps the suite fast; the time plan follows ARENA_CLOCK_MS
WIN = 1_000_000

# White misses c3 for a 3×3 on a1-c3; d3 is White's, so turning c3-c4-d4-d3 fills it
THREAT = """
WBWBWB
BWBWBW
WBWBWB
WWBWBB
WWWBBB
WWWBBB
"""


def board_of(picture: str) -> list[int]:
    board = [0] * 36
    for line, row in enumerate(picture.split()):
        for file, char in enumerate(row):
            board[square(file, 5 - line)] = WHITE if char == "W" else BLACK
    return board


def test_the_hand_built_board_is_a_real_threat():
    board = board_of(THREAT)
    assert not has_3x3(board, WHITE) and not has_3x3(board, BLACK)
    rotate(board, (square(2, 2), square(2, 3), square(3, 3), square(3, 2)))
    assert has_3x3(board, WHITE)


def test_a_3x3_win_is_taken():
    board = board_of(THREAT)
    index, value, _, _ = engine.search_circuit(colour_mask(board, WHITE), 4, 6, 25, 1.0, 5.0)
    assert value >= WIN
    rotate(board, engine.corners(index))
    assert has_3x3(board, WHITE) and not has_3x3(board, BLACK)


def white_wins_with_a_rectangle(board: list[int]) -> bool:
    for corners in rectangles():
        after = board[:]
        rotate(after, corners)
        if has_3x3(after, WHITE) and not has_3x3(after, BLACK):
            return True
    return False


def test_the_opponents_3x3_threat_is_blocked():
    board = board_of(THREAT)
    elsewhere = board[:]
    rotate(elsewhere, (square(4, 4), square(4, 5), square(5, 5), square(5, 4)))  # a turn far away
    assert white_wins_with_a_rectangle(elsewhere)
    index, value, _, _ = engine.search_circuit(colour_mask(board, BLACK), 4, 4, 26, 1.0, 5.0)
    assert value > -WIN
    rotate(board, engine.corners(index))
    assert not has_3x3(board, WHITE)
    assert not white_wins_with_a_rectangle(board)


# a board where White (to move, at most 6 corners) has a 3×3 win that no reply can take away
# (found by a seeded random search over boards)
SURE_WIN = 0x35F726584


def board_of_mask(white: int) -> list[int]:
    return [WHITE if white >> sq & 1 else BLACK for sq in range(36)]


def test_a_sure_win_is_held_back_for_the_margin_and_stays_sure():
    assert engine.search_circuit(SURE_WIN, 6, 6, 20, 1.0, 5.0)[1] >= WIN  # it could win at once
    index, value, _, _ = engine.search_circuit(SURE_WIN, 6, 6, 20, 1.0, 5.0, margin_room=50)
    assert value < WIN
    board = board_of_mask(SURE_WIN)
    rotate(board, engine.corners(index))
    assert not has_3x3(board, WHITE) and not has_3x3(board, BLACK)
    replies = {tuple(board)}
    for reply in range(engine.circuit_count(6)):  # every circuit Black may answer with
        after = board[:]
        rotate(after, engine.corners(reply))
        assert not has_3x3(after, BLACK) or has_3x3(after, WHITE)
        if not has_3x3(after, WHITE):
            replies.add(tuple(after))
    for after in replies:  # White still wins, as rules.py sees it
        win, value, _, _ = engine.search_circuit(colour_mask(list(after), WHITE), 8, 8, 18, 1.0, 5.0)
        final = list(after)
        rotate(final, engine.corners(win))
        assert has_3x3(final, WHITE) and not has_3x3(final, BLACK)


def test_strong_plays_whole_legal_games_against_greedy(monkeypatch):
    monkeypatch.setenv("ARENA_CLOCK_MS", str(30_000 * SCALE))
    wins = 0
    for seats in (("builtin:strong", "builtin:greedy"), ("builtin:greedy", "builtin:strong")):
        specs = [resolve_player("turnright", text) for text in seats]
        record = play_game("turnright", specs, seed=7, time_scale=SCALE)
        result = record["result"]
        strong = seats.index("builtin:strong")
        assert result["verdicts"] == ["ok", "ok"], result
        assert len(record["moves"]) == 36 + _circuits(result)  # the automatic 36th piece is recorded too
        assert record["clock_ms"] - record["times"][strong]["clock_left_ms"] < 30_000 * SCALE * 0.9
        wins += result["winner"] == strong
    assert wins >= 1


def _circuits(result: dict) -> int:
    if result["ending"] == "3x3":
        return int(result["reason"].split("after circuit ")[1].split()[0])
    return 26


def test_strong_stops_by_itself_when_the_game_is_decided():
    """Driven move by move with random rectangles; its stdin stays open when the game ends."""
    env = dict(os.environ, ARENA_CLOCK_MS="6000")
    rng = random.Random(4)
    for strong_seat in (0, 1):
        state = TurnRightState()
        program = subprocess.Popen([sys.executable, "-m", "arena.toolkit.builtin_player", "turnright", "strong"], env=env,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = "Start"
        while not state.is_over():
            if state.to_move == strong_seat:
                program.stdin.write(line + "\n")
                program.stdin.flush()
                reply = program.stdout.readline().strip()
                state.play(state.parse_move(reply))  # raises if illegal
                line = None
            else:
                move = rng.choice(state.legal_moves())
                state.play(move)
                line = state.format_move(move)
        if line is not None:  # the opponent's move decided it: it is still forwarded
            program.stdin.write(line + "\n")
            program.stdin.flush()
        assert program.wait(timeout=10) == 0
        assert program.stdout.read() == ""
        program.stdin.close()


def test_start_up_and_fault_line():
    completed = subprocess.run([sys.executable, "-m", "arena.toolkit.builtin_player", "turnright", "strong"], input="x\n",
                               text=True, capture_output=True, timeout=10)
    assert completed.returncode == 0 and completed.stdout == ""
