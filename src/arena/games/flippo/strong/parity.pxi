# The flip-parity estimate of the final margin. Included by engine.pyx after
# bitboard.pxi, before evaluate.pxi (one of its features).
#
# The idea (T. Czajka's, published with his CodeCup 2019 entry): a piece ends
# the game in its colour now exactly when it is flipped an even number of times,
# and a flip along a line only ever comes from a piece placed on that same line.
# So, for each line (row, column, diagonal) alone, model the rest of the game as
# random: an empty square of the line, drawn uniformly, gets a piece of either
# colour with even odds, and the line flips by Flippo's rule. The model gives,
# for every piece of the line, m = E[(-1)^flips]. Taking the four lines through
# a square as independent, the piece's expected final colour is its colour times
# the product of its four m, and the sum over the board is the expected margin.
#
# One table per line length, indexed by the line's contents in base 3 (0 empty,
# 1 the mover's, 2 the opponent's; digit k is the k-th square along the line).
# The tables are built once at import by dynamic programming over the line's
# states, fewest empties first (about 10,000 states, a few milliseconds).

from libc.stdlib cimport free, malloc

cdef int POW3[9]
cdef int BASE3_OF_BITS[256]        # bits set -> sum of 3^k over those bits
cdef float* FLIP_ODDS[9]           # [length][index * length + k]: m of square k
cdef uint64_t PARITY_LINE_MASK[46]
cdef int PARITY_LINE_PRE[46]       # line bits = (((x >> PRE) & MASK) * MULT) >> POST
cdef uint64_t PARITY_LINE_MULT[46]
cdef int PARITY_LINE_POST[46]
cdef int PARITY_LINE_LENGTH[46]
cdef int PARITY_LINE_SQUARE[46][8]  # the board square of the line's k-th square
# times a column's squares (bits 8k, shifted to column 0), puts square 8k at bit 56 + k
cdef uint64_t COLUMN_GATHER = 0x0102040810204080ULL


cdef int _line_after(int length, int index, int square, int colour) noexcept nogil:
    """The line's index after ``colour`` (1 or 2) is placed on the empty ``square``."""
    cdef int cells[8]
    cdef int k, step, q, farthest
    for k in range(length):
        cells[k] = index // POW3[k] % 3
    cells[square] = colour
    for step in range(-1, 2, 2):
        farthest = -1
        q = square + step
        while 0 <= q < length and cells[q] != 0:
            if cells[q] == colour:
                farthest = q
            q += step
        if farthest >= 0:
            q = square + step
            while q != farthest:
                cells[q] = 3 - cells[q]
                q += step
    index = 0
    for k in range(length):
        index += cells[k] * POW3[k]
    return index


cdef void _build_line_table(int length) noexcept nogil:
    """FLIP_ODDS for one length: E[final colour] per square, fewest empties first,
    then turned into E[(-1)^flips] for the occupied squares."""
    cdef int states = POW3[length], index, k, square, colour, next_index, empties, level
    cdef float* expected = <float*> malloc(states * length * sizeof(float))  # +1 mover, -1 opponent
    cdef float* table = <float*> malloc(states * length * sizeof(float))
    cdef int digit
    for level in range(length + 1):        # states with ``level`` empty squares
        for index in range(states):
            empties = 0
            for k in range(length):
                if index // POW3[k] % 3 == 0:
                    empties += 1
            if empties != level:
                continue
            for k in range(length):
                expected[index * length + k] = 0
            if level == 0:
                for k in range(length):
                    expected[index * length + k] = 1 if index // POW3[k] % 3 == 1 else -1
                continue
            for square in range(length):
                if index // POW3[square] % 3 != 0:
                    continue
                for colour in range(1, 3):
                    next_index = _line_after(length, index, square, colour)
                    for k in range(length):
                        expected[index * length + k] += expected[next_index * length + k] / (2 * level)
    for index in range(states):
        for k in range(length):
            digit = index // POW3[k] % 3
            table[index * length + k] = (expected[index * length + k] if digit == 1 else
                                         -expected[index * length + k] if digit == 2 else 0)
    FLIP_ODDS[length] = table
    free(expected)


cdef void _init_parity():
    cdef int i, k, n = 0, r, c, length, low
    POW3[0] = 1
    for i in range(1, 9):
        POW3[i] = POW3[i - 1] * 3
    for i in range(256):
        BASE3_OF_BITS[i] = 0
        for k in range(8):
            if i >> k & 1:
                BASE3_OF_BITS[i] += POW3[k]
    for length in range(1, 9):
        _build_line_table(length)
    for i in range(8):
        # row i: its byte, squares by column
        PARITY_LINE_MASK[n] = 0xFF; PARITY_LINE_PRE[n] = 8 * i; PARITY_LINE_MULT[n] = 1
        PARITY_LINE_POST[n] = 0; PARITY_LINE_LENGTH[n] = 8
        for k in range(8):
            PARITY_LINE_SQUARE[n][k] = 8 * i + k
        n += 1
        # column i: the multiply gathers square 8k + i into bit 56 + k
        PARITY_LINE_MASK[n] = FILE_1; PARITY_LINE_PRE[n] = i; PARITY_LINE_MULT[n] = COLUMN_GATHER
        PARITY_LINE_POST[n] = 56; PARITY_LINE_LENGTH[n] = 8
        for k in range(8):
            PARITY_LINE_SQUARE[n][k] = 8 * k + i
        n += 1
    # diagonals: the multiply by FILE_1 stacks every row into the top byte, so each
    # square lands on its column's bit; squares by column (a geometric order on the line)
    for i in range(-7, 8):
        for r in range(2):
            PARITY_LINE_MASK[n] = 0
            length = 0
            low = 8
            for c in range(8):
                k = c + i if r == 0 else 7 - c - i   # the row of column c on this line
                if 0 <= k < 8:
                    PARITY_LINE_MASK[n] |= 1ULL << (8 * k + c)
                    PARITY_LINE_SQUARE[n][length] = 8 * k + c
                    length += 1
                    low = min(low, c)
            PARITY_LINE_PRE[n] = 0; PARITY_LINE_MULT[n] = FILE_1
            PARITY_LINE_POST[n] = 56 + low; PARITY_LINE_LENGTH[n] = length
            n += 1

_init_parity()


cdef inline int line_bits(uint64_t x, int line) noexcept nogil:
    return <int> ((((x >> PARITY_LINE_PRE[line]) & PARITY_LINE_MASK[line]) * PARITY_LINE_MULT[line])
                  >> PARITY_LINE_POST[line])


cdef inline int parity_margin(uint64_t own, uint64_t opp) noexcept nogil:
    """The expected final margin of the pieces on the board, hundredths of a disc."""
    cdef float odds[64]
    cdef uint64_t occupied = own | opp, line_squares, rest
    cdef int line, k, length, index
    cdef float* m
    cdef float total = 0
    for k in range(64):
        odds[k] = 1
    for line in range(46):
        length = PARITY_LINE_LENGTH[line]
        if length < 3:
            continue  # no square lies strictly between two others: nothing flips
        line_squares = line_bits(occupied, line)
        if line_squares == 0 or line_squares == (1ULL << length) - 1:
            continue  # no piece, or full for good: every m is 1
        index = BASE3_OF_BITS[line_bits(own, line)] + 2 * BASE3_OF_BITS[line_bits(opp, line)]
        m = &FLIP_ODDS[length][index * length]
        for k in range(length):
            odds[PARITY_LINE_SQUARE[line][k]] *= m[k]
    rest = own
    while rest:
        total += odds[ctz(rest)]
        rest &= rest - 1
    rest = opp
    while rest:
        total -= odds[ctz(rest)]
        rest &= rest - 1
    return <int> (100 * total)
