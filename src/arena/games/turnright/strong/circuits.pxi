# Every legal circuit of the 6×6 board, precomputed once, 16 bytes each.
#
# A circuit's loop is a simple cycle of the grid graph of the squares, travelled
# clockwise; its corners are where the cycle turns. So the circuits are exactly
# the grid's 1,222,363 cycles (those with more than 28 corners are never legal).
# A cycle is found once, from its lowest square s: s's only higher neighbours are
# s+1 (up) and s+6 (right), so a clockwise cycle leaves s upwards and comes back
# from s+6. A circuit is kept as three masks: L, its loop; V, the loop squares
# whose piece comes from the square below or above (the rest from the left or
# right); P, those whose piece comes from the higher-numbered neighbour (above or
# to the right). That is all a rotation needs (see rotate()).

from libc.stdlib cimport malloc

DEF MAX_CIRCUITS = 1222363
DEF MAX_CORNERS = 28     # a player's 13th circuit may have 2·(13+1) corners

cdef struct Circuit:
    # Laid out so that rotate() unpacks the three masks with four operations:
    uint64_t lo   # bits 0-35: P; bits 36-63: V's bits 0-27
    uint64_t hi   # bits 0-7: V's bits 28-35; bits 8-43: L; bits 44-48: corners

cdef Circuit *TABLE = NULL
cdef int COUNT = 0
cdef int UP_TO[MAX_CORNERS + 1]   # circuits with at most k corners come first: TABLE[0:UP_TO[k]]
cdef int STEP[4]                  # up, right, down, left as square offsets
STEP[:] = [1, 6, -1, -6]


cdef inline uint64_t loop_of(Circuit c) noexcept nogil:
    return (c.hi >> 8) & FULL


cdef inline uint64_t verticals_of(Circuit c) noexcept nogil:
    return ((c.lo >> 36) | (c.hi << 28)) & FULL


cdef inline uint64_t from_higher_of(Circuit c) noexcept nogil:
    return c.lo & FULL


cdef inline int corners_of(Circuit c) noexcept nogil:
    return <int>(c.hi >> 44)


cdef inline uint64_t rotate(uint64_t m, Circuit c) noexcept nogil:
    """One colour's mask ``m`` after the circuit's pieces each move one square on.

    A loop square takes the piece from below (m << 1), above (m >> 1), the left
    (m << 6) or the right (m >> 6): V picks the vertical pair, P the higher one
    of the pair. As selections by bit masks, with x ^ ((x ^ y) & mask) taking y
    where the mask is set, the square's new piece is

        new = left ^ (left ^ right) & P ^ ((up ^ left) ^ ((up ^ down) ^ (left ^ right)) & P) & V

    and the mask is m ^ (m ^ new) & L. Everything that depends on ``m`` alone is
    loop-invariant (the compiler computes it once per position), and kept within
    the board, so the masks may carry other fields above bit 35 without harm:
    eight operations per circuit, and four to unpack the masks."""
    cdef uint64_t up = m << 1, down = m >> 1, left = m << 6, right = m >> 6
    cdef uint64_t stay_or_left = (m ^ left) & FULL
    cdef uint64_t horizontal_flip = (left ^ right) & FULL
    cdef uint64_t vertical_or_left = (up ^ left) & FULL
    cdef uint64_t both_flips = (up ^ down ^ left ^ right) & FULL
    cdef uint64_t p = c.lo                        # P, with V's low bits above the board
    cdef uint64_t v = (c.lo >> 36) | (c.hi << 28)  # V, with L above the board
    cdef uint64_t loop = c.hi >> 8                # L, with the corners above the board
    cdef uint64_t changed = (stay_or_left ^ (horizontal_flip & p)
                             ^ ((vertical_or_left ^ (both_flips & p)) & v))
    return m ^ (changed & loop)


cdef inline bint on_board(int square, int d) noexcept nogil:
    cdef int f = square // 6, r = square % 6
    if d == 0:
        return r < 5
    if d == 1:
        return f < 5
    if d == 2:
        return r > 0
    return f > 0


cdef void _extend(int start, int at, int came, uint64_t seen, uint64_t v, uint64_t p, int turns) noexcept nogil:
    """Grow the path start, start+1, ..., at by every possible next square (depth first)."""
    cdef int d, nxt, corners
    cdef uint64_t bit
    for d in range(4):
        if d == (came + 2) % 4 or not on_board(at, d):
            continue
        nxt = at + STEP[d]
        bit = 1ULL << nxt
        if nxt <= start or seen & bit:
            continue
        corners = turns + (d != came)
        if corners > MAX_CORNERS:
            continue
        # the piece on ``at`` moves to ``nxt``: note where nxt's piece comes from
        if nxt == start + 6:
            # back to the start along the bottom edge: a turn at nxt unless already going left, one at start
            corners += (d != 3) + 1
            if corners <= MAX_CORNERS and COUNT < MAX_CIRCUITS:
                _store(seen | bit, (v | (bit if d % 2 == 0 else 0)),
                       p | (bit if d >= 2 else 0) | (1ULL << start), corners)
            continue
        if not _can_close(start, nxt, seen | bit):
            continue
        _extend(start, nxt, d, seen | bit, v | (bit if d % 2 == 0 else 0), p | (bit if d >= 2 else 0), corners)


cdef uint64_t NOT_TOP = 0     # squares with a square above them (rank < 6)
cdef uint64_t NOT_BOTTOM = 0
for _sq in range(36):
    if _sq % 6 < 5:
        NOT_TOP |= 1ULL << _sq
    if _sq % 6 > 0:
        NOT_BOTTOM |= 1ULL << _sq


cdef inline bint _can_close(int start, int at, uint64_t seen) noexcept nogil:
    """Whether the path's end can still reach start+6 through free squares above start."""
    cdef uint64_t free = FULL & ~seen & ~((2ULL << start) - 1), reach = 1ULL << at, grown
    cdef uint64_t goal = 1ULL << (start + 6)
    while True:
        grown = reach | (((reach & NOT_TOP) << 1) | ((reach & NOT_BOTTOM) >> 1) | (reach << 6) | (reach >> 6)) & free
        if grown & goal:
            return True
        if grown == reach:
            return False
        reach = grown


cdef inline void _store(uint64_t loop, uint64_t v, uint64_t p, int corners) noexcept nogil:
    global COUNT
    TABLE[COUNT].lo = p | ((v & 0xFFFFFFF) << 36)
    TABLE[COUNT].hi = (v >> 28) | (loop << 8) | (<uint64_t>corners << 44)
    COUNT += 1


cdef void _sort_by_corners() noexcept nogil:
    """In place, fewest corners first (a bucket sort that swaps records into their buckets)."""
    cdef int k, b, i, j
    cdef int ends[MAX_CORNERS + 1]
    cdef int nexts[MAX_CORNERS + 1]
    cdef Circuit held, other
    for k in range(MAX_CORNERS + 1):
        ends[k] = 0
    for i in range(COUNT):
        ends[corners_of(TABLE[i])] += 1
    j = 0
    for k in range(MAX_CORNERS + 1):
        nexts[k] = j
        j += ends[k]
        ends[k] = j
        UP_TO[k] = j
    for k in range(MAX_CORNERS + 1):
        while nexts[k] < ends[k]:
            held = TABLE[nexts[k]]
            b = corners_of(held)
            while b != k:   # carry the record to its bucket, picking up the one it displaces
                other = TABLE[nexts[b]]
                TABLE[nexts[b]] = held
                nexts[b] += 1
                held = other
                b = corners_of(held)
            TABLE[nexts[k]] = held
            nexts[k] += 1


cdef int build_table() except -1:
    """Enumerate every circuit once per process (a fraction of a second)."""
    global TABLE
    cdef int s
    if TABLE != NULL:
        return COUNT
    TABLE = <Circuit *> malloc(MAX_CIRCUITS * sizeof(Circuit))
    if TABLE == NULL:
        raise MemoryError()
    with nogil:
        for s in range(36):
            if s % 6 < 5 and s // 6 < 5:
                # start -> start+1: that piece comes from below (V set, P clear)
                _extend(s, s + 1, 0, (1ULL << s) | (1ULL << (s + 1)), 1ULL << (s + 1), 0, 0)
        _sort_by_corners()
    return COUNT


cdef int corner_list(Circuit c, int *out) noexcept nogil:
    """The corners in travel order from the lowest square (always a corner); returns how many."""
    cdef uint64_t loop = loop_of(c)
    cdef uint64_t v = verticals_of(c)
    cdef uint64_t p = from_higher_of(c)
    cdef int start = ctz(loop), at = start, d, nxt, came = -1, n = 0, source, length = popcount(loop), k
    for k in range(length):
        for d in range(4):   # the successor is the neighbour whose piece comes from here
            if not on_board(at, d):
                continue
            nxt = at + STEP[d]
            if not (loop >> nxt) & 1:
                continue
            if (v >> nxt) & 1:
                source = nxt + 1 if (p >> nxt) & 1 else nxt - 1
            else:
                source = nxt + 6 if (p >> nxt) & 1 else nxt - 6
            if source == at:
                break
        if d != came:
            out[n] = at
            n += 1
        came = d
        at = nxt
    return n
