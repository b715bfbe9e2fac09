#!/usr/bin/env python3
"""A Domineering starter bot: it places a random domino. Make it yours.

The board is 8x8; cell (x, y) is row x and column y, both 1-8, and is worth
0-3 points.  FIRST places horizontal dominoes on (x, y) and (x, y+1), SECOND
vertical ones on (x, y) and (x+1, y); a domino earns the values of its cells.

The dialogue (one line each, on stdin and stdout):
  Read 8 lines of 8 values.  Read "READY FIRST" or "READY SECOND", answer "OK".
  Then until "FINISH": on "TURN my_ms opp_ms" (the clocks left) answer
  "MOVE x y" (or "MOVE -1 -1" to pass); "OPP x y ms" is the opponent's move.
Every line you write must be flushed; debugging output goes to stderr.

Run it as `./bot` (seeded from the clock) or `./bot SEED` to replay a game.
"""
import random
import sys
import time

FIRST, SECOND = 0, 1
DIRECTION = {FIRST: (0, 1), SECOND: (1, 0)}  # where a domino's second cell is


def log(*words):
    print(*words, file=sys.stderr, flush=True)


def fits(covered, side, x, y):
    dx, dy = DIRECTION[side]
    return x + dx <= 8 and y + dy <= 8 and not covered[x][y] and not covered[x + dx][y + dy]


def cover(covered, side, x, y):
    dx, dy = DIRECTION[side]
    covered[x][y] = covered[x + dx][y + dy] = True


def choose_move(covered, values, me, my_ms):
    """CHANGE THIS FUNCTION FIRST: your strategy. Return (x, y), or None to pass.

    `covered[x][y]` and `values[x][y]` use 1-based x and y, as the protocol does.
    """
    moves = [(x, y) for x in range(1, 9) for y in range(1, 9) if fits(covered, me, x, y)]
    return random.choice(moves) if moves else None


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else time.time_ns() % 2**32
    random.seed(seed)
    # row 0 and column 0 are unused, so that values[x][y] is cell (x, y)
    values = [[0] * 9] + [[0] + [int(v) for v in sys.stdin.readline().split()] for _ in range(8)]
    covered = [[False] * 10 for _ in range(10)]  # a spare row and column past the edge
    me = FIRST if sys.stdin.readline().split()[1] == "FIRST" else SECOND
    print("OK", flush=True)  # without the flush the judge never sees it
    log(f"seed {seed}, playing {'FIRST (horizontal)' if me == FIRST else 'SECOND (vertical)'}")
    for line in iter(sys.stdin.readline, ""):  # until the end of input
        words = line.split() or [""]
        if words[0] == "FINISH":
            break
        if words[0] == "TURN":
            move = choose_move(covered, values, me, int(words[1]))
            if move is None:
                print("MOVE -1 -1", flush=True)
                log("pass")
            else:
                cover(covered, me, *move)
                print(f"MOVE {move[0]} {move[1]}", flush=True)
                log(f"played {move[0]} {move[1]}")
        elif words[0] == "OPP" and words[1] != "-1":  # the opponent placed a domino
            cover(covered, 1 - me, int(words[1]), int(words[2]))


if __name__ == "__main__":
    main()
