# 3×3 threats: can a colour make a 3×3 block with its next circuit, and can the other side parry?
#
# A circuit moves every piece on its loop one square on, so after circuit c a colour holds the
# 3×3 block B exactly when it held B's sources under c: the nine squares whose pieces c carries
# into B. Over all 1,222,363 circuits and the 16 blocks there are only 9,568 distinct source
# sets (a block's sources depend only on how the loop crosses the block and its rim), so "is
# there a 3×3 in one circuit?" is a scan of a short table instead of a turn of every circuit.
#
# The table is indexed by the block and by which of its nine squares the colour holds: a source
# set can only fit if every source inside the block is held, so for each (block, held pattern)
# the fitting source sets are listed in advance, fewest corners first (a player's corner limit
# cuts each list short). A typical board touches a few entries per block, about 0.1 µs in all.

DEF PATTERNS = 512                 # the held squares of one 3×3 block, as 9 bits
DEF MAX_SOURCE_SETS = 9568         # found by enumeration (the test checks it)
DEF LIST_ROOM = 140000             # total length of the per-(block, pattern) lists
DEF SOURCE_SLOTS = 1 << 16         # open addressing while collecting the distinct source sets
DEF CORNER_SHIFT = 40              # an entry: source-set bits 0-35, its fewest corners from bit 40
DEF PARRY_KILLERS = 32

from libc.stdlib cimport free

cdef uint64_t *SOURCE_LIST = NULL          # the concatenated lists
cdef int LIST_START[16][PATTERNS + 1]
cdef int source_set_count = 0
cdef int HINT_BLOCK = 0                    # where the last 3×3 was found: likely again
cdef int PARRY[PARRY_KILLERS]
cdef int PARRY_CURSOR = 0
cdef long parry_searches = 0, parry_tries = 0, parry_failures = 0


cdef inline uint64_t sources(uint64_t block, Circuit c) nogil:
    """The squares whose pieces circuit ``c`` carries into ``block`` (the inverse of rotate())."""
    cdef uint64_t p = from_higher_of(c)
    cdef uint64_t v = verticals_of(c)
    cdef uint64_t loop = loop_of(c)
    cdef uint64_t h = loop & ~v
    return ((block & ~loop) | ((block & v & ~p) >> 1) | ((block & v & p) << 1)
            | ((block & h & ~p) >> 6) | ((block & h & p) << 6))


cdef inline int held_pattern(uint64_t m, int origin) nogil:
    """Which of the nine squares of the 3×3 block at ``origin`` ``m`` holds: bit file*3 + rank."""
    return <int>(((m >> origin) & 7) | (((m >> (origin + 6)) & 7) << 3) | (((m >> (origin + 12)) & 7) << 6))


cdef int ORIGIN_OF[16]


cdef int build_threat_table() except -1:
    """Collect every block's distinct source sets (fewest corners first) and list them by pattern."""
    global SOURCE_LIST, source_set_count
    cdef uint64_t *slots
    cdef uint64_t *found
    cdef int *found_block
    cdef int *of_block
    cdef uint64_t entry, key, s
    cdef int b, i, j, y, n, at, origin, f, r, pattern, count
    if SOURCE_LIST != NULL:
        return source_set_count
    build_table()
    b = 0
    for f in range(4):
        for r in range(4):
            ORIGIN_OF[b] = f * 6 + r
            b += 1
    slots = <uint64_t *> malloc(SOURCE_SLOTS * sizeof(uint64_t))
    found = <uint64_t *> malloc(MAX_SOURCE_SETS * sizeof(uint64_t))
    found_block = <int *> malloc(MAX_SOURCE_SETS * sizeof(int))
    of_block = <int *> malloc(MAX_SOURCE_SETS * sizeof(int))
    SOURCE_LIST = <uint64_t *> malloc(LIST_ROOM * sizeof(uint64_t))
    if slots == NULL or found == NULL or found_block == NULL or of_block == NULL or SOURCE_LIST == NULL:
        raise MemoryError()
    with nogil:
        for i in range(SOURCE_SLOTS):
            slots[i] = 0
        n = 0
        for i in range(COUNT):   # TABLE is sorted by corners: the first circuit seen has the fewest
            for b in range(16):
                s = sources(BLOCK3[b], TABLE[i])
                key = s | (<uint64_t>b << 36) | (1ULL << 63)
                j = <int>((key * 0x9E3779B97F4A7C15ULL) >> 48)
                while slots[j] != 0 and slots[j] != key:
                    j = (j + 1) & (SOURCE_SLOTS - 1)
                if slots[j] == 0 and n < MAX_SOURCE_SETS:
                    slots[j] = key
                    found[n] = s | (<uint64_t>corners_of(TABLE[i]) << CORNER_SHIFT)
                    found_block[n] = b
                    n += 1
        source_set_count = n
        at = 0
        for b in range(16):
            origin = ORIGIN_OF[b]
            count = 0
            for i in range(n):   # in order found: fewest corners first
                if found_block[i] == b:
                    of_block[count] = i
                    count += 1
            for y in range(PATTERNS):
                LIST_START[b][y] = at
                for j in range(count):
                    i = of_block[j]
                    pattern = held_pattern(found[i] & FULL, origin)
                    if (pattern & ~y) == 0 and at < LIST_ROOM:
                        SOURCE_LIST[at] = found[i]
                        at += 1
            LIST_START[b][PATTERNS] = at
    free(slots)
    free(found)
    free(found_block)
    free(of_block)
    return source_set_count


cdef inline bint block_in_one(uint64_t m, int b, uint64_t limit_key) nogil:
    cdef int y = held_pattern(m, ORIGIN_OF[b]), k, end = LIST_START[b][y + 1]
    cdef uint64_t missing = ~m & FULL
    if y == PATTERNS - 1:
        return True
    for k in range(LIST_START[b][y], end):
        if SOURCE_LIST[k] >= limit_key:
            return False
        if (SOURCE_LIST[k] & missing) == 0:
            return True
    return False


cdef bint can_win(uint64_t m, int limit) nogil:
    """Whether the colour holding ``m`` can make a 3×3 block with one circuit of at most ``limit``
    corners (or holds one already). Whether the other colour gets one too is not looked at."""
    global HINT_BLOCK
    cdef uint64_t limit_key = <uint64_t>(limit + 1) << CORNER_SHIFT
    cdef int b
    if block_in_one(m, HINT_BLOCK, limit_key):
        return True
    for b in range(16):
        if b != HINT_BLOCK and block_in_one(m, b, limit_key):
            HINT_BLOCK = b
            return True
    return False


cdef inline bint parries(uint64_t m2, int i, int their_limit) nogil:
    cdef uint64_t m3 = rotate(m2, TABLE[i])
    return not has3(~m3 & FULL) and (has3(m3) or not can_win(~m3 & FULL, their_limit))


cdef inline void remember_parry(int k, int i) noexcept nogil:
    """Move parry ``i`` (found at killer slot ``k``, or PARRY_KILLERS if new) to the front."""
    cdef int j
    for j in range(min(k, PARRY_KILLERS - 1), 0, -1):
        PARRY[j] = PARRY[j - 1]
    PARRY[0] = i


cdef int find_parry(uint64_t m2, int my_limit, int their_limit, int budget, double hard, bint *timed_out) nogil:
    """With the opponent threatening a 3×3 on ``m2`` (my squares, me to move): a circuit of mine
    after which it has none in one circuit, or one that wins for me at once; -1 if none exists,
    -2 if none was found among ``budget`` circuits (budget < 0: all of them).
    The parries found last are tried first, then the circuits from where the last search found
    one (late in a game a parry is one circuit in fifty or so, and alike boards share them);
    a circuit giving the opponent a 3×3 is no parry."""
    global parry_searches, parry_tries, parry_failures, PARRY_CURSOR
    cdef int k, i, t, n = UP_TO[my_limit]
    parry_searches += 1
    for k in range(PARRY_KILLERS):
        i = PARRY[k]
        if i >= 0 and i < n and parries(m2, i, their_limit):
            remember_parry(k, i)
            return i
    if PARRY_CURSOR >= n:
        PARRY_CURSOR = 0
    i = PARRY_CURSOR
    for t in range(n):
        if t == budget:
            return -2
        if (t & 0x3FFF) == 0x3FFF and now() > hard:
            timed_out[0] = True
            return i   # out of time: assume the threat can be met
        parry_tries += 1
        if parries(m2, i, their_limit):
            remember_parry(PARRY_KILLERS, i)
            PARRY_CURSOR = i
            return i
        i += 1
        if i == n:
            i = 0
    parry_failures += 1
    return -1


cdef void clear_parries() noexcept nogil:
    cdef int k
    global PARRY_CURSOR
    for k in range(PARRY_KILLERS):
        PARRY[k] = -1
    PARRY_CURSOR = 0
