# Pattern tables: a learned value for every filling of each edge, each second
# line and each 3x3 corner, per game phase. Included by engine.pyx before
# evaluate.pxi, which adds them to its weighted features.
#
# Why: the linear features see counts (stable pieces, square classes, mobility)
# but not arrangements, and along an edge the arrangement is what decides which
# pieces flip later. One table per shape serves its four instances (each read
# from its corner inward, so the board's symmetries map an instance onto
# another). They are fitted on top of the features (tools/flippo_fit.py) with
# heavy shrinkage: an entry's mean error counts fully only once 8,000 positions
# have shown it. Lightly shrunk tables predicted held-out self-play results
# better (error 1.99 against 2.21 discs at 24-27 empties) but played worse:
# the search seeks out the entries whose noise flatters them. In duels from
# random openings against the engine without tables, 60 games each: shrinkage
# 20 -1.5 discs a game, 300 -0.4, 2,000 +0.5, 8,000 +0.7, 30,000 +0.3.
# The values, int16 hundredths of a disc, are in pattern_values.bin
# (zlib-compressed), read once at import.

cdef enum:
    N_PATTERNS = 12            # 4 edges, 4 second lines, 4 corners
    LINE_PATTERN_SIZE = 6561   # 3^8
    CORNER_PATTERN_SIZE = 19683  # 3^9
    PATTERN_PHASE_SIZE = 2 * LINE_PATTERN_SIZE + CORNER_PATTERN_SIZE

cdef int PATTERN_LENGTH[N_PATTERNS]
cdef int PATTERN_BASE[N_PATTERNS]        # where the shape's table starts within a phase
cdef int PATTERN_SQUARE[N_PATTERNS][9]
cdef short* pattern_values = NULL         # [phase * PATTERN_PHASE_SIZE + base + index]


cdef void _init_patterns():
    cdef int corner, k, r, c, n
    for corner in range(4):
        for k in range(8):
            PATTERN_SQUARE[corner][k] = _from_corner(corner, 0, k)      # the edge
            PATTERN_SQUARE[4 + corner][k] = _from_corner(corner, 1, k)  # the line next to it
        PATTERN_LENGTH[corner] = 8
        PATTERN_LENGTH[4 + corner] = 8
        PATTERN_BASE[corner] = 0
        PATTERN_BASE[4 + corner] = LINE_PATTERN_SIZE
        n = 0
        for r in range(3):
            for c in range(3):
                PATTERN_SQUARE[8 + corner][n] = _from_corner(corner, r, c)
                n += 1
        PATTERN_LENGTH[8 + corner] = 9
        PATTERN_BASE[8 + corner] = 2 * LINE_PATTERN_SIZE


cdef int _from_corner(int corner, int r, int c):
    """Square (r, c) of the board turned by ``corner`` quarter turns clockwise: instance 0
    is read from the top left corner along the top edge, 1 from the top right down the
    right edge, 2 from the bottom left up the left edge, 3 from the bottom right."""
    if corner == 0:
        return 8 * r + c
    if corner == 1:
        return 8 * c + 7 - r
    if corner == 2:
        return 8 * (7 - c) + r
    return 8 * (7 - r) + 7 - c

_init_patterns()


cdef int pattern_index(uint64_t own, uint64_t opp, int pattern) noexcept nogil:
    """The definition, square by square (pattern_indices() and the tests use it)."""
    cdef int k, s, index = 0
    for k in range(PATTERN_LENGTH[pattern]):
        s = PATTERN_SQUARE[pattern][k]
        index += POW3[k] * (<int> (own >> s & 1) + 2 * <int> (opp >> s & 1))
    return PATTERN_BASE[pattern] + index


# The same indices fast, for the search: a line's 8 squares come as one byte (a
# row directly, a column by a multiply), read backwards through REVERSED_BASE3;
# a corner's index is the sum of its three rows' parts, looked up per row byte.
cdef int REVERSED_BASE3[256]
cdef int CORNER_ROW[4][3]
cdef int CORNER_PART[4][3][256]


cdef void _init_fast_patterns():
    cdef int corner, j, byte, n, k, s
    for byte in range(256):
        REVERSED_BASE3[byte] = 0
        for k in range(8):
            if byte >> (7 - k) & 1:
                REVERSED_BASE3[byte] += POW3[k]
    for corner in range(4):
        for j in range(3):
            CORNER_ROW[corner][j] = j if corner < 2 else 7 - j
            for byte in range(256):
                CORNER_PART[corner][j][byte] = 0
                for n in range(9):
                    s = PATTERN_SQUARE[8 + corner][n]
                    if s // 8 == CORNER_ROW[corner][j] and byte >> (s % 8) & 1:
                        CORNER_PART[corner][j][byte] += POW3[n]

_init_fast_patterns()


cdef inline int row_byte(uint64_t x, int row) noexcept nogil:
    return <int> (x >> (8 * row) & 0xFF)


cdef inline int column_byte(uint64_t x, int column) noexcept nogil:
    return <int> ((((x >> column) & FILE_1) * COLUMN_GATHER) >> 56)


cdef inline int forward(int own_bits, int opp_bits) noexcept nogil:
    return BASE3_OF_BITS[own_bits] + 2 * BASE3_OF_BITS[opp_bits]


cdef inline int backward(int own_bits, int opp_bits) noexcept nogil:
    return REVERSED_BASE3[own_bits] + 2 * REVERSED_BASE3[opp_bits]


cdef inline int pattern_score(uint64_t own, uint64_t opp, int empties) noexcept nogil:
    cdef int corner, j, row, index, total
    cdef short* values
    if pattern_values == NULL:
        return 0
    values = &pattern_values[(empties // 4) * PATTERN_PHASE_SIZE]
    # edges, then second lines, in the instance order of _init_patterns
    total = (values[forward(row_byte(own, 0), row_byte(opp, 0))]
             + values[forward(column_byte(own, 7), column_byte(opp, 7))]
             + values[backward(column_byte(own, 0), column_byte(opp, 0))]
             + values[backward(row_byte(own, 7), row_byte(opp, 7))])
    values += LINE_PATTERN_SIZE
    total += (values[forward(row_byte(own, 1), row_byte(opp, 1))]
              + values[forward(column_byte(own, 6), column_byte(opp, 6))]
              + values[backward(column_byte(own, 1), column_byte(opp, 1))]
              + values[backward(row_byte(own, 6), row_byte(opp, 6))])
    values += LINE_PATTERN_SIZE
    for corner in range(4):
        index = 0
        for j in range(3):
            row = CORNER_ROW[corner][j]
            index += CORNER_PART[corner][j][row_byte(own, row)] + 2 * CORNER_PART[corner][j][row_byte(opp, row)]
        total += values[index]
    return total


def fast_pattern_score_matches(uint64_t own, uint64_t opp, int empties):
    """For the tests: the search's fast score equals the sum over the defined indices."""
    cdef int pattern, total = 0
    cdef short* values
    if pattern_values == NULL:
        return True
    values = &pattern_values[(empties // 4) * PATTERN_PHASE_SIZE]
    for pattern in range(N_PATTERNS):
        total += values[pattern_index(own, opp, pattern)]
    return total == pattern_score(own, opp, empties)
