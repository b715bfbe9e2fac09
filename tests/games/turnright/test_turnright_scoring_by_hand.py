"""Turn Right scoring on boards worked out by hand: overlapping 2×2 blocks each score.

Every figure below was counted on the picture, not taken from the code: a 2×2
block is named by its lower-left square, and a window of four squares that
mixes colours scores nothing. Pictures have rank 6 at the top, files a-f left to
right; each board holds 18 pieces of each colour, as every board of phase 2 does.
"""

from arena.games.turnright.circuit import parse_circuit
from arena.games.turnright.scoring import BLACK, WHITE, has_3x3, points_on_board

# A 2×3 White block on a1-c2 (3 files, 2 ranks), a checkerboard elsewhere and an all-Black rank 6.
# White: a1-b2 and b1-c2, the two overlapping 2×2 inside it = 2. c1-d2 has d2 Black; a2-b3 has a3 Black.
# Black: rank 6 is all Black but rank 5 alternates, so every window there holds a White = 0.
TWO_BY_THREE = """
    BBBBBB
    BWBWBW
    WBWBWB
    BWBWBW
    WWWBWB
    WWWWBW
"""

# The same board with c2 and d2 swapped: of the block only a1-b2 is left (White 1, Black 0).
# The circuit c1-c2-d2-d1 moves c1->c2, c2->d2, d2->d1, d1->c1: White, Black, White, White
# on c1, c2, d2, d1 become White, White, Black, White, which is TWO_BY_THREE again.
ONE_SWAP_FROM_TWO_BY_THREE = """
    BBBBBB
    BWBWBW
    WBWBWB
    BWBWBW
    WWBWWB
    WWWWBW
"""

# An L: files a-b on ranks 1-4 and files a-d on ranks 1-2.
# White: ranks 1-2: a1, b1, c1 (three overlapping windows of the 4×2 foot) = 3;
#        ranks 2-3: a2 = 1 (b2-c3 has c3 Black); ranks 3-4: a3 = 1 (b3-c4 has c3 Black);
#        ranks 4-5: a4-b5 has a5 Black. Total 5, and no 3×3 (c3 is Black).
# Black: c3-f3 are Black but d4 and f4 above are White, d2 and f2 below White; e1, f1, e2 are
#        Black but f2 is White; rank 6 Black over an alternating rank 5. Total 0.
L_SHAPE = """
    BBBBBB
    BWBWBW
    WWBWBW
    WWBBBB
    WWWWBW
    WWWWBB
"""

# A 3×3 White on d4-f6. White: its four 2×2 (d4, e4, d5, e5) = 4; c4 and c6 are Black and
# d3, f3 are Black, so no window across its edge scores. Black: rank 1 under an alternating
# rank 2, and a5-b6 has b6 White: 0.
THREE_BY_THREE = """
    BWBWWW
    BBWWWW
    BWBWWW
    WBWBWB
    BWBWBW
    BBBBBB
"""

# Both colours: the White 2×3 on a1-c2 (2, as above) and a Black 2×3 standing on e4-f6
# (e4-f5 and e5-f6, overlapping on e5-f5) = 2. d4-e5 has d5 White; d5-e6 has d5, d6 White.
BOTH_COLOURS = """
    WBWWBB
    BWBWBB
    WBWBBB
    BWBWBW
    WWWBWB
    WWWWBB
"""


def test_overlapping_blocks_each_score_as_counted_by_hand(make_board):
    for picture, white, black in [(TWO_BY_THREE, 2, 0), (ONE_SWAP_FROM_TWO_BY_THREE, 1, 0),
                                  (L_SHAPE, 5, 0), (THREE_BY_THREE, 4, 0), (BOTH_COLOURS, 2, 2)]:
        board = make_board(picture).board
        assert board.count(WHITE) == board.count(BLACK) == 18
        assert points_on_board(board) == (white, black), picture


def test_only_a_full_3x3_of_one_colour_is_a_3x3(make_board):
    for picture in (TWO_BY_THREE, L_SHAPE, BOTH_COLOURS):
        board = make_board(picture).board
        assert not has_3x3(board, WHITE) and not has_3x3(board, BLACK)
    board = make_board(THREE_BY_THREE).board
    assert has_3x3(board, WHITE) and not has_3x3(board, BLACK)


def test_a_2x3_block_scores_2_after_every_circuit(make_board):
    state = make_board(TWO_BY_THREE)
    # a1-a2-b2-b1 turns four White pieces among themselves: the board stays as it is
    state.play(parse_circuit("a1-a2-b2-b1"))  # Black's 1st circuit
    assert state.points == [5 + 2, 0]
    state.play(parse_circuit("a1-a2-b2-b1"))  # White's 1st
    assert state.points == [5 + 2 + 2, 0]


def test_the_circuit_that_completes_a_2x3_scores_its_2_at_once(make_board):
    state = make_board(ONE_SWAP_FROM_TWO_BY_THREE)
    state.play(parse_circuit("c1-c2-d2-d1"))  # Black's circuit makes White's block
    assert state.board == make_board(TWO_BY_THREE).board
    assert state.points == [5 + 2, 0]  # scored on the board after the circuit, not before (1)


def test_both_colours_score_their_own_blocks_after_each_circuit(make_board):
    state = make_board(BOTH_COLOURS)
    state.play(parse_circuit("e4-e5-f5-f4"))  # Black turns four Black pieces
    assert state.points == [5 + 2, 2]
    state.play(parse_circuit("a1-a2-b2-b1"))  # White turns four White pieces
    assert state.points == [5 + 2 + 2, 2 + 2]


def test_a_3x3_after_a_circuit_ends_the_game_with_the_bonus(make_board):
    state = make_board(THREE_BY_THREE)
    state.play(parse_circuit("d4-d5-e5-e4"))  # Black turns four White pieces inside the 3×3
    assert state.is_over() and state.winner_3x3 == 0
    assert state.points == [5 + 4, 0]
    result = state.result()
    # points 9 to 0: d = 9, the winner gets 50 + 9 = 59 and the 3×3 bonus 50 = 109, the loser 100 - 59 = 41
    assert (result.ending, result.winner, result.game_points, result.match_points) == ("3x3", 0, [3, 0], [109, 41])
