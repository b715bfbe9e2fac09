# The boards one scan has met already. A circuit that only carries pieces of one colour along
# changes nothing, and late in a game the 1.2 million circuits of a position lead to only
# 60,000-120,000 distinct boards: each is valued once. A generation stamp empties the set in
# no time between scans; when the set is full, new boards are simply valued again.

from libc.stdint cimport uint32_t

DEF SEEN_BITS = 18
DEF SEEN_SIZE = 1 << SEEN_BITS
DEF SEEN_ROOM = SEEN_SIZE * 5 // 8     # fill at most this much: probes stay short

cdef uint64_t *SEEN_BOARD = NULL
cdef uint32_t *SEEN_STAMP = NULL
cdef int *SEEN_VALUE = NULL            # what the scan noted about the board (gather: exposed or not)
cdef uint32_t seen_generation = 0
cdef int seen_count = 0


cdef int allocate_boards_seen() except -1:
    global SEEN_BOARD, SEEN_STAMP, SEEN_VALUE
    cdef int i
    if SEEN_BOARD != NULL:
        return 0
    SEEN_BOARD = <uint64_t *> malloc(SEEN_SIZE * sizeof(uint64_t))
    SEEN_STAMP = <uint32_t *> malloc(SEEN_SIZE * sizeof(uint32_t))
    SEEN_VALUE = <int *> malloc(SEEN_SIZE * sizeof(int))
    if SEEN_BOARD == NULL or SEEN_STAMP == NULL or SEEN_VALUE == NULL:
        raise MemoryError()
    for i in range(SEEN_SIZE):
        SEEN_STAMP[i] = 0
    return 0


cdef inline void forget_boards() noexcept nogil:
    """Start a new set (in constant time, bar once in four billion scans)."""
    global seen_generation, seen_count
    cdef int i
    seen_generation += 1
    seen_count = 0
    if seen_generation == 0:
        for i in range(SEEN_SIZE):
            SEEN_STAMP[i] = 0
        seen_generation = 1


cdef inline int board_slot(uint64_t board, bint *fresh) noexcept nogil:
    """The board's slot in the set, added if new (``fresh``); -1 (and fresh) when the set is full."""
    global seen_count
    cdef int slot = <int>((board * 0x9E3779B97F4A7C15ULL) >> (64 - SEEN_BITS))
    while SEEN_STAMP[slot] == seen_generation:
        if SEEN_BOARD[slot] == board:
            fresh[0] = False
            return slot
        slot = (slot + 1) & (SEEN_SIZE - 1)
    fresh[0] = True
    if seen_count >= SEEN_ROOM:
        return -1
    seen_count += 1
    SEEN_STAMP[slot] = seen_generation
    SEEN_BOARD[slot] = board
    return slot


cdef inline bint first_visit(uint64_t board) noexcept nogil:
    cdef bint fresh
    board_slot(board, &fresh)
    return fresh
