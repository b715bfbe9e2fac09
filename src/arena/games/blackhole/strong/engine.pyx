# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Black Hole's compiled engine: one position kept in C arrays, made and unmade in place.

Tiles are indexed as in rules.py (A1..A8, B1..B7, ..., H1); the empty tiles are
a 36-bit mask. A stone is kept signed, +n for Red and -n for Blue (brown 0),
and every tile keeps ``around[t]``, the signed sum of its neighbours: Red's
R − B if ``t`` becomes the black hole. rules.py stays the source of truth;
tests/games/blackhole/test_engine.py checks this engine against it.

Module-level state: one engine per process, in C globals.

- Tables made at import and only read after: the neighbours and Zobrist numbers (here),
  the playout blur's weights (evaluate.pxi; only the experiment hook set_blur_width
  writes them again).
- The position: ``stone``, ``around``, ``empty``, ``used``, ``turn`` and ``key`` below.
  new_game() sets it, play() and undo() change it, and every search makes and takes back
  its moves in it, leaving it as it found it.
- The searches' memory: the transposition table (search.pxi; keyed by the whole
  position, so what it holds stays true from one move and one game to the next; clear()
  forgets it), the clock and node count of the search under way, the tree of playouts
  (tree.pxi, started afresh by every tree_search) and its random numbers, and the
  experiment hooks' settings (``tree_epsilon``, ``beam_width``).

One position per process is safe because every caller sets the whole position before it
searches and runs one search at a time in a process of its own: the strong player is a
contestant program playing one game (player.py); the analyst runs in the analysis's pool
of worker processes (processes, not threads, for these globals) and loads each ply's
position from the start (analyst.py's load); the tests and tools go one position at a
time. tree_search lets go of the GIL while it runs, so two threads of one process would
share the position and the tree: nothing in arena calls an engine from two threads.
"""

from libc.stdint cimport uint64_t

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
    int ctz "__builtin_ctzll"(unsigned long long) nogil
    int clz "__builtin_clzll"(unsigned long long) nogil

cdef int NEIGHBOURS[36][6]
cdef int NEIGHBOUR_COUNT[36]
cdef uint64_t NEIGHBOUR_MASK[36]
cdef uint64_t ZOBRIST[36][31]

cdef int stone[36]          # signed stone on each tile
cdef int around[36]         # signed sum of the neighbours' stones
cdef uint64_t empty = 0     # empty tiles
cdef int used[2]            # numbers used per seat, bit n
cdef int turn = 0           # stones placed by the players so far (Red moves on even turns)
cdef uint64_t key = 0       # Zobrist key of the position


cdef void _init_tables():
    cdef int t = 0, u, v, k, du, dv, s, n
    cdef int index[8][8]
    cdef int steps[6][2]
    steps[:] = [[0, 1], [0, -1], [1, 0], [-1, 0], [-1, 1], [1, -1]]
    for u in range(8):
        for v in range(8 - u):
            index[u][v] = t
            t += 1
    cdef uint64_t x = 0x2545F4914F6CDD1DULL
    for u in range(8):
        for v in range(8 - u):
            t = index[u][v]
            n = 0
            NEIGHBOUR_MASK[t] = 0
            for k in range(6):
                du = u + steps[k][0]
                dv = v + steps[k][1]
                if 0 <= du and 0 <= dv and du + dv <= 7:
                    NEIGHBOURS[t][n] = index[du][dv]
                    NEIGHBOUR_MASK[t] |= 1ULL << index[du][dv]
                    n += 1
            NEIGHBOUR_COUNT[t] = n
            for s in range(31):  # xorshift: any fixed pseudo-random numbers will do
                x ^= x << 13
                x ^= x >> 7
                x ^= x << 17
                ZOBRIST[t][s] = x

_init_tables()


cdef inline void place(int tile, int signed_stone) noexcept nogil:
    global empty, turn, key
    cdef int k
    stone[tile] = signed_stone
    empty &= ~(1ULL << tile)
    for k in range(NEIGHBOUR_COUNT[tile]):
        around[NEIGHBOURS[tile][k]] += signed_stone
    if signed_stone > 0:
        used[0] |= 1 << signed_stone
    else:
        used[1] |= 1 << -signed_stone
    turn += 1
    key ^= ZOBRIST[tile][signed_stone + 15]


cdef inline void unplace(int tile) noexcept nogil:
    global empty, turn, key
    cdef int k, signed_stone = stone[tile]
    key ^= ZOBRIST[tile][signed_stone + 15]
    turn -= 1
    if signed_stone > 0:
        used[0] &= ~(1 << signed_stone)
    else:
        used[1] &= ~(1 << -signed_stone)
    for k in range(NEIGHBOUR_COUNT[tile]):
        around[NEIGHBOURS[tile][k]] -= signed_stone
    empty |= 1ULL << tile
    stone[tile] = 0


include "evaluate.pxi"
include "search.pxi"
include "tree.pxi"
include "greedy_model.pxi"
include "entice.pxi"
include "benchmark.pxi"


def new_game(brown):
    """Start a game with brown stones on the given tile indices."""
    global empty, turn, key
    cdef int t
    for t in range(36):
        stone[t] = 0
        around[t] = 0
    empty = (1ULL << 36) - 1
    for t in brown:
        empty &= ~(1ULL << t)
    used[0] = used[1] = 0
    turn = 0
    key = empty


def play(int tile, int number):
    """Place the mover's stone ``number`` on ``tile`` (the caller checks legality)."""
    place(tile, number if turn % 2 == 0 else -number)


def undo(int tile):
    unplace(tile)


def legal_moves():
    """Every ``(tile, number)`` the mover may play, in rules.py's order."""
    cdef int seat = turn % 2
    cdef uint64_t rest = empty
    if turn >= 30:
        return []
    tiles = []
    while rest:
        tiles.append(ctz(rest))
        rest &= rest - 1
    return [(t, n) for t in tiles for n in range(1, 16) if not used[seat] >> n & 1]


def around_sum(int tile):
    """Red's R − B if ``tile`` were the hole."""
    return around[tile]


def empty_tiles():
    return [t for t in range(36) if empty >> t & 1]


def scores():
    """(Red, Blue) by the rules once 30 stones are down; 75 each before."""
    if turn < 30:
        return 75, 75
    cdef int hole = ctz(empty)
    return 75 + around[hole], 75 - around[hole]


def turns():
    return turn


def estimate():
    """The search's value of the position at its horizon, for the mover: final R − B in
    hundredths, exact in the filling phase (no empty tile touches another), else the
    greedy playout's blurred order statistic (evaluate.pxi)."""
    return evaluate()
