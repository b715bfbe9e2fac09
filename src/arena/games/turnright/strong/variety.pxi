# Variety: with a seed, the player picks at random among the moves within a small margin of
# the best, so that a line that beats it once does not beat it every time. The same seed
# gives the same choices (as far as the time-limited searches reach the same values).
# Without a seed (seed 0) it always plays the first best move.

DEF MAX_CLOSE = 64

cdef uint64_t RANDOM_STATE = 0
cdef int CLOSE_MOVE[MAX_CLOSE]
cdef int CLOSE_VALUE[MAX_CLOSE]
cdef int close_count = 0


cdef inline uint64_t next_random() nogil:
    """splitmix64: a small, well-mixed generator that needs no library."""
    global RANDOM_STATE
    cdef uint64_t z
    RANDOM_STATE += 0x9E3779B97F4A7C15ULL
    z = RANDOM_STATE
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline bint varied() nogil:
    return RANDOM_STATE != 0


cdef inline void forget_close_moves() noexcept nogil:
    global close_count
    close_count = 0


cdef inline void note_close_move(int move, int value) noexcept nogil:
    """Keep a move whose exact value is known, for pick_close_move()."""
    global close_count
    if close_count < MAX_CLOSE:
        CLOSE_MOVE[close_count] = move
        CLOSE_VALUE[close_count] = value
        close_count += 1


cdef int pick_close_move(int best_move, int best_value, int margin) nogil:
    """One of the noted moves worth at least ``best_value - margin``, at random; ``best_move``
    when unseeded or when no other comes close."""
    cdef int k, n = 0, chosen
    if not varied():
        return best_move
    for k in range(close_count):
        if CLOSE_VALUE[k] >= best_value - margin:
            n += 1
    if n <= 1:
        return best_move
    chosen = <int>(next_random() % <uint64_t>n)
    for k in range(close_count):
        if CLOSE_VALUE[k] >= best_value - margin:
            if chosen == 0:
                return CLOSE_MOVE[k]
            chosen -= 1
    return best_move
