#!/usr/bin/env python3
"""A Flippo starter bot: it plays a random legal move. Make it yours.

The dialogue (one line each, on stdin and stdout):
  White reads "Start"; Black's first line is White's first move.
  Then: read the opponent's move, write yours.  A move is a row letter A-H
  (A at the top) and a column digit 1-8, uppercase: "C3".
  "Quit" ends the game (after move 60, or at once after a fault of yours).
Every line you write must be flushed; debugging output goes to stderr.

Run it as `./bot` (seeded from the clock) or `./bot SEED` to replay a game.
"""
import random
import sys
import time

ROWS = "ABCDEFGH"
EMPTY, WHITE, BLACK = ".", "W", "B"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def log(*words):
    print(*words, file=sys.stderr, flush=True)


def new_board():
    board = [[EMPTY] * 8 for _ in range(8)]
    board[3][3] = board[4][4] = WHITE  # D4 and E5
    board[3][4] = board[4][3] = BLACK  # D5 and E4
    return board


def on_board(row, col):
    return 0 <= row < 8 and 0 <= col < 8


def flips(board, row, col, colour):
    """The squares a piece of `colour` on (row, col) would flip.

    In each direction, walk the run of occupied squares; everything strictly
    between the new piece and the FARTHEST piece of `colour` in that run flips,
    whatever its colour.
    """
    flipped = []
    for dr, dc in DIRECTIONS:
        run, farthest_own = [], 0
        r, c = row + dr, col + dc
        while on_board(r, c) and board[r][c] != EMPTY:
            run.append((r, c))
            if board[r][c] == colour:
                farthest_own = len(run)
            r, c = r + dr, c + dc
        flipped += run[:max(farthest_own - 1, 0)]
    return flipped


def legal_moves(board, colour):
    """Empty squares touching a piece; if any of them flips something, only those."""
    touching = [
        (r, c) for r in range(8) for c in range(8)
        if board[r][c] == EMPTY
        and any(on_board(r + dr, c + dc) and board[r + dr][c + dc] != EMPTY for dr, dc in DIRECTIONS)
    ]
    flipping = [(r, c) for r, c in touching if flips(board, r, c, colour)]
    return flipping or touching


def play(board, row, col, colour):
    for r, c in flips(board, row, col, colour):
        board[r][c] = WHITE if board[r][c] == BLACK else BLACK
    board[row][col] = colour


def choose_move(board, colour):
    """CHANGE THIS FUNCTION FIRST: your strategy. Return (row, col), 0-based."""
    return random.choice(legal_moves(board, colour))


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else time.time_ns() % 2**32
    random.seed(seed)
    board = new_board()
    line = sys.stdin.readline().strip()
    me = WHITE if line == "Start" else BLACK
    opponent = BLACK if me == WHITE else WHITE
    log(f"seed {seed}, playing {'White' if me == WHITE else 'Black'}")
    if me == BLACK:  # our first line was White's first move
        play(board, ROWS.index(line[0]), int(line[1]) - 1, opponent)
    while True:
        row, col = choose_move(board, me)
        play(board, row, col, me)
        move = ROWS[row] + str(col + 1)
        print(move, flush=True)  # without the flush the judge never sees the move
        log("played", move)
        line = sys.stdin.readline().strip()
        if line in ("Quit", ""):  # "" is end of input: the judge has gone
            break
        play(board, ROWS.index(line[0]), int(line[1]) - 1, opponent)


if __name__ == "__main__":
    main()
