# The root of the search: iterative deepening under a time budget, up to the
# exact solve of the end. Included by engine.pyx after search.pxi.


cdef int root_search(uint64_t occ, int side, int passed, int depth, int* moves, int n,
                     int* scores) noexcept nogil:
    """Search every root move to ``depth``; keep the best first; return its score."""
    cdef int i, j, move, score, alpha = -INF, gained
    cdef uint64_t child
    for i in range(n):
        move = moves[i]
        if move == PASS:
            if passed:
                score = 0
            elif i == 0:
                score = -negamax(occ, 1 - side, 1, depth - 1, -INF, INF)
            else:
                score = -negamax(occ, 1 - side, 1, depth - 1, -alpha - 1, -alpha)
                if score > alpha:
                    score = -negamax(occ, 1 - side, 1, depth - 1, -INF, -alpha)
        else:
            child = occ
            gained = play(&child, side, move)
            if i == 0:
                score = gained - negamax(child, 1 - side, 0, depth - 1, -INF, INF)
            else:
                score = gained - negamax(child, 1 - side, 0, depth - 1, gained - alpha - 1, gained - alpha)
                if score > alpha:
                    score = gained - negamax(child, 1 - side, 0, depth - 1, -INF, gained - alpha)
        if aborted:
            return alpha
        scores[i] = score
        if score > alpha:
            alpha = score
            # the best move first, so an interrupted next iteration still has it
            j = i
            while j > 0:
                moves[j] = moves[j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            moves[0] = move
            scores[0] = score
    return alpha


def search(uint64_t occ, int side, bint passed, double soft_seconds, double hard_seconds,
           int solve_empties=36, int max_depth=80):
    """The best move for ``side`` (0 first seat, 1 second) on the settled board ``occ``.

    ``passed``: the previous move was a pass (passing again ends the game).
    Deepens until ``soft_seconds`` have passed (no new iteration past half of
    it) and never beyond ``hard_seconds``; with ``solve_empties`` or fewer empty
    cells it goes for the exact solve once a shallow search gave a fallback.
    Returns ``(move, score, depth, nodes, exact)``: the move is the placement's
    upper-left bit or -1 for a pass; the score is the points still to come on
    this board, mover minus opponent.
    """
    global nodes, deadline, aborted, guesses
    cdef double start = now()
    cdef int moves[MAX_MOVES]
    cdef int scores[MAX_MOVES]
    cdef int n = order_moves(occ, side, NO_MOVE, moves)
    cdef int depth = 0, score = 0, best_move = moves[0], best_score = 0, i
    cdef int empties = 64 - popcount(occ)
    cdef long long guesses0
    cdef bint exact = False
    nodes = 0
    aborted = False
    deadline = start + hard_seconds
    for i in range(64):
        history[0][i] = 0
        history[1][i] = 0
    if placements_of(occ, side) == 0:
        return PASS, 0, 0, 0, placements_of(occ, 1 - side) == 0
    while depth < max_depth and not exact:
        depth += 1
        if empties <= solve_empties and depth >= 4:
            depth = max_depth
        guesses0 = guesses
        score = root_search(occ, side, passed, depth, moves, n, scores)
        if aborted:
            break
        best_move, best_score = moves[0], score
        exact = guesses == guesses0
        if now() - start > soft_seconds * 0.5:
            break
    if aborted and moves[0] != best_move and scores[0] > best_score:
        best_move = moves[0]  # a finished root move of the broken iteration beat the old best
    return best_move, best_score, depth, nodes, exact


def clear():
    """Forget the transposition table (a new board of values, or an experiment)."""
    cdef Py_ssize_t i
    for i in range(1 << TT_BITS):
        table[i].state = 0
