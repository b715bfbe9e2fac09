# Flippo move generation on 64-bit boards (bit i = square i = row * 8 + column).
# Included by engine.pyx so that the search inlines these functions.
#
# The flip rule in bitboard form: in one direction, the *run* is the ray cut at
# the first empty square; the flipped squares are the run squares nearer than
# the mover's farthest piece in the run. On a ray whose indices grow with the
# distance, "nearer" is "lower bits", so two bit scans replace the walk.

from libc.stdint cimport uint64_t

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
    int ctz "__builtin_ctzll"(unsigned long long) nogil
    int clz "__builtin_clzll"(unsigned long long) nogil

# Directions with growing indices first (E, SW, S, SE), then their opposites.
cdef int STEP_ROW[8]
cdef int STEP_COL[8]
STEP_ROW[:] = [0, 1, 1, 1, 0, -1, -1, -1]
STEP_COL[:] = [1, -1, 0, 1, -1, 1, 0, -1]

cdef uint64_t RAY[8][64]  # squares strictly beyond sq in direction d, to the edge
cdef uint64_t FILE_1 = 0x0101010101010101ULL
cdef uint64_t FILE_8 = 0x8080808080808080ULL


cdef void _init_rays():
    cdef int d, sq, r, c
    for d in range(8):
        for sq in range(64):
            RAY[d][sq] = 0
            r = sq // 8 + STEP_ROW[d]
            c = sq % 8 + STEP_COL[d]
            while 0 <= r < 8 and 0 <= c < 8:
                RAY[d][sq] |= 1ULL << (r * 8 + c)
                r += STEP_ROW[d]
                c += STEP_COL[d]

_init_rays()


cdef inline uint64_t highest_bit(uint64_t x) noexcept nogil:
    return 1ULL << (63 - clz(x))


cdef inline uint64_t flips_of(uint64_t own, uint64_t opp, int sq) noexcept nogil:
    """The squares a piece of ``own`` placed on ``sq`` flips (own pieces too)."""
    cdef uint64_t occupied = own | opp, ray, empty, mine, flipped = 0
    cdef int d
    for d in range(4):  # indices grow: the first empty is the lowest bit
        ray = RAY[d][sq]
        empty = ray & ~occupied
        if empty:
            ray &= (empty & (~empty + 1)) - 1
        mine = ray & own
        if mine:
            flipped |= ray & (highest_bit(mine) - 1)
    for d in range(4, 8):  # indices shrink: the first empty is the highest bit
        ray = RAY[d][sq]
        empty = ray & ~occupied
        if empty:
            ray &= ~((highest_bit(empty) << 1) - 1)
        mine = ray & own
        if mine:
            flipped |= ray & ~(((mine & (~mine + 1)) << 1) - 1)
    return flipped


cdef inline uint64_t touching(uint64_t occupied) noexcept nogil:
    """Empty squares next to a piece (8-neighbourhood)."""
    cdef uint64_t row = occupied | ((occupied << 1) & ~FILE_1) | ((occupied >> 1) & ~FILE_8)
    return (row | (row << 8) | (row >> 8)) & ~occupied


# One step against direction d, for all squares at once: bit s of the result is
# bit s + delta(d) of x (columns that would wrap are cut).
cdef int DELTA[8]
cdef uint64_t STEP_MASK[8]
DELTA[:] = [1, 7, 8, 9, -1, -7, -8, -9]
STEP_MASK[:] = [~FILE_8, ~FILE_1, ~0ULL, ~FILE_8, ~FILE_1, ~FILE_8, ~0ULL, ~FILE_1]


cdef inline uint64_t step_back(uint64_t x, int d) noexcept nogil:
    if DELTA[d] > 0:
        return (x >> DELTA[d]) & STEP_MASK[d]
    return (x << -DELTA[d]) & STEP_MASK[d]


cdef inline uint64_t flipping_squares(uint64_t own, uint64_t opp) noexcept nogil:
    """The empty squares where the mover would flip something, all at once.

    A move flips in direction d exactly when the next square is occupied and the
    occupied run from the square after it holds a piece of the mover: that is
    the farthest own piece at distance >= 2. ``reach`` fills the run backwards
    from the mover's pieces (a run is at most 6 squares past the neighbour).
    """
    cdef uint64_t occupied = own | opp, result = 0, reach
    cdef int d, k
    for d in range(8):
        reach = own
        for k in range(5):
            reach |= occupied & step_back(reach, d)
        result |= step_back(occupied, d) & step_back(step_back(reach, d), d)
    return result & ~occupied


cdef inline uint64_t legal_mask(uint64_t own, uint64_t opp) noexcept nogil:
    """The legal squares: those that flip something, or else every touching square."""
    cdef uint64_t flipping = flipping_squares(own, opp)
    return flipping if flipping else touching(own | opp)
