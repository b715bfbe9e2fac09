"""Property tests over random Flippo games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.games.flippo.rules import BLACK, EMPTY, NEIGHBOURS, WHITE, FlippoState


def connected(board):
    occupied = {i for i, cell in enumerate(board) if cell != EMPTY}
    start = next(iter(occupied))
    seen, todo = {start}, [start]
    while todo:
        for n in NEIGHBOURS[todo.pop()]:
            if n in occupied and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == occupied


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(rng):
    board = FlippoState()
    for number in range(1, 61):
        legal = board.legal_moves()
        assert legal, "a player always has a move before the board is full"
        flipping = [m for m in legal if board.flips(m, (WHITE, BLACK)[board.to_move])]
        assert not flipping or flipping == legal  # the must-flip rule
        board.play(rng.choice(legal))
        assert board.count(WHITE) + board.count(BLACK) == 4 + number
        assert connected(board.board)
    assert board.is_over()
    assert board.moves_played == 60
    assert sum(board.scores()) == 60


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_flipping_never_changes_empty_squares_or_the_placed_piece(rng):
    board = FlippoState()
    for _ in range(rng.randrange(1, 60)):
        board.play(rng.choice(board.legal_moves()))
    if board.is_over():
        return
    before = list(board.board)
    colour = (WHITE, BLACK)[board.to_move]
    move = rng.choice(board.legal_moves())
    flipped = set(board.flips(move, colour))
    board.play(move)
    for i, (old, new) in enumerate(zip(before, board.board)):
        if i == move:
            assert old == EMPTY and new == colour
        elif i in flipped:
            assert old != EMPTY and new == WHITE + BLACK - old
        else:
            assert old == new
