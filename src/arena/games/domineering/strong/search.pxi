# Domineering's search: negamax alpha-beta (principal variation search) on the
# points still to come, mover minus opponent, with the pass as a move, a
# transposition table and iterative deepening to an exact solve of the end.
# Included by engine.pyx after board.pxi and evaluate.pxi.
#
# Every position searched is settled (board.pxi): one-player runs and dead
# cells are covered and their points added on the way, so the tree holds only
# the contested cells. A search that never needed the estimate is exact: the
# ``guesses`` counter tells, and table entries remember whether they were.

from libc.stdlib cimport calloc

cdef enum:
    TT_BITS = 20      # 2^20 entries * 16 bytes = 16 MB
    INF = 30000
    SOLVED = 127      # the depth of a table entry whose score needed no estimate
    PASS = -1
    NO_MOVE = 64
    MAX_MOVES = 65    # 64 placements at most, and the pass

cdef struct Entry:
    uint64_t occ
    short score
    signed char depth
    unsigned char state   # side | passed << 1 | 4 (4: the entry is in use)
    unsigned char flag    # 1 exact, 2 lower bound, 3 upper bound
    signed char move

include "../../search_clock.pxi"

cdef Entry* table = <Entry*> calloc(1 << TT_BITS, sizeof(Entry))
cdef int history[2][64]
cdef long long guesses = 0


cdef inline Entry* slot_of(uint64_t occ, int state) noexcept nogil:
    cdef uint64_t h = (occ ^ (<uint64_t> state * 0x632BE59BD9B4E019ULL)) * 0x9E3779B97F4A7C15ULL
    h ^= h >> 29
    return &table[h & ((1ULL << TT_BITS) - 1)]


cdef inline int play(uint64_t* occ, int side, int bit) noexcept nogil:
    """Place ``side``'s domino at ``bit``, settle, and return the points it gained ``side``."""
    cdef int h_minus_v = 0
    occ[0] = settle(occ[0] | domino(side, bit), &h_minus_v)
    return GAIN[side][bit] + (h_minus_v if side == H else -h_minus_v)


cdef int order_moves(uint64_t occ, int side, int tt_move, int* moves) noexcept nogil:
    """Fill ``moves`` with the placements and the pass, most promising first; return their count.

    Contested placements by their swing (points earned and denied), then the
    safe ones (the opponent cannot block them, so they can wait), then the pass.
    """
    cdef int keys[MAX_MOVES]
    cdef uint64_t opp_cov = coverable(occ, 1 - side), left = placements_of(occ, side)
    cdef int n = 0, bit, key, i
    cdef int step = STEP[side]
    while True:
        if left:
            bit = ctz(left)
            left &= left - 1
            if ((opp_cov >> bit) | (opp_cov >> (bit + step))) & 1:
                key = 64 * swing(occ, side, bit, opp_cov) + history[side][bit] // 64
            else:
                key = -20000 + 64 * GAIN[side][bit]
        else:
            bit = PASS
            key = -30000
        if bit == tt_move:
            key = 1 << 30
        i = n
        while i > 0 and keys[i - 1] < key:  # insertion sort: lists are short
            keys[i] = keys[i - 1]
            moves[i] = moves[i - 1]
            i -= 1
        keys[i] = key
        moves[i] = bit
        n += 1
        if bit == PASS:
            return n


cdef int negamax(uint64_t occ, int side, int passed, int depth, int alpha, int beta) noexcept nogil:
    global guesses
    if out_of_time(1024):
        return 0
    if placements_of(occ, side) == 0:
        if passed or placements_of(occ, 1 - side) == 0:
            return 0  # two passes in a row, or nobody can place: the game is over
        return -negamax(occ, 1 - side, 1, depth, -beta, -alpha)  # a forced pass costs no depth
    if depth <= 0:
        guesses += 1
        return evaluate(occ, side)

    cdef int state = side | passed << 1 | 4
    cdef Entry* e = slot_of(occ, state)
    cdef int tt_move = NO_MOVE
    if e.occ == occ and e.state == state:
        tt_move = e.move
        if e.depth >= depth:
            if (e.flag == 1 or (e.flag == 2 and e.score >= beta) or (e.flag == 3 and e.score <= alpha)):
                if e.depth != SOLVED:
                    guesses += 1
                return e.score

    cdef int moves[MAX_MOVES]
    cdef int n = order_moves(occ, side, tt_move, moves)
    cdef int i, move, score, best = -INF, best_move = moves[0], alpha0 = alpha
    cdef long long guesses0 = guesses
    cdef uint64_t child
    cdef int gained
    for i in range(n):
        move = moves[i]
        if move == PASS:
            if passed:
                score = 0  # the second pass in a row ends the game
            elif i == 0:
                score = -negamax(occ, 1 - side, 1, depth - 1, -beta, -alpha)
            else:
                score = -negamax(occ, 1 - side, 1, depth - 1, -alpha - 1, -alpha)
                if alpha < score < beta:
                    score = -negamax(occ, 1 - side, 1, depth - 1, -beta, -score)
        else:
            child = occ
            gained = play(&child, side, move)
            if i == 0:
                score = gained - negamax(child, 1 - side, 0, depth - 1, gained - beta, gained - alpha)
            else:
                score = gained - negamax(child, 1 - side, 0, depth - 1, gained - alpha - 1, gained - alpha)
                if alpha < score < beta:
                    score = gained - negamax(child, 1 - side, 0, depth - 1, gained - beta, gained - score)
        if aborted:
            return 0
        if score > best:
            best = score
            best_move = move
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    if move != PASS:
                        history[side][move] += depth * depth
                    break

    e.occ = occ
    e.state = state
    e.score = best
    e.depth = SOLVED if guesses == guesses0 else depth
    e.move = best_move
    e.flag = 2 if best >= beta else (3 if best <= alpha0 else 1)
    return best
