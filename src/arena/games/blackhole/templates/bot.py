#!/usr/bin/env python3
"""A Black Hole starter bot: it puts a random unused stone on a random free tile. Make it yours.

The dialogue (one line each, on stdin and stdout):
  Read the 5 brown tiles, one per line ("E4").  Then Red reads "Start";
  Blue's next line is Red's first move.  Then: read the opponent's move,
  write yours.  A move is "<tile>=<stone>", e.g. "A3=6": the 36 tiles are
  A1-A8, B1-B7, ..., H1 (a triangle), the stones 1-15, each used once.  "Quit" ends the game (after turn 30, or after a fault of yours).
After 30 turns the one free tile is the black hole: the stones next to it
count, Red scores 75 + R - B and Blue 75 - R + B.
Every line you write must be flushed; debugging output goes to stderr.

Run it as `./bot` (seeded from the clock) or `./bot SEED` to replay a game.
"""
import random
import sys
import time

# Tile (u, v) is letter "ABCDEFGH"[u] and number v + 1; it exists when u + v <= 7.
TILES = [f"{'ABCDEFGH'[u]}{v + 1}" for u in range(8) for v in range(8 - u)]


def log(*words):
    print(*words, file=sys.stderr, flush=True)


def neighbours(tile):
    """The (up to six) tiles next to `tile`: (u, v+-1), (u+-1, v), (u-1, v+1), (u+1, v-1).

    Not used by the random player; the stones next to the black hole decide the score.
    """
    u, v = "ABCDEFGH".index(tile[0]), int(tile[1:]) - 1
    steps = [(0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)]
    return [f"{'ABCDEFGH'[u + du]}{v + dv + 1}" for du, dv in steps
            if u + du >= 0 and v + dv >= 0 and u + du + v + dv <= 7]


def choose_move(taken, my_stones):
    """CHANGE THIS FUNCTION FIRST: your strategy.

    `taken` maps each occupied tile to (owner, stone): owner "me", "opponent"
    or "brown".  `my_stones` lists the stones you have not placed yet.
    Return (tile, stone).
    """
    free = [tile for tile in TILES if tile not in taken]
    return random.choice(free), random.choice(my_stones)


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else time.time_ns() % 2**32
    random.seed(seed)
    taken = {}
    for _ in range(5):
        taken[sys.stdin.readline().strip()] = ("brown", 0)
    my_stones = list(range(1, 16))
    line = sys.stdin.readline().strip()
    log(f"seed {seed}, playing {'Red' if line == 'Start' else 'Blue'}, brown on {' '.join(taken)}")
    while line not in ("Quit", ""):  # "" is end of input: the judge has gone
        if line != "Start":  # the opponent's move
            tile, stone = line.split("=")
            taken[tile] = ("opponent", int(stone))
        tile, stone = choose_move(taken, my_stones)
        taken[tile] = ("me", stone)
        my_stones.remove(stone)
        print(f"{tile}={stone}", flush=True)  # without the flush the judge never sees the move
        log(f"played {tile}={stone}")
        line = sys.stdin.readline().strip()


if __name__ == "__main__":
    main()
