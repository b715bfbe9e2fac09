# For the analyst (turnright/analyst.py), not the player: the value of one given move, and
# an exact search of the game's last two circuits.
#
# The exact search counts whole 2×2 points (not eighths) and every circuit of both sides,
# no candidate cut: a value is the points the mover gains over the rest of the game, or
# WIN + that gain when the mover ends it with a 3×3 block, -WIN + that gain when the
# opponent does (so a win with more points is worth more, as in the match points).


DEF SOLVED_SLOTS = 1 << 20
cdef uint64_t *SOLVED = NULL   # boards already solved in this search (a lossy table)


cdef inline int end_value(uint64_t m, int gain, bint mover_moved) nogil:
    """The mover's outcome on board ``m`` (its colour) after a circuit: a 3×3 decides, else 0.
    ``mover_moved``: whether the mover turned that circuit (both 3×3 at once: the other wins)."""
    cdef bint mine = has3(m), theirs = has3(~m & FULL)
    if mine and theirs:
        return (-WIN if mover_moved else WIN) + gain
    if mine:
        return WIN + gain
    if theirs:
        return -WIN + gain
    return gain


cdef int exact_reply(uint64_t m1, int limit, int alpha, double hard, bint *timed_out) nogil:
    """The opponent's best last circuit against ``m1``, in points from the mover's side; anything
    <= alpha once the value is known to be at most alpha."""
    cdef int g1 = blocks2(m1) - blocks2(~m1 & FULL), worst = WIN * 2, v, i, k, n = UP_TO[limit]
    cdef uint64_t m2
    for k in range(KILLERS):
        if KILLER[k] >= 0 and KILLER[k] < n:
            m2 = rotate(m1, TABLE[KILLER[k]])
            v = end_value(m2, g1 + blocks2(m2) - blocks2(~m2 & FULL), False)
            if v < worst:
                worst = v
                if worst <= alpha:
                    return worst
    for i in range(n):
        if (i & 0xFFFF) == 0 and now() > hard:
            timed_out[0] = True
            return worst
        m2 = rotate(m1, TABLE[i])
        v = end_value(m2, g1 + blocks2(m2) - blocks2(~m2 & FULL), False)
        if v < worst:
            worst = v
            if worst <= alpha:
                for k in range(KILLERS - 1, 0, -1):
                    KILLER[k] = KILLER[k - 1]
                KILLER[0] = i
                return worst
    return worst


cdef inline int exact_child(uint64_t m1, int their_limit, int plies_left, int alpha, double hard,
                            bint *timed_out) nogil:
    """The exact value of the mover's circuit that leaves ``m1``, with 1 or 2 circuits left."""
    cdef int g1 = blocks2(m1) - blocks2(~m1 & FULL), v = end_value(m1, g1, True)
    if plies_left <= 1 or v != g1:   # the last circuit, or a 3×3 ended the game
        return v
    return exact_reply(m1, their_limit, alpha, hard, timed_out)


def solve_end(uint64_t mine, int my_limit, int their_limit, int plies_left, double seconds):
    """(index, value, complete) of the mover's best circuit with ``plies_left`` (1 or 2) circuits
    to go, over every circuit of both sides; value as in this file's header. ``complete`` is
    False if ``seconds`` ran out first (the value is then only a lower bound)."""
    cdef int win_index, win_points, losing, n, i, v, best = -1, best_value = -WIN * 2
    cdef double hard = now() + seconds
    cdef bint timed_out = False
    cdef uint64_t m1, slot
    global SOLVED
    prepare()  # the tables the search reads: circuits, 3×3 threats, boards seen
    if SOLVED == NULL:
        SOLVED = <uint64_t *> malloc(SOLVED_SLOTS * sizeof(uint64_t))
        if SOLVED == NULL:
            raise MemoryError()
    my_limit, their_limit = min(my_limit, MAX_CORNERS), min(their_limit, MAX_CORNERS)
    with nogil:
        for i in range(SOLVED_SLOTS):
            SOLVED[i] = FULL + 1   # no board
        for i in range(KILLERS):
            KILLER[i] = -1
        # with a reply to come, the engine's best first-ply candidates first: a high alpha early
        # makes the cuts (the last circuit needs no order: one pass over every circuit)
        n = gather(mine, my_limit, 0, &win_index, &win_points, &losing) if plies_left > 1 else 0  # 0: none left out
        for i in range(n):
            if timed_out:
                break
            m1 = CANDIDATES[i].child
            SOLVED[(m1 * 0x9E3779B97F4A7C15ULL) >> 44] = m1
            v = exact_child(m1, their_limit, plies_left, best_value, hard, &timed_out)
            if v > best_value and not timed_out:
                best, best_value = CANDIDATES[i].index, v
        # then every circuit, so nothing the candidates left out is missed
        for i in range(UP_TO[my_limit]):
            if timed_out:
                break
            if (i & 0xFFF) == 0 and now() > hard:
                timed_out = True
                break
            m1 = rotate(mine, TABLE[i])
            slot = (m1 * 0x9E3779B97F4A7C15ULL) >> 44
            if SOLVED[slot] == m1:
                continue   # the same board as an earlier circuit (a loop of one colour, say)
            SOLVED[slot] = m1
            v = exact_child(m1, their_limit, plies_left, best_value, hard, &timed_out)
            if v > best_value and not timed_out:
                best, best_value = i, v
    return best, best_value, not timed_out


def exact_circuit_value(uint64_t child, int their_limit, int plies_left, double seconds):
    """(value, complete) of the circuit leaving the mover's colour as ``child``, exactly, with
    1 or 2 circuits left; value as solve_end's."""
    cdef bint timed_out = False
    cdef int v
    cdef double hard = now() + seconds
    prepare()  # the tables the search reads: circuits, 3×3 threats, boards seen
    their_limit = min(their_limit, MAX_CORNERS)
    with nogil:
        v = exact_child(child, their_limit, plies_left, -WIN * 2, hard, &timed_out)
    return v, not timed_out


def circuit_reply_value(uint64_t child, int their_limit, bint last_reply, double seconds):
    """(value in eighths, complete): the 2-ply value of the mover's circuit leaving ``child``,
    as the player's search values its candidates (every reply, no cut)."""
    cdef bint timed_out = False
    cdef int v
    cdef double hard = now() + seconds
    prepare()  # the tables the search reads: circuits, 3×3 threats, boards seen
    their_limit = min(their_limit, MAX_CORNERS)
    with nogil:
        v = worst_reply(child, their_limit, -WIN - 1, last_reply, 0, 0, 0, hard, &timed_out)  # no threat look-ahead
    return v, not timed_out


def keeps_win(uint64_t child, int their_limit, int my_next_limit, double seconds):
    """(holds, worst): whether every reply to ``child`` still leaves the mover a 3×3 win, and the
    least points it gains meanwhile (the reply's 2×2 difference plus the win's)."""
    cdef int worst = 0
    cdef bint holds
    cdef double hard = now() + seconds
    global winner_count
    prepare()  # the tables the search reads: circuits, 3×3 threats, boards seen
    with nogil:
        winner_count = 0
        holds = holds_the_win(child, min(their_limit, MAX_CORNERS), min(my_next_limit, MAX_CORNERS), hard, &worst)
    return holds, worst


def placement_move_value(uint64_t mine, uint64_t theirs, int square, int depth, double seconds):
    """(value, complete): the placement search's value of placing on ``square``, searched
    ``depth`` plies deep in all (as search_placement's root moves), from the placer's side."""
    global place_stopped, place_deadline
    cdef int v
    if popcount(FULL & ~(mine | theirs)) <= 13:
        prepare()  # the tables the search reads: circuits, 3×3 threats, boards seen
    place_deadline = now() + seconds
    place_stopped = False
    with nogil:
        v = -place_negamax(theirs, mine | (1ULL << square), max(depth, 1) - 1, -PLACE_INF, PLACE_INF)
    return v, not place_stopped
