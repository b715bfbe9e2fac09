# The placement phase: a short alpha-beta search over the free squares, valued by
# how close each colour's pieces stand to 2×2 and 3×3 blocks. Pieces move one
# square per circuit, so a 3×3 block holding one enemy piece is still a seed of a
# win, and a 2×2 block with an enemy piece in it is worth little to either side.

DEF PLACE_INF = 1 << 28
DEF PLACE_MARGIN = 2      # seeded: any square within this much of the best placement

cdef uint64_t BLOCK2[25]
cdef int VALUE2[5]
cdef int VALUE3[10]
VALUE2[:] = [0, 0, 2, 6, 12]
VALUE3[:] = [0, 0, 0, 1, 3, 6, 12, 24, 48, 96]
DEF OPENING_SLOTS = 1 << 13
cdef uint64_t OPENING_KEY[OPENING_SLOTS]   # full boards already valued (Black's mask; 0: empty slot)
cdef int OPENING_VALUE[OPENING_SLOTS]
cdef long place_nodes = 0
cdef bint place_stopped = False
cdef double place_deadline = 0


cdef void _init_placement():
    cdef int f, r, b = 0
    for f in range(5):
        for r in range(5):
            o = f * 6 + r
            BLOCK2[b] = (1ULL << o) | (1ULL << (o + 1)) | (1ULL << (o + 6)) | (1ULL << (o + 7))
            b += 1


cdef int placement_value(uint64_t m, uint64_t o) nogil:
    """How well ``m``'s pieces stand against ``o``'s, from ``m``'s side."""
    cdef int v = 0, b, mine, theirs
    for b in range(25):
        mine, theirs = popcount(m & BLOCK2[b]), popcount(o & BLOCK2[b])
        if theirs == 0:
            v += VALUE2[mine]
        elif mine == 0:
            v -= VALUE2[theirs]
    for b in range(16):
        mine, theirs = popcount(m & BLOCK3[b]), popcount(o & BLOCK3[b])
        if theirs <= 1:
            v += VALUE3[mine] >> theirs
        if mine <= 1:
            v -= VALUE3[theirs] >> mine
    return v


cdef int opening_value(uint64_t black) nogil:
    """opening_value_now(), remembered: the placement search reaches the same full board by
    many orders of placing (with 8 squares free, at most 70 boards), and one costs a millisecond."""
    cdef int slot = <int>((black * 0x9E3779B97F4A7C15ULL) >> (64 - 13)), v
    if OPENING_KEY[slot] == black and black != 0:
        return OPENING_VALUE[slot]
    v = opening_value_now(black)
    if not place_stopped:
        OPENING_KEY[slot], OPENING_VALUE[slot] = black, v
    return v


cdef int opening_value_now(uint64_t black) nogil:
    """The full board from Black's side, Black to turn first: its rectangles against White's,
    then whether either side can force a 3×3 with its second circuit (threats.pxi): so the
    last placements deny the opponent a 3×3 in its first circuits and seek one of their own."""
    cdef int best = -WIN - 1, v, i
    cdef uint64_t m1
    cdef bint timed_out = False
    global place_stopped
    for i in range(UP_TO[4]):
        if (i & 15) == 0 and now() > place_deadline:
            place_stopped = True   # this iteration of the placement search is thrown away
            return best
        m1 = rotate(black, TABLE[i])
        if has3(~m1 & FULL):
            v = -WIN
        elif has3(m1):
            return WIN
        else:
            v = worst_reply(m1, 4, best, False, 6, 6, -1, place_deadline, &timed_out)   # 1,825 parries at most
        if v > best:
            best = v
    return best


cdef int place_negamax(uint64_t m, uint64_t o, int depth, int alpha, int beta) nogil:
    """Negamax value for the side to place, ``m``; the board's last free square stays free."""
    global place_nodes, place_stopped
    cdef uint64_t free = FULL & ~(m | o), rest
    cdef int v, sq
    place_nodes += 1
    if (place_nodes & 1023) == 0 and now() > place_deadline:
        place_stopped = True
    if popcount(free) == 1:   # Black's last piece goes there by itself, and Black turns first
        if now() > place_deadline:   # a full board costs milliseconds: look at the clock each time
            place_stopped = True
            return 0
        return opening_value(m | free)
    if depth == 0 or place_stopped:
        return placement_value(m, o)
    rest = free
    while rest:
        sq = ctz(rest)
        rest &= rest - 1
        v = -place_negamax(o, m | (1ULL << sq), depth - 1, -beta, -alpha)
        if v > alpha:
            alpha = v
            if alpha >= beta:
                break
    return alpha


cdef int choose_placement(uint64_t m, uint64_t o, double deadline, int *depth_done, int *value) nogil:
    """The square to place on, by iterative deepening until ``deadline``."""
    global place_stopped, place_deadline
    cdef uint64_t free = FULL & ~(m | o), rest
    cdef int depth, sq, v, alpha, best = ctz(free), best_now
    cdef int margin = PLACE_MARGIN if varied() else 0
    place_deadline = deadline
    place_stopped = False
    depth_done[0] = 0
    for depth in range(1, 13):
        alpha, best_now = -PLACE_INF, -1
        forget_close_moves()
        rest = free
        while rest:
            sq = ctz(rest)
            rest &= rest - 1
            v = -place_negamax(o, m | (1ULL << sq), depth - 1, -PLACE_INF, -(alpha - margin))
            if place_stopped:
                break
            if v > alpha - margin and -WIN2 < v < WIN2:
                note_close_move(sq, v)   # exact: the window was opened below it
            if v > alpha:
                alpha, best_now = v, sq
        if place_stopped:
            break
        best = pick_close_move(best_now, alpha, margin) if -WIN2 < alpha < WIN2 else best_now
        value[0] = alpha
        depth_done[0] = depth
        if depth >= popcount(free):
            break
    return best
