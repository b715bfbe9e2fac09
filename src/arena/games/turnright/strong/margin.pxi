# Playing for the margin: a 3×3 win adds 50 match points to clamp(50 + d, 0, 100), where d
# is the points difference when the game ends, so a win held back while the 2×2 points
# grow is worth more, as long as it cannot get away. A circuit is "safe to hold" when
# after every reply of the opponent the mover still has a 3×3 win (checked against all
# the opponent's circuits, exactly; a reply that gives the opponent a 3×3 first ends the
# check). Each turn checks again, so the win is never lost on the way.

DEF MAX_WINNERS = 16
DEF SEEN_SLOTS = 1 << 15

cdef int WINNERS[MAX_WINNERS]
cdef int winner_count = 0
cdef uint64_t SEEN[SEEN_SLOTS]


cdef bint win_after(uint64_t m2, int limit, int *gain) nogil:
    """Whether the mover has a 3×3 win on ``m2``: the wins found before first, then all circuits."""
    global winner_count
    cdef int k, i
    cdef uint64_t m3
    for k in range(winner_count):
        m3 = rotate(m2, TABLE[WINNERS[k]])
        if has3(m3) and not has3(~m3 & FULL):
            gain[0] = blocks2(m3) - blocks2(~m3 & FULL)
            return True
    for i in range(UP_TO[limit]):
        m3 = rotate(m2, TABLE[i])
        if has3(m3) and not has3(~m3 & FULL):
            WINNERS[winner_count % MAX_WINNERS] = i
            winner_count = min(winner_count + 1, MAX_WINNERS)
            gain[0] = blocks2(m3) - blocks2(~m3 & FULL)
            return True
    return False


cdef bint holds_the_win(uint64_t m1, int their_limit, int my_next_limit, double hard, int *worst) nogil:
    """Whether every reply to ``m1`` leaves the mover a win; ``worst``: the least points
    (2×2 difference of the reply plus that of the win) over the replies."""
    cdef int j, g2, g3 = 0
    cdef uint64_t m2, slot
    for j in range(SEEN_SLOTS):
        SEEN[j] = 0
    worst[0] = WIN
    for j in range(UP_TO[their_limit]):
        if (j & 0x3FFF) == 0 and now() > hard:
            return False
        m2 = rotate(m1, TABLE[j])
        if has3(m2):
            continue   # a reply that makes my 3×3 (alone or with theirs) loses for them
        if has3(~m2 & FULL):
            return False
        slot = (m2 * 0x9E3779B97F4A7C15ULL) >> 49
        if SEEN[slot] == m2:
            continue   # the same board as an earlier reply
        SEEN[slot] = m2
        if not win_after(m2, my_next_limit, &g3):
            return False
        g2 = blocks2(m2) - blocks2(~m2 & FULL)
        worst[0] = min(worst[0], g2 + g3)
    return True


cdef int hold_the_win(uint64_t m, int count, int win_points, int their_limit, int my_next_limit,
                      double soft, double hard) nogil:
    """A candidate (index into CANDIDATES) that keeps a sure win and scores more than winning
    now, or -1 to win now. ``count`` candidates are sorted by their first-ply value."""
    global winner_count
    cdef int i, tried = 0, g1, worst
    winner_count = 0
    for i in range(count):
        if tried == 8 or now() > soft:
            break
        if i > 0 and CANDIDATES[i].child == CANDIDATES[i - 1].child:
            continue
        g1 = blocks2(CANDIDATES[i].child) - blocks2(~CANDIDATES[i].child & FULL)
        tried += 1
        if holds_the_win(CANDIDATES[i].child, their_limit, my_next_limit, hard, &worst) and \
                g1 + worst > win_points:
            return i
    return -1
