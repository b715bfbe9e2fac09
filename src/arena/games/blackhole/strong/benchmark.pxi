# The benchmark kernel bench/engines.py times against rules.py and a C reference.
# Included by engine.pyx, after place() and unplace().
#
# A position is 36 cells in tile order: 0 empty, BROWN_CELL brown, +n a red stone
# n, -n a blue stone n; whose turn it is follows from the number of stones.

cdef enum:
    BROWN = 99
BROWN_CELL = BROWN  # for Python callers


cdef void load_cells(const int[::1] cells, Py_ssize_t first) noexcept nogil:
    """Make the engine's position the one in ``cells[first:first + 36]``."""
    global empty, turn, key
    cdef int t, s
    empty = 0
    used[0] = used[1] = 0
    turn = 0
    key = 0
    for t in range(36):
        stone[t] = 0
        around[t] = 0
    for t in range(36):
        s = cells[first + t]
        if s == 0:
            empty |= 1ULL << t
        elif s != BROWN:
            # as played: its number used, the turn counted, the key and the sums around it
            # updated (the tile is not in ``empty`` yet, so place() leaves that as it is)
            place(t, s)


def count_positions(const int[::1] cells):
    """For each position in the flat array ``cells`` (36 per position), generate
    every legal move and play and take back each one.

    Returns a checksum over the child positions (so the work cannot be skipped):
    for each child, 1 plus the parity of the sum around the placed tile's first
    neighbour. The engine's own position is left as the last one loaded.
    """
    cdef Py_ssize_t first
    cdef long long total = 0
    cdef int seat, sign, t, n, free_numbers
    cdef uint64_t rest
    for first in range(0, cells.shape[0], 36):
        load_cells(cells, first)
        if turn >= 30:
            continue
        seat = turn % 2
        sign = 1 - 2 * seat
        free_numbers = ~used[seat] & 0xFFFE
        rest = empty
        while rest:
            t = ctz(rest)
            rest &= rest - 1
            n = free_numbers
            while n:
                place(t, sign * ctz(n))
                total += (around[NEIGHBOURS[t][0]] & 1) + 1
                unplace(t)
                n &= n - 1
    return total
