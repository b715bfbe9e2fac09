# Black Hole's search: negamax alpha-beta (PVS), a transposition table and
# iterative deepening, to an exact solve of the last plies. Included by engine.pyx
# after evaluate.pxi.
#
# Scores are hundredths of a point of the mover's final margin at the hole.
#
# Which stone numbers are worth searching. Numbers only ever add to their own
# side's sum at a hole, so swapping a stone for a larger one never hurts its
# owner: with m own moves left only the m largest numbers left can matter,
# and on a tile with no empty neighbour (it can never touch the hole) only the
# smallest of those. Both cuts lose nothing. Short of an exact solve, a live
# tile below the root is also tried with just the two largest and the smallest
# of them; the root, searched once per iteration, keeps them all.
#
# The estimate short of the end: evaluate() (evaluate.pxi).
#
# Late move reductions: short of an exact solve, a move after the first
# LMR_AFTER in the greedy order is first searched a ply shallower with a null
# window, and again at full depth only if that beats alpha. The greedy order
# mostly puts the best move early, so this buys about a ply in the middle game
# (where the result is decided) for little risk; the exact solve keeps every
# move at full depth.

from libc.stdlib cimport calloc

cdef enum:
    TT_BITS = 18      # 2^18 entries * 24 bytes = 6 MB
    INF = 1000000
    MAX_MOVES = 36 * 15
    LMR_DEPTH = 3     # late move reductions (above) from this depth on
    LMR_AFTER = 8     # moves searched at full depth before the reductions start

cdef struct Entry:
    uint64_t key
    int score
    short depth
    char flag         # 1 exact, 2 lower bound, 3 upper bound
    signed char tile
    signed char number

include "../../search_clock.pxi"

cdef Entry* table = <Entry*> calloc(1 << TT_BITS, sizeof(Entry))
cdef int completed_depth = 0   # the depth of search()'s last finished iteration (its score's)




cdef inline int numbers_that_matter(int* top) noexcept nogil:
    """The mover's m largest numbers left, largest first, in ``top``; returns m, its moves
    left (or fewer numbers if it has fewer left). Only these can matter (above)."""
    cdef int seat = turn % 2, mine_left = (30 - turn + 1) // 2, m = 0, n = 15
    while n >= 1 and m < mine_left:
        if not used[seat] >> n & 1:
            top[m] = n
            m += 1
        n -= 1
    return m


cdef inline int worst_dead_tile() noexcept nogil:
    """The empty tile with no empty neighbour worst for the mover as the hole, or -1.

    A dead tile keeps its sum to the end, and the game's value only rises with a
    candidate's sum for Red (falls for Blue): filling the dead tile worst for the mover
    is at least as good as filling any other dead tile.
    """
    cdef int t, worst = -1, sign = sign_to_move()
    cdef uint64_t rest = empty
    while rest:
        t = ctz(rest)
        rest &= rest - 1
        if not NEIGHBOUR_MASK[t] & empty and (worst < 0 or sign * around[t] < sign * around[worst]):
            worst = t
    return worst


cdef int generate(bint lossless, int tt_tile, int tt_number, int* tiles, int* numbers) noexcept nogil:
    """The moves worth searching, best-looking first; returns their count."""
    cdef int sign = sign_to_move()
    cdef int top[15]
    cdef int m = numbers_that_matter(top), n, k, t, live, count = 0, i, key, tries
    cdef int keys[MAX_MOVES]
    cdef int choice[3]
    cdef int worst = worst_dead_tile()
    cdef uint64_t rest = empty
    while rest:
        t = ctz(rest)
        rest &= rest - 1
        live = popcount(NEIGHBOUR_MASK[t] & empty)
        if live == 0:
            if t != worst:
                continue
            tries = 1
            choice[0] = top[m - 1]
        elif lossless or m <= 3:
            tries = m
        else:
            tries = 3
            choice[0] = top[0]
            choice[1] = top[1]
            choice[2] = top[m - 1]
        for k in range(tries):
            n = top[k] if (live and tries == m and (lossless or m <= 3)) else choice[k]
            # greedy order: what the move adds to the mover's sum over the candidate holes
            key = n * live - sign * around[t]
            if t == tt_tile and n == tt_number:
                key = 1000000
            i = count
            while i > 0 and keys[i - 1] < key:
                keys[i] = keys[i - 1]
                tiles[i] = tiles[i - 1]
                numbers[i] = numbers[i - 1]
                i -= 1
            keys[i] = key
            tiles[i] = t
            numbers[i] = n
            count += 1
    return count


cdef int negamax(int depth, int alpha, int beta) noexcept nogil:
    if out_of_time(1024):
        return 0
    if turn >= 30 or depth == 0 or filling():
        return evaluate()

    cdef Entry* e = &table[key & ((1 << TT_BITS) - 1)]
    cdef int tt_tile = -1, tt_number = 0
    if e.key == key and e.flag:
        tt_tile = e.tile
        tt_number = e.number
        if e.depth >= depth:
            if e.flag == 1 or (e.flag == 2 and e.score >= beta) or (e.flag == 3 and e.score <= alpha):
                return e.score

    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef bint lossless = depth >= 30 - turn
    cdef int n = generate(lossless, tt_tile, tt_number, tiles, numbers)
    cdef int i, score, best = -INF, best_i = 0, alpha0 = alpha, sign = sign_to_move()
    for i in range(n):
        place(tiles[i], sign * numbers[i])
        if i == 0:
            score = -negamax(depth - 1, -beta, -alpha)
        else:
            score = alpha + 1
            if not lossless and depth >= LMR_DEPTH and i >= LMR_AFTER:
                # a late move in the greedy order is first tried a ply shallower
                score = -negamax(depth - 2, -alpha - 1, -alpha)
            if score > alpha:
                score = -negamax(depth - 1, -alpha - 1, -alpha)
            if alpha < score < beta:
                score = -negamax(depth - 1, -beta, -score)
        unplace(tiles[i])
        if aborted:
            return 0
        if score > best:
            best = score
            best_i = i
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    e.key = key
    e.score = best
    e.depth = depth
    e.tile = tiles[best_i]
    e.number = numbers[best_i]
    e.flag = 2 if best >= beta else (3 if best <= alpha0 else 1)
    return best


def search(double soft_seconds, double hard_seconds, int solve_plies=10, int max_depth=30, int before_solve=1):
    """The best ``(tile, number)`` for the side to move in the engine's position.

    Deepens until ``soft_seconds`` (no new iteration past half of it), never
    beyond ``hard_seconds``; with ``solve_plies`` or fewer plies left it
    searches to the end with lossless move generation once ``before_solve``
    estimated iterations have given a fallback in case the solve runs out of
    time. Returns ``(tile, number, score, depth, nodes, exact)``.
    """
    global nodes, deadline, aborted, completed_depth
    cdef double start = now()
    cdef int plies = 30 - turn
    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef int scores[MAX_MOVES]
    cdef int n = generate(True, -1, 0, tiles, numbers)  # every number that can matter at the root
    cdef int depth = 0, i, j, score, alpha, best_tile = tiles[0], best_number = numbers[0], best_score = 0
    cdef int sign = sign_to_move(), t, num
    cdef bint exact = False
    nodes = 0
    aborted = False
    completed_depth = 0
    deadline = start + hard_seconds
    while depth < min(plies, max_depth) and not exact:
        depth += 1
        if plies <= solve_plies and depth > before_solve:
            depth = plies
        if depth >= plies:  # the root too needs every number that can matter
            n = generate(True, best_tile, best_number, tiles, numbers)
        alpha = -INF
        for i in range(n):
            place(tiles[i], sign * numbers[i])
            if i == 0:
                score = -negamax(depth - 1, -INF, INF)
            else:
                score = -negamax(depth - 1, -alpha - 1, -alpha)
                if score > alpha:
                    score = -negamax(depth - 1, -INF, -alpha)
            unplace(tiles[i])
            if aborted:
                break
            if score > alpha:
                alpha = score
                t, num = tiles[i], numbers[i]
                j = i
                while j > 0:  # best first, for the next iteration
                    tiles[j] = tiles[j - 1]
                    numbers[j] = numbers[j - 1]
                    j -= 1
                tiles[0], numbers[0] = t, num
        if aborted:
            if alpha > best_score and tiles[0] != best_tile:
                best_tile, best_number = tiles[0], numbers[0]  # a finished root move beat the old best
            break
        best_tile, best_number, best_score = tiles[0], numbers[0], alpha
        completed_depth = depth
        exact = depth >= plies
        if now() - start > soft_seconds * 0.5:
            break
    return best_tile, best_number, best_score, depth, nodes, exact


def last_depth():
    """The depth whose score the last search() returned (0 if no iteration finished)."""
    return completed_depth


def score_move(int tile, int number, int depth, double hard_seconds):
    """The mover's score of ``(tile, number)`` searched as search() searches a root move at
    ``depth``, with a full window: the analysis compares the move played with the best one
    on the same horizon. None if ``hard_seconds`` ran out first."""
    global nodes, deadline, aborted
    cdef int score
    nodes = 0
    aborted = False
    deadline = now() + hard_seconds
    place(tile, number * sign_to_move())
    score = -negamax(depth - 1, -INF, INF)
    unplace(tile)
    return None if aborted else score


def clear():
    """Forget the transposition table."""
    cdef Py_ssize_t i
    for i in range(1 << TT_BITS):
        table[i].flag = 0
