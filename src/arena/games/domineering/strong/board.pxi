# Domineering on one 64-bit mask of covered cells (bit i = (x-1) * 8 + (y-1),
# row x, column y as in rules.py). Included by engine.pyx first.
#
# A placement is named by its upper-left cell's bit: the first seat (H) covers
# i and i + 1, the second seat (V) covers i and i + 8. The game's cell values
# live in module tables set once per game by set_values().

from libc.stdint cimport uint64_t

cdef extern from *:
    int popcount "__builtin_popcountll"(unsigned long long) nogil
    int ctz "__builtin_ctzll"(unsigned long long) nogil

cdef enum:
    H = 0            # the first seat: horizontal dominoes
    V = 1            # the second seat: vertical dominoes

cdef uint64_t NOT_COL1 = ~0x0101010101010101ULL   # column 1 is bit 0 of each row byte
cdef uint64_t NOT_COL8 = ~0x8080808080808080ULL
cdef uint64_t FILE_1 = 0x0101010101010101ULL
cdef int STEP[2]
STEP[:] = [1, 8]
cdef uint64_t SHAPE[2]          # a domino of each seat with its upper-left cell on bit 0
SHAPE[:] = [0b11, 0x101]

cdef int VALUE[64]
cdef int GAIN[2][64]            # the points of a placement, per seat and upper-left bit
# The most a seat earns from its own dominoes alone on a set of cells of one line:
# LINE_BEST[H][row][byte of the row], LINE_BEST[V][column][column_byte()].
cdef int LINE_BEST[2][8][256]


cdef inline uint64_t placements_of(uint64_t occ, int side) noexcept nogil:
    """Bits of the upper-left cells where ``side`` can place a domino."""
    cdef uint64_t empty = ~occ
    if side == H:
        return empty & (empty >> 1) & NOT_COL8
    return empty & (empty >> 8)


cdef inline uint64_t coverable(uint64_t occ, int side) noexcept nogil:
    """The empty cells some domino of ``side`` could cover."""
    cdef uint64_t p = placements_of(occ, side)
    return p | (p << STEP[side])


cdef inline uint64_t domino(int side, int bit) noexcept nogil:
    """The two cells: one shift of the domino's shape (the shape is the same for every bit)."""
    return SHAPE[side] << bit


cdef inline int column_byte(uint64_t cells, int column) noexcept nogil:
    """The cells of one column as a byte: row r (0-based) is bit r."""
    return <int> ((((cells >> column) & FILE_1) * 0x0102040810204080ULL) >> 56)


cdef int line_best(uint64_t cells, int side) noexcept nogil:
    """The most ``side`` earns tiling its own dominoes within ``cells`` (each line exact)."""
    cdef int total = 0, line
    if cells == 0:
        return 0
    for line in range(8):
        if side == H:
            total += LINE_BEST[H][line][(cells >> (8 * line)) & 255]
        else:
            total += LINE_BEST[V][line][column_byte(cells, line)]
    return total


cdef uint64_t spread(uint64_t seeds, uint64_t empty, int side) noexcept nogil:
    """``seeds`` grown along ``side``'s direction through ``empty`` cells: whole runs."""
    cdef uint64_t grown = seeds, before = 0
    while grown != before:
        before = grown
        if side == H:
            grown |= (((grown << 1) & NOT_COL1) | ((grown >> 1) & NOT_COL8)) & empty
        else:
            grown |= ((grown << 8) | (grown >> 8)) & empty
    return grown


cdef uint64_t settle(uint64_t occ, int* h_minus_v) noexcept nogil:
    """Cover what is already decided; add its points (H's minus V's) to ``h_minus_v``.

    A cell neither seat can cover is dead. A run of empty cells along H's
    direction that V cannot touch anywhere belongs to H alone: H will tile it
    at leisure (a pass is always legal, so timing it costs nothing), worth its
    best tiling; likewise for V. Covering these leaves an equivalent, smaller
    position: they are the independent one-player regions of the board.
    """
    cdef uint64_t empty = ~occ, h_cov = coverable(occ, H), v_cov = coverable(occ, V)
    cdef uint64_t h_own = empty & ~spread(empty & v_cov, empty, H) & h_cov
    cdef uint64_t v_own = empty & ~spread(empty & h_cov, empty, V) & v_cov
    h_minus_v[0] += line_best(h_own, H) - line_best(v_own, V)
    return occ | (empty & ~(h_cov | v_cov)) | h_own | v_own


cdef int _tile_line(int* values, int cells) noexcept:
    """Best tiling of a line's ``cells`` (a byte) with dominoes of adjacent cells."""
    cdef int best[10]
    cdef int k
    best[0] = 0
    best[1] = 0
    for k in range(1, 8):
        best[k + 1] = best[k]
        if (cells >> k) & 1 and (cells >> (k - 1)) & 1:
            best[k + 1] = max(best[k + 1], best[k - 1] + values[k - 1] + values[k])
    return best[8]


cdef void _load_values(list values):
    cdef int i, line, k, cells
    cdef int row_values[8]
    cdef int column_values[8]
    for i in range(64):
        VALUE[i] = values[i]
    for i in range(64):
        GAIN[H][i] = VALUE[i] + VALUE[i + 1] if i % 8 < 7 else 0
        GAIN[V][i] = VALUE[i] + VALUE[i + 8] if i < 56 else 0
    for line in range(8):
        for k in range(8):
            row_values[k] = VALUE[line * 8 + k]
            column_values[k] = VALUE[k * 8 + line]
        for cells in range(256):
            LINE_BEST[H][line][cells] = _tile_line(row_values, cells)
            LINE_BEST[V][line][cells] = _tile_line(column_values, cells)
