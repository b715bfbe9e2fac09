# Flippo's static evaluation, in hundredths of a disc of final margin, from the
# mover's side. Included by engine.pyx after bitboard.pxi.
#
# What is stable under Flippo's rule? Not Othello's anchored edges: here the
# mover flips its *own* pieces between the new piece and its farthest piece, so
# an edge run next to a corner can still flip. A piece flips only when it lies
# strictly inside a run that starts next to an empty square. On one line
# through the piece that is impossible for good when the piece ends that line
# (it sits on the border across that line) or when the whole line is full
# (a full line stays full). A piece safe on all four lines keeps its colour to
# the end: it is a disc of final margin already. Corners are always stable.

cdef uint64_t LINES[46]      # 8 rows, 8 columns, 15 diagonals, 15 anti-diagonals
cdef int LINE_AXIS[46]       # 0 row, 1 column, 2 diagonal, 3 anti-diagonal
cdef uint64_t AXIS_END[4]    # squares that end every line of that axis through them
cdef uint64_t BORDER = 0xFF818181818181FFULL


cdef void _init_lines():
    cdef int n = 0, i, k, r, c
    for i in range(8):
        LINES[n] = 0xFFULL << (8 * i); LINE_AXIS[n] = 0; n += 1
        LINES[n] = FILE_1 << i; LINE_AXIS[n] = 1; n += 1
    for k in range(-7, 8):
        LINES[n] = 0; LINE_AXIS[n] = 2
        LINES[n + 1] = 0; LINE_AXIS[n + 1] = 3
        for r in range(8):
            c = r - k
            if 0 <= c < 8:
                LINES[n] |= 1ULL << (r * 8 + c)
            c = k + 7 - r
            if 0 <= c < 8:
                LINES[n + 1] |= 1ULL << (r * 8 + c)
        n += 2
    AXIS_END[0] = FILE_1 | FILE_8
    AXIS_END[1] = 0xFF000000000000FFULL
    AXIS_END[2] = BORDER
    AXIS_END[3] = BORDER

_init_lines()


cdef inline uint64_t stable_squares(uint64_t occupied) noexcept nogil:
    """Occupied squares whose colour can never change again."""
    cdef uint64_t safe[4]
    cdef int i
    for i in range(4):
        safe[i] = AXIS_END[i]
    for i in range(46):
        if occupied & LINES[i] == LINES[i]:
            safe[LINE_AXIS[i]] |= LINES[i]
    return occupied & safe[0] & safe[1] & safe[2] & safe[3]


# Weights, tuned by self-play (bench/strength.py). A stable disc is worth a
# little more than its disc of margin: it also anchors flips in its lines.
cdef int W_STABLE = 130
cdef int W_EDGE = 30        # an edge piece anchors flips along its edge and cannot be outflanked across it


cdef inline int evaluate(uint64_t own, uint64_t opp, int empties) noexcept nogil:
    cdef uint64_t occupied = own | opp
    cdef uint64_t stable = stable_squares(occupied)
    cdef int score = W_STABLE * (popcount(stable & own) - popcount(stable & opp))
    # Unstable discs still count, more as the end nears and fewer flips remain.
    score += (60 - empties) * (popcount(own & ~stable) - popcount(opp & ~stable)) // 3
    score += W_EDGE * (popcount(own & BORDER & ~stable) - popcount(opp & BORDER & ~stable))
    return score
