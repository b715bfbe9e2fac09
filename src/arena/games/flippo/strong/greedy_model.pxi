# Search against a modelled opponent: one that always plays a move leaving it
# the most pieces (the one-ply "greedy" policy, ties at random). Included by
# engine.pyx after search.pxi (it shares the clock, node count and evaluation).
#
# Why: a minimax search assumes the best reply and so never steers toward the
# positions where a weak opponent blunders. Once opponent_model.py has seen
# that the opponent plays this policy, player.py searches this tree instead:
# our nodes take the best move, the opponent's nodes are the average over its
# tied greedy replies. A max-and-average tree has no min nodes, so alpha-beta
# prunes nothing; the depth counts our moves only (the opponent's reply costs
# one scan of its moves, not a branch).
#
# With no min nodes to cut, the tree is narrowed instead (a beam): below the
# root, short of the end, only our ``beam_width`` moves that look best one move
# ahead are searched deeper. That buys about two more of our moves of depth in
# the same time.

cdef int beam_width = 5


cdef int greedy_replies(uint64_t own, uint64_t opp, int* squares) noexcept nogil:
    """The mover's moves that leave it the most pieces; return their count."""
    cdef uint64_t moves = legal_mask(own, opp), f
    cdef int sq, count, best = -1, n = 0
    while moves:
        sq = ctz(moves)
        moves &= moves - 1
        f = flips_of(own, opp, sq)
        count = popcount(own ^ f) + 1
        if count > best:
            best = count
            n = 0
        if count == best:
            squares[n] = sq
            n += 1
    return n


cdef double value_vs_greedy(uint64_t own, uint64_t opp, int depth, int empties) noexcept nogil:
    """Our expected final margin (hundredths of a disc), us to move, the opponent greedy."""
    if out_of_time(1024):
        return 0
    if empties == 0:
        return final_score(own, opp)
    if depth == 0:
        return evaluate(own, opp, empties)
    cdef uint64_t moves = legal_mask(own, opp), f
    cdef uint64_t theirs[64]
    cdef uint64_t ours[64]
    cdef double shallow[64]
    cdef double best = -INF, value
    cdef int n = 0, sq, i, j
    while moves:
        sq = ctz(moves)
        moves &= moves - 1
        f = flips_of(own, opp, sq)
        theirs[n] = opp ^ f
        ours[n] = (own ^ f) | (1ULL << sq)
        n += 1
    if depth == 1 or beam_width <= 0 or 2 * depth >= empties:
        for i in range(n):  # every move, to the full depth (and exact at the end)
            best = max(best, value_after_move(theirs[i], ours[i], depth, empties - 1))
        return best
    for i in range(n):
        shallow[i] = value_after_move(theirs[i], ours[i], 1, empties - 1)
    for i in range(min(beam_width, n)):  # the best-looking first, by selection
        j = i
        for sq in range(i + 1, n):
            if shallow[sq] > shallow[j]:
                j = sq
        shallow[i], shallow[j] = shallow[j], shallow[i]
        theirs[i], theirs[j] = theirs[j], theirs[i]
        ours[i], ours[j] = ours[j], ours[i]
        best = max(best, value_after_move(theirs[i], ours[i], depth, empties - 1))
    return best


cdef double value_after_move(uint64_t theirs, uint64_t ours, int depth, int empties) noexcept nogil:
    """Our expected margin once we have moved: the average over the greedy replies."""
    if empties == 0:
        return final_score(ours, theirs)
    cdef int replies[64]
    cdef int n = greedy_replies(theirs, ours, replies), i
    cdef uint64_t f
    cdef double total = 0
    for i in range(n):
        f = flips_of(theirs, ours, replies[i])
        total += value_vs_greedy(ours ^ f, (theirs ^ f) | (1ULL << replies[i]), depth - 1, empties - 1)
    return total / n


def search_vs_greedy(uint64_t own, uint64_t opp, double soft_seconds, double hard_seconds):
    """Our best move against a greedy opponent, by iterative deepening over our moves.

    Same limits as ``search``. Returns ``(square, expected margin, depth, nodes,
    exact)``; exact once the tree reaches the end of the game.
    """
    global nodes, deadline, aborted
    cdef double start = now(), value, best_value = 0, iteration_value
    cdef int empties = 64 - popcount(own | opp)
    cdef int our_moves_left = (empties + 1) // 2
    cdef int depth = 0, done = 0, sq, best_square = -1, iteration_square
    cdef uint64_t moves, f
    nodes = 0
    aborted = False
    deadline = start + hard_seconds
    while depth < our_moves_left:
        depth += 1
        iteration_value = -INF
        iteration_square = -1
        moves = legal_mask(own, opp)
        while moves:
            sq = ctz(moves)
            moves &= moves - 1
            f = flips_of(own, opp, sq)
            value = value_after_move(opp ^ f, (own ^ f) | (1ULL << sq), depth, empties - 1)
            if aborted:
                break
            if value > iteration_value:
                iteration_value = value
                iteration_square = sq
        if aborted:
            break
        best_square, best_value, done = iteration_square, iteration_value, depth
        if now() - start > soft_seconds * 0.5:
            break
    if best_square < 0:  # not even depth 1 finished: any legal move
        best_square = ctz(legal_mask(own, opp))
    return best_square, best_value, done, nodes, done >= our_moves_left


def set_beam_width(int width):
    """Experiment hook: our moves searched deeper at each node (0: all of them)."""
    global beam_width
    beam_width = width


def greedy_moves(uint64_t own, uint64_t opp):
    """The moves a greedy mover chooses among, as a mask (opponent_model.py watches them)."""
    cdef int squares[64]
    cdef int n = greedy_replies(own, opp, squares), i
    cdef uint64_t mask = 0
    for i in range(n):
        mask |= 1ULL << squares[i]
    return mask
