# Flippo's search: negamax alpha-beta with principal variation search, a
# transposition table, iterative deepening and exact solving of the end.
# Included by engine.pyx after bitboard.pxi and evaluate.pxi.
#
# Scores are hundredths of a disc of final margin (mover minus opponent), so an
# exact end score and an estimate compare directly. There is no pass in Flippo
# and every move fills a square, so "empties" is also the plies to the end and
# a search of depth >= empties is an exact solve.

from libc.stdlib cimport calloc

cdef enum:
    TT_BITS = 19      # 2^19 entries * 24 bytes = 12 MB
    INF = 1000000
    SHALLOW_SOLVE = 5  # exact searches this close to the end skip table and sorting
    SORT_DEPTH = 3    # from this remaining depth on, order moves by a child evaluation
    # inside an exact solve, order by the flip-parity margin alone from this depth on and
    # by the square only below it: the full evaluation orders a little better but costs
    # more than it saves (measured: 20% less time on 14 empties, 30% on 15)
    SOLVE_SORT_DEPTH = 7

cdef struct Entry:
    uint64_t own
    uint64_t opp
    int score
    short depth
    char flag         # 1 exact, 2 lower bound, 3 upper bound
    signed char move

include "../../search_clock.pxi"

cdef Entry* table = <Entry*> calloc(1 << TT_BITS, sizeof(Entry))
cdef int history[64]
cdef int probe_depth = 10
cdef int probe_plies = 2
cdef int solve_step = 99

# ProbCut (M. Buro's forward pruning): a deep search's value is well predicted by
# a shallow one's, deep ~ shallow + offset with a spread sigma. So before a
# deep search of a node, a null-window shallow search tests whether the deep
# value is almost surely (probcut_sigmas spreads) above beta or below alpha, and
# if so returns that bound at a fraction of the cost. Measured on self-play
# positions by tools/flippo_probcut.py (hundredths of a disc); not used in exact
# solves, whose values no estimate predicts, nor inside its own shallow tests.
cdef enum:
    PROBCUT_MIN_DEPTH = 3
    PROBCUT_MAX_DEPTH = 12
cdef int PROBCUT_SHALLOW[PROBCUT_MAX_DEPTH + 1]
cdef int PROBCUT_OFFSET[PROBCUT_MAX_DEPTH + 1]
cdef int PROBCUT_SIGMA[PROBCUT_MAX_DEPTH + 1]
include "probcut_table.pxi"
cdef float probcut_sigmas = 1.4
cdef bint in_probcut = False

# Static square order for shallow nodes: corners first, squares next to corners last.
cdef int SQUARE_BONUS[64]
SQUARE_BONUS[:] = [
    50, -5, 10,  5,  5, 10, -5, 50,
    -5, -20, 0,  0,  0,  0, -20, -5,
    10,  0,  2,  1,  1,  2,  0, 10,
     5,  0,  1,  0,  0,  1,  0,  5,
     5,  0,  1,  0,  0,  1,  0,  5,
    10,  0,  2,  1,  1,  2,  0, 10,
    -5, -20, 0,  0,  0,  0, -20, -5,
    50, -5, 10,  5,  5, 10, -5, 50,
]


cdef inline uint64_t slot_of(uint64_t own, uint64_t opp) noexcept nogil:
    cdef uint64_t h = own * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL
    h ^= h >> 31
    return h & ((1ULL << TT_BITS) - 1)


cdef inline int final_score(uint64_t own, uint64_t opp) noexcept nogil:
    return 100 * (popcount(own) - popcount(opp))


cdef int order_moves(uint64_t own, uint64_t opp, uint64_t moves, int depth, int tt_move,
                     int empties, int* squares) noexcept nogil:
    """Fill ``squares`` with the legal moves, best-looking first; return their count."""
    cdef int keys[64]
    cdef int n = 0, sq, i, j, key
    cdef uint64_t f, bit
    while moves:
        sq = ctz(moves)
        moves &= moves - 1
        if sq == tt_move:
            key = 10000000
        elif depth >= SORT_DEPTH and (depth < empties or depth >= SOLVE_SORT_DEPTH):
            bit = 1ULL << sq
            f = flips_of(own, opp, sq)
            if depth >= probe_depth and depth >= empties:
                # near the root of an exact solve: a shallow search orders far better
                key = -negamax(opp ^ f, (own ^ f) | bit, probe_plies, -INF, INF, empties - 1)
            elif depth >= empties:
                # exact solve: history of cut-offs only misleads here (measured: 25% more nodes with it);
                # fewest-replies-first ordering did not cut nodes either
                key = -parity_margin(opp ^ f, (own ^ f) | bit)
            else:
                key = -evaluate(opp ^ f, (own ^ f) | bit, empties - 1) + history[sq] // 64
        else:
            key = SQUARE_BONUS[sq] * 4 + history[sq] // 256
        i = n
        while i > 0 and keys[i - 1] < key:  # insertion sort: lists are short
            keys[i] = keys[i - 1]
            squares[i] = squares[i - 1]
            i -= 1
        keys[i] = key
        squares[i] = sq
        n += 1
    return n


cdef int negamax(uint64_t own, uint64_t opp, int depth, int alpha, int beta, int empties) noexcept nogil:
    if out_of_time(2048):
        return 0
    if empties == 0:
        return final_score(own, opp)
    if depth == 0:
        return evaluate(own, opp, empties)
    if empties == 1:  # one square left: it is the move, whatever it flips
        return last_move_score(own, opp)
    if depth >= empties and empties <= SHALLOW_SOLVE:
        return solve_shallow(own, opp, alpha, beta, empties)
    cdef int cut
    if PROBCUT_MIN_DEPTH <= depth <= PROBCUT_MAX_DEPTH and depth < empties and not in_probcut \
            and probcut_sigmas > 0:
        cut = probcut(own, opp, depth, alpha, beta, empties)
        if cut != 0:
            return beta if cut > 0 else alpha

    cdef Entry* e = &table[slot_of(own, opp)]
    cdef int tt_move = -1
    if e.own == own and e.opp == opp and e.flag:
        tt_move = e.move
        if e.depth >= depth:
            if e.flag == 1:
                return e.score
            if e.flag == 2 and e.score >= beta:
                return e.score
            if e.flag == 3 and e.score <= alpha:
                return e.score

    cdef int squares[64]
    cdef int n = order_moves(own, opp, legal_mask(own, opp), depth, tt_move, empties, squares)
    cdef int i, sq, score, best = -INF, best_move = squares[0], alpha0 = alpha
    cdef uint64_t f, bit
    for i in range(n):
        sq = squares[i]
        bit = 1ULL << sq
        f = flips_of(own, opp, sq)
        if i == 0:
            score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -beta, -alpha, empties - 1)
        else:
            score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -alpha - 1, -alpha, empties - 1)
            if alpha < score < beta:
                score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -beta, -score, empties - 1)
        if aborted:
            return 0
        if score > best:
            best = score
            best_move = sq
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    history[sq] += depth * depth
                    break

    e.own = own
    e.opp = opp
    e.score = best
    e.depth = depth
    e.move = best_move
    e.flag = 2 if best >= beta else (3 if best <= alpha0 else 1)
    return best


cdef int probcut(uint64_t own, uint64_t opp, int depth, int alpha, int beta, int empties) noexcept nogil:
    """+1 when a shallow search says the deep value is almost surely >= beta,
    -1 when almost surely <= alpha, else 0."""
    global in_probcut
    cdef int shallow = PROBCUT_SHALLOW[depth], bound, result = 0
    cdef int margin = <int> (probcut_sigmas * PROBCUT_SIGMA[depth])
    in_probcut = True
    # deep = shallow + offset: the shallow value that predicts the deep one at beta
    bound = beta - PROBCUT_OFFSET[depth] + margin
    if bound < INF // 2 and negamax(own, opp, shallow, bound - 1, bound, empties) >= bound:
        result = 1
    else:
        bound = alpha - PROBCUT_OFFSET[depth] - margin
        if bound > -INF // 2 and negamax(own, opp, shallow, bound, bound + 1, empties) <= bound:
            result = -1
    in_probcut = False
    return result


cdef inline int last_move_score(uint64_t own, uint64_t opp) noexcept nogil:
    cdef uint64_t bit = ~(own | opp)
    cdef uint64_t f = flips_of(own, opp, ctz(bit))
    return final_score((own ^ f) | bit, opp ^ f)


cdef int solve_shallow(uint64_t own, uint64_t opp, int alpha, int beta, int empties) noexcept nogil:
    """Exact score of the last few plies: no table, no sorting, they cost more than they save."""
    global nodes
    cdef uint64_t moves = legal_mask(own, opp), f, bit
    cdef int sq, score, best = -INF
    while moves:
        sq = ctz(moves)
        moves &= moves - 1
        bit = 1ULL << sq
        f = flips_of(own, opp, sq)
        nodes += 1
        if empties == 2:
            score = -last_move_score(opp ^ f, (own ^ f) | bit)
        else:
            score = -solve_shallow(opp ^ f, (own ^ f) | bit, -beta, -alpha, empties - 1)
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


cdef int root_search(uint64_t own, uint64_t opp, int depth, int empties, int* squares, int n,
                     int* scores) noexcept nogil:
    """Search every root move to ``depth``; sort ``squares`` by score; return the best score."""
    cdef int i, j, sq, score, alpha = -INF, key
    cdef uint64_t f, bit
    for i in range(n):
        sq = squares[i]
        bit = 1ULL << sq
        f = flips_of(own, opp, sq)
        if i == 0:
            score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -INF, INF, empties - 1)
        else:
            score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -alpha - 1, -alpha, empties - 1)
            if score > alpha:
                score = -negamax(opp ^ f, (own ^ f) | bit, depth - 1, -INF, -alpha, empties - 1)
        if aborted:
            return alpha
        scores[i] = score
        if score > alpha:
            alpha = score
            # keep the best move first, so an interrupted next iteration still has it
            j = i
            while j > 0:
                squares[j] = squares[j - 1]
                scores[j] = scores[j - 1]
                j -= 1
            squares[0] = sq
            scores[0] = score
    return alpha


def search(uint64_t own, uint64_t opp, double soft_seconds, double hard_seconds,
           int solve_empties=16, int max_depth=60):
    """The best move for the side owning ``own``.

    Deepens until ``soft_seconds`` have passed (a new iteration is not begun
    past half of it) and never beyond ``hard_seconds``. With ``solve_empties``
    or fewer empty squares it solves the end exactly once a shallow search has
    given a fallback move. Returns ``(square, score, depth, nodes, exact)``.
    """
    global nodes, deadline, aborted
    cdef double start = now()
    cdef int empties = 64 - popcount(own | opp)
    cdef int squares[64]
    cdef int scores[64]
    cdef int n = order_moves(own, opp, legal_mask(own, opp), SORT_DEPTH, -1, empties, squares)
    cdef int depth = 0, score = 0, best_square = squares[0], best_score = 0, i
    cdef bint exact = False
    cdef int limit = min(max_depth, empties)
    nodes = 0
    aborted = False
    deadline = start + hard_seconds
    for i in range(64):
        history[i] = 0
    while depth < limit and not exact:
        depth += 1
        if empties <= solve_empties and depth >= 5:
            depth = min(limit, depth + solve_step)
        score = root_search(own, opp, depth, empties, squares, n, scores)
        if aborted:
            break
        best_square, best_score = squares[0], score
        exact = depth >= empties
        if now() - start > soft_seconds * 0.5:
            break
    if aborted and squares[0] != best_square and scores[0] > best_score:
        best_square = squares[0]  # a finished root move of the broken iteration beat the old best
    return best_square, best_score, depth, nodes, exact


def set_param(str name, int value):
    """Experiment hook: change a search parameter."""
    global probe_depth, probe_plies, solve_step, probcut_sigmas
    if name == "probcut_sigmas_x10":
        probcut_sigmas = value / 10.0
    if name == "probe_depth":
        probe_depth = value
    elif name == "probe_plies":
        probe_plies = value
    elif name == "solve_step":
        solve_step = value


def clear():
    """Forget the transposition table (for experiments and fresh games)."""
    cdef Py_ssize_t i
    for i in range(1 << TT_BITS):
        table[i].flag = 0
