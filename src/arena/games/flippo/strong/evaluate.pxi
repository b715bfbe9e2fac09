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
#
# The evaluation is a weighted sum of features (features() below), one weight
# vector per game phase. The weights are fitted by least squares on self-play
# positions labelled with their exactly solved end (tools/flippo_fit.py writes
# eval_weights.pxi); hand-set weights cannot follow how the value of a disc,
# a square or a flipping move changes over the game.

cdef uint64_t LINES[46]      # 8 rows, 8 columns, 15 diagonals, 15 anti-diagonals
cdef int LINE_AXIS[46]       # 0 row, 1 column, 2 diagonal, 3 anti-diagonal
cdef uint64_t AXIS_END[4]    # squares that end every line of that axis through them
cdef uint64_t BORDER = 0xFF818181818181FFULL
cdef uint64_t SQUARE_CLASS[10]  # the squares of each class under the board's 8 symmetries

cdef enum:
    N_FEATURES = 18
    N_PHASES = 16       # phase = empties // 4
    F_STABLE = 1
    F_SQUARES = 2       # 10 square classes
    F_MOBILITY = 12
    F_OWN_STUCK = 13
    F_OPP_STUCK = 14
    F_FRONTIER = 15
    F_PARITY = 16       # parity.pxi's expected margin of the pieces on the board
    # +1 when White is to move (an even number of empty squares), -1 for Black. White,
    # who moves first, ends a disc or so ahead on average (self-play labels: +0.85 for
    # White to move and -0.85 for Black in every phase). A phase holds both, so without
    # this its estimates were that far off, in opposite directions for the two sides, and
    # a transposition-table value searched an odd number of plies deeper was off by twice that
    F_WHITE_TO_MOVE = 17

include "eval_weights.pxi"


cdef void _init_lines():
    cdef int n = 0, i, k, r, c, a, b, t
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
    # classes in the order (0,0) (0,1) (0,2) (0,3) (1,1) (1,2) (1,3) (2,2) (2,3) (3,3):
    # (distance to the nearer edge, distance to the farther one)
    for i in range(10):
        SQUARE_CLASS[i] = 0
    for i in range(64):
        a = min(i // 8, 7 - i // 8)
        b = min(i % 8, 7 - i % 8)
        if a > b:
            t = a; a = b; b = t
        SQUARE_CLASS[a * 4 - a * (a - 1) // 2 + b - a] |= 1ULL << i

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


cdef inline void features(uint64_t own, uint64_t opp, int* f) noexcept nogil:
    """The evaluation's inputs, each as mover minus opponent where it has two sides."""
    cdef uint64_t occupied = own | opp
    cdef uint64_t stable = stable_squares(occupied)
    cdef uint64_t empty = ~occupied
    cdef uint64_t near_empty = touching(empty)  # occupied squares next to an empty one
    cdef int i, own_moves = popcount(flipping_squares(own, opp))
    cdef int opp_moves = popcount(flipping_squares(opp, own))
    f[0] = 1
    f[F_STABLE] = popcount(stable & own) - popcount(stable & opp)
    for i in range(10):
        f[F_SQUARES + i] = popcount(own & SQUARE_CLASS[i]) - popcount(opp & SQUARE_CLASS[i])
    f[F_MOBILITY] = own_moves - opp_moves
    f[F_OWN_STUCK] = own_moves == 0
    f[F_OPP_STUCK] = opp_moves == 0
    f[F_FRONTIER] = popcount(own & near_empty) - popcount(opp & near_empty)
    f[F_PARITY] = parity_margin(own, opp)
    f[F_WHITE_TO_MOVE] = 1 if popcount(empty) % 2 == 0 else -1


cdef inline int evaluate(uint64_t own, uint64_t opp, int empties) noexcept nogil:
    cdef int f[N_FEATURES]
    cdef int i
    cdef float score = 0
    cdef float* w = &WEIGHTS[(empties // 4) * N_FEATURES]
    features(own, opp, f)
    for i in range(N_FEATURES):
        score += w[i] * f[i]
    return <int> score + pattern_score(own, opp, empties)
