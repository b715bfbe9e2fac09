# The circuit phase: every circuit of the mover, then every reply of the opponent, then
# 3×3 threats one circuit further on each side.
#
# Values are in eighths of a point, from the mover's side. A 3×3 win ends the game
# at once, so the mover takes one when it has it (the one scoring most 2×2 points,
# for the margin) and never plays a circuit after which the opponent has one: each
# candidate is checked against all the opponent's circuits (a 2-ply search with
# alpha-beta cuts, killer replies tried first). The candidates are the mover's
# circuits with the best one-ply value, each resulting board once.
#
# After each reply the threat table (threats.pxi) looks one circuit further: a reply
# that leaves the mover a 3×3 in one circuit is worth WIN2 to it (so a candidate whose
# every reply does is a forced win), and a reply that leaves the opponent one is
# checked for a parry among the mover's next circuits: none is a forced loss (-WIN2;
# late in the game, when only PARRY_BUDGET circuits are tried, a likely loss). So a
# 3×3 the opponent can force with its next two circuits is seen and avoided, and one
# of ours is found. Candidates after which the opponent has a 3×3 at once are left out
# before the search (the table's quick test), and each distinct board is valued once
# per scan (boards_seen.pxi).

from libc.stdlib cimport qsort

DEF WIN = 1000000
DEF POINT = 8            # a 2×2 point
DEF MY_SEED = 10         # a 3×3 block missing one square, mine, with me to move
DEF THEIR_SEED = 6       # the same for the opponent (I move first and may break it)
DEF HIST = 4096
DEF MAX_CANDIDATES = 6000
DEF KILLERS = 8
DEF WIN2 = WIN // 4        # a 3×3 one circuit later that the other side cannot stop
DEF THREAT_PENALTY = 4     # a threat we can parry still dictates our next circuit
DEF LIKELY_LOSS = WIN2 // 2   # a threat no circuit among PARRY_BUDGET parries: most likely lost
DEF PARRY_BUDGET = 256
DEF ALL_PARRIES = 12000    # up to this many circuits (8 corners), every one is tried: a loss is proven
DEF VARIETY_MARGIN = 4     # seeded: any candidate within half a point of the best
DEF DEEP_SECONDS = 0.25    # with less time than this (a scaled-down clock), the plain 2-ply search

cdef struct Candidate:
    int key
    int index
    uint64_t child

cdef Candidate CANDIDATES[MAX_CANDIDATES]
cdef int HISTOGRAM[HIST]
cdef int KILLER[KILLERS]


cdef inline int first_ply_key(uint64_t m1) nogil:
    cdef uint64_t o1 = ~m1 & FULL
    return POINT * (blocks2(m1) - blocks2(o1)) + THEIR_SEED * (near3(m1) - near3(o1))


cdef int by_key(const void *a, const void *b) noexcept nogil:
    cdef const Candidate *x = <const Candidate *> a
    cdef const Candidate *y = <const Candidate *> b
    if x.key != y.key:
        return -1 if x.key > y.key else 1
    return -1 if x.child < y.child else (1 if x.child > y.child else 0)


DEF EXPOSED_WORDS = (MAX_CIRCUITS + 63) // 64
cdef uint64_t EXPOSED[EXPOSED_WORDS]   # candidates after which the opponent has a 3×3 in one


cdef int gather(uint64_t m, int limit, int their_limit, int *win_index, int *win_points, int *losing) nogil:
    """The best first-ply candidates (sorted, each board once); notes the best 3×3 win.
    Candidates after which the opponent can make a 3×3 with its reply (of at most
    ``their_limit`` corners: the threat table's quick test) are left out, unless all are."""
    cdef int i, key, bucket, threshold, taken = 0, n = UP_TO[limit], points, safe = 0, slot
    cdef uint64_t m1
    cdef bint skip_exposed, fresh, exposed
    for i in range(HIST):
        HISTOGRAM[i] = 0
    for i in range((n + 63) // 64):
        EXPOSED[i] = 0
    win_index[0] = -1
    losing[0] = 0
    forget_boards()
    for i in range(n):
        m1 = rotate(m, TABLE[i])
        if has3(~m1 & FULL):
            losing[0] += 1   # both at once also loses: the player who did not move wins
        elif has3(m1):
            points = blocks2(m1) - blocks2(~m1 & FULL)
            if win_index[0] < 0 or points > win_points[0]:
                win_index[0], win_points[0] = i, points
        else:
            slot = board_slot(m1, &fresh)
            if fresh:   # each board once: its exposure is noted in its slot for its repeats
                exposed = their_limit > 0 and can_win(~m1 & FULL, their_limit)
                if slot >= 0:
                    SEEN_VALUE[slot] = exposed
                if not exposed:
                    safe += 1
                    HISTOGRAM[min(max(first_ply_key(m1) + HIST // 2, 0), HIST - 1)] += 1
            else:
                exposed = SEEN_VALUE[slot]
            if exposed:
                EXPOSED[i >> 6] |= 1ULL << (i & 63)
    skip_exposed = safe > 0
    if not skip_exposed:   # every circuit lets the opponent win: rank them all the same way
        for i in range(n):
            if (EXPOSED[i >> 6] >> (i & 63)) & 1:
                HISTOGRAM[min(max(first_ply_key(rotate(m, TABLE[i])) + HIST // 2, 0), HIST - 1)] += 1
    threshold = HIST - 1
    while threshold > 0 and taken + HISTOGRAM[threshold] <= MAX_CANDIDATES // 4:
        taken += HISTOGRAM[threshold]
        threshold -= 1
    cdef int ties = 0, room = MAX_CANDIDATES - taken   # the better buckets all fit; ties fill the room
    taken = 0
    forget_boards()
    for i in range(n):
        m1 = rotate(m, TABLE[i])
        if has3(~m1 & FULL) or has3(m1) or (skip_exposed and (EXPOSED[i >> 6] >> (i & 63)) & 1):
            continue
        if not first_visit(m1):
            continue
        key = first_ply_key(m1)
        bucket = min(max(key + HIST // 2, 0), HIST - 1)
        if bucket > threshold or (bucket == threshold and ties < room):
            ties += bucket == threshold
            CANDIDATES[taken].key, CANDIDATES[taken].index, CANDIDATES[taken].child = key, i, m1
            taken += 1
    qsort(CANDIDATES, taken, sizeof(Candidate), by_key)
    return taken


cdef inline int leaf(int g1, uint64_t m2, bint last_reply) nogil:
    """The board after the opponent's reply, from the mover's side (who moves next)."""
    cdef uint64_t o2 = ~m2 & FULL
    cdef int g2 = blocks2(m2) - blocks2(o2)
    if last_reply:
        return POINT * (g1 + g2)
    return POINT * (g1 + g2) + POINT // 2 * g2 + MY_SEED * near3(m2) - THEIR_SEED * near3(o2)


cdef inline int reply_value(uint64_t m2, int g1, bint last_reply) nogil:
    """The leaf value of one opponent reply: -WIN if it wins for them, WIN if it loses for them."""
    if has3(m2):
        return WIN   # mine, or both at once: the opponent moved, so I win
    if has3(~m2 & FULL):
        return -WIN
    return leaf(g1, m2, last_reply)


cdef inline int threat_value(uint64_t m2, int v, int alpha, int worst, int my_next, int their_next,
                             int budget, double hard, bint *timed_out) nogil:
    """The value ``v`` of the board ``m2`` (mine, me to move), corrected by what the next
    circuits can force: WIN2 if I can make a 3×3, -WIN2 if the opponent threatens one that
    no circuit of mine parries. Late in the game most boards let the mover make a 3×3 (long
    circuits reach far), so my own win is looked for first: it is found fast, and it settles it.
    A parry is looked for among ``budget`` circuits (< 0: all): a threat that none of them
    meets is taken for a likely loss (a board where parries are that rare is lost or nearly)."""
    cdef int parry
    if my_next > 0 and can_win(m2, my_next):
        return WIN2
    if their_next > 0 and v > alpha and can_win(~m2 & FULL, their_next):
        parry = find_parry(m2, my_next, their_next, budget, hard, timed_out)
        if parry == -1:
            return -WIN2
        if parry == -2:
            return -LIKELY_LOSS
        v -= THREAT_PENALTY
    return v


cdef int worst_reply(uint64_t m1, int limit, int alpha, bint last_reply, int my_next, int their_next,
                     int budget, double hard, bint *timed_out) nogil:
    """The opponent's best reply's value for me, or anything <= alpha once it is below alpha.
    ``my_next`` / ``their_next``: the corner limits of the circuits after the reply (0: there
    is none, so no threat is looked for)."""
    cdef int g1 = blocks2(m1) - blocks2(~m1 & FULL), worst = WIN, v, i, k, n = UP_TO[limit]
    cdef uint64_t m2
    forget_boards()
    for k in range(KILLERS):   # replies that refuted earlier candidates are likely to again
        if KILLER[k] >= 0 and KILLER[k] < n:
            m2 = rotate(m1, TABLE[KILLER[k]])
            if not first_visit(m2):
                continue
            v = reply_value(m2, g1, last_reply)
            if -WIN < v < WIN:
                v = threat_value(m2, v, alpha, worst, my_next, their_next, budget, hard, timed_out)
            if v < worst:
                worst = v
                if worst <= alpha or worst <= -LIKELY_LOSS:
                    return worst
    for i in range(n):
        if (i & 0xFFFF) == 0 and now() > hard:
            timed_out[0] = True
            return worst
        m2 = rotate(m1, TABLE[i])
        if not first_visit(m2):
            continue   # the same board as an earlier reply: the same value
        v = reply_value(m2, g1, last_reply)
        if -WIN < v < WIN:
            v = threat_value(m2, v, alpha, worst, my_next, their_next, budget, hard, timed_out)
        if v < worst:
            worst = v
            if worst <= alpha or worst <= -LIKELY_LOSS:
                for k in range(KILLERS - 1, 0, -1):
                    KILLER[k] = KILLER[k - 1]
                KILLER[0] = i
                return worst
    return worst


cdef int choose_circuit(uint64_t m, int my_limit, int their_limit, int plies_left, int margin_room,
                        double soft, double hard, int *value, int *examined, int *candidates) nogil:
    """The mover's circuit (an index into TABLE) for the board ``m`` of its colour.

    ``margin_room``: the points the mover's lead may still grow by to count (0: win at once)."""
    cdef int win_index, win_points, losing, n, i, v, best = -1, best_value = -WIN - 1
    cdef bint timed_out = False
    # the threat checks cost about 0.1 s a circuit late in the game, whatever the time given
    cdef bint deep = soft - now() >= DEEP_SECONDS
    n = gather(m, my_limit, their_limit if plies_left >= 2 and deep else 0, &win_index, &win_points, &losing)
    candidates[0] = n
    examined[0] = 0
    if win_index >= 0:
        value[0] = WIN + win_points
        if margin_room > win_points and plies_left >= 3:
            i = hold_the_win(m, n, win_points, their_limit, min(my_limit + 2, MAX_CORNERS), soft, hard)
            if i >= 0:
                value[0] = WIN // 2 + CANDIDATES[i].key   # a win held back
                return CANDIDATES[i].index
        return win_index
    if n == 0:   # every circuit loses at once: any will do
        value[0] = -WIN
        return 0
    if plies_left <= 1:   # the game's last circuit: its own points are all that is left
        value[0] = CANDIDATES[0].key
        for i in range(n):
            v = POINT * (blocks2(CANDIDATES[i].child) - blocks2(~CANDIDATES[i].child & FULL))
            if v > best_value:
                best, best_value = i, v
        value[0] = best_value
        return CANDIDATES[best].index
    cdef int my_next = min(my_limit + 2, MAX_CORNERS) if plies_left >= 3 and deep else 0
    cdef int their_next = min(their_limit + 2, MAX_CORNERS) if plies_left >= 4 and deep else 0
    cdef int margin = VARIETY_MARGIN if varied() else 0
    cdef int budget = -1 if my_next > 0 and UP_TO[my_next] <= ALL_PARRIES else PARRY_BUDGET
    for i in range(KILLERS):
        KILLER[i] = -1
    clear_parries()
    forget_close_moves()
    for i in range(n):
        if i > 0 and (CANDIDATES[i].child == CANDIDATES[i - 1].child):
            continue
        if best >= 0 and best_value > -LIKELY_LOSS and now() > soft:
            break
        v = worst_reply(CANDIDATES[i].child, their_limit, best_value - margin, plies_left == 2,
                        my_next, their_next, budget, hard, &timed_out)
        if timed_out:
            break
        examined[0] += 1
        if v > best_value - margin and -LIKELY_LOSS < v < WIN2:
            note_close_move(i, v)   # an exact value: the cut is below it
        if v > best_value:
            best, best_value = i, v
    if best < 0:
        best, best_value = 0, -WIN
    value[0] = best_value
    if -LIKELY_LOSS < best_value < WIN2:
        best = pick_close_move(best, best_value, margin)
    return CANDIDATES[best].index
