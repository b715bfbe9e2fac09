# Black Hole's estimate of a position short of the end: the order statistic of the
# candidate holes, exact in the filling phase, else after a greedy playout and
# blurred by its length. Included by engine.pyx, before the searches that use it.
#
# Scores are hundredths of a point; evaluate() gives the mover's final margin.

from libc.math cimport exp

cdef inline int sign_to_move() noexcept nogil:
    return 1 if turn % 2 == 0 else -1


cdef inline bint filling() noexcept nogil:
    """No empty tile touches another: each move now only removes one candidate hole
    without changing any other's sum, so evaluate()'s order statistic is exact."""
    cdef uint64_t rest = empty
    while rest:
        if NEIGHBOUR_MASK[ctz(rest)] & empty:
            return False
        rest &= rest - 1
    return True


cdef inline int sorted_candidates(int* values) noexcept nogil:
    """The empty tiles' Red R − B sums in ``values``, lowest first; returns their count."""
    cdef int count = 0, i, v
    cdef uint64_t rest = empty
    while rest:
        v = around[ctz(rest)]
        rest &= rest - 1
        i = count
        while i > 0 and values[i - 1] > v:
            values[i] = values[i - 1]
            i -= 1
        values[i] = v
        count += 1
    return count


cdef inline int red_moves_left() noexcept nogil:
    return (30 - turn + 1) // 2 if turn % 2 == 0 else (30 - turn) // 2


cdef inline int order_statistic() noexcept nogil:
    """Red's R − B at the hole if each side fills the tile worst for it from here.

    Every remaining move fills one candidate hole: Red gets rid of the tile
    worst for Red, Blue of the one worst for Blue. With the candidates sorted
    by Red's R − B, Red's r remaining moves remove the r lowest and Blue's the
    highest, so the hole is the r-th lowest. Exact once no empty tile touches
    another (filling()); before that, stones still to come shift the sums.
    """
    cdef int values[36]
    if turn >= 30:
        return around[ctz(empty)]
    sorted_candidates(values)
    return values[red_moves_left()]


cdef enum:
    BLUR_REACH = 3     # candidates on each side of the predicted hole that the blur weighs
    LONGEST_PLAYOUT = 30

# BLUR[m][BLUR_REACH + j]: the weight of the candidate j places from the predicted hole
# in the order, after a playout of m moves (set_blur_width() fills it).
cdef double BLUR[LONGEST_PLAYOUT + 1][2 * BLUR_REACH + 1]


def set_blur_width(double base, double per_move):
    """Weights of a normal curve over the order, its width ``base + per_move * m`` places
    after a playout of m moves. An experiment hook; BLUR_BASE and BLUR_PER_MOVE are the
    measured choice."""
    cdef int m, j
    cdef double width
    for m in range(LONGEST_PLAYOUT + 1):
        width = base + per_move * m
        for j in range(-BLUR_REACH, BLUR_REACH + 1):
            BLUR[m][BLUR_REACH + j] = exp(-0.5 * (j / width) ** 2) if width > 0 else (1.0 if j == 0 else 0.0)


# How far off the playout's predicted hole is grows with the moves it guessed.
# tools/blackhole_fit.py measured it on 855 recorded games against the CodeCup 2018
# winner (22,252 positions): the error in R − B is least with widths of 0.3 places
# after 1-3 playout moves, 0.5 after 6-8, 1.0-1.4 after 13 or more, and the best line
# is 0.0-0.1 + 0.07 a move (error 1.76; no blur 1.87). The fixed 1/4, 1/2, 1/4 blur
# used before (about 0.85 places wide) was 1.2 off after a single playout move, where
# the plain order statistic is 0.1 off. Against that winner, 200 games each on the
# same seeds: +0.51 ± 0.63 points a game over the fixed blur; head to head against the
# fixed blur, 100 games: +1.00 ± 0.69.
BLUR_BASE = 0.1
BLUR_PER_MOVE = 0.07
set_blur_width(BLUR_BASE, BLUR_PER_MOVE)


cdef inline int blurred_order_statistic(int moves) noexcept nogil:
    """The order statistic in hundredths, averaged with its sorted neighbours by BLUR[moves].

    For the end of a playout of ``moves`` moves: the playout only guesses the
    moves to come, so the hole it predicts is uncertain, the more so the more it
    guessed; a candidate near it in the order is the likeliest other outcome.
    Weights of candidates that do not exist are left out.
    """
    cdef int values[36]
    cdef int count, r, j
    cdef double total = 0.0, weights = 0.0, w
    if turn >= 30:
        return 100 * around[ctz(empty)]
    count = sorted_candidates(values)
    r = red_moves_left()
    moves = min(moves, LONGEST_PLAYOUT)
    for j in range(max(-BLUR_REACH, -r), min(BLUR_REACH, count - 1 - r) + 1):
        w = BLUR[moves][BLUR_REACH + j]
        total += w * values[r + j]
        weights += w
    return <int> (100.0 * total / weights + (0.5 if total >= 0 else -0.5))


cdef inline int playout_stone(int tile) noexcept nogil:
    """The playouts' stone for the mover on ``tile``: its largest left if the tile
    touches an empty one (it may border the hole), else its smallest."""
    cdef int seat = turn % 2, n
    if NEIGHBOUR_MASK[tile] & empty:
        n = 15
        while used[seat] >> n & 1:
            n -= 1
    else:
        n = 1
        while used[seat] >> n & 1:
            n += 1
    return n


cdef int greedy_playout(int* stack) noexcept nogil:
    """Both sides play greedy until the filling phase; returns the moves made, their
    tiles in ``stack`` (undo_playout takes them back).

    Greedy (bots.py): the move that most raises the mover's summed margin over
    the candidate holes, i.e. its largest stone where the most empty tiles
    touch, or filling the tile worst for it.
    """
    cdef int sp = 0, t, best_t, best_key, k, live, sign, seat, big
    cdef uint64_t rest
    while turn < 30:
        seat = turn % 2
        sign = 1 - 2 * seat
        big = 15
        while used[seat] >> big & 1:
            big -= 1
        best_t = -1
        best_key = -1000000
        live = 0
        rest = empty
        while rest:
            t = ctz(rest)
            rest &= rest - 1
            k = popcount(NEIGHBOUR_MASK[t] & empty)
            live |= k
            k = big * k - sign * around[t]
            if k > best_key:
                best_key = k
                best_t = t
        if live == 0:
            break
        place(best_t, sign * playout_stone(best_t))
        stack[sp] = best_t
        sp += 1
    return sp


cdef inline void undo_playout(int* stack, int sp) noexcept nogil:
    """Take back the ``sp`` moves whose tiles a playout pushed on ``stack``, last first."""
    while sp > 0:
        sp -= 1
        unplace(stack[sp])


cdef int playout() noexcept nogil:
    """Red's R − B in hundredths after the greedy playout: the order statistic there,
    blurred by the playout's length. The position is restored after."""
    cdef int stack[30]
    cdef int sp = greedy_playout(stack), result = blurred_order_statistic(sp)
    undo_playout(stack, sp)
    return result


def playout_end():
    """Where the greedy playout from the engine's position ends: the candidate holes'
    Red R − B sums there, lowest first, the index of the hole if both sides then fill
    the tiles worst for them, and the playout's moves (tools/blackhole_fit.py)."""
    cdef int stack[30]
    cdef int values[36]
    cdef int sp = greedy_playout(stack), count = sorted_candidates(values), r = red_moves_left()
    result = ([values[i] for i in range(count)], r, sp)
    undo_playout(stack, sp)
    return result


cdef inline int evaluate() noexcept nogil:
    """The mover's final margin in hundredths, estimated (exact in the filling phase)."""
    if not filling():
        return sign_to_move() * playout()
    return 100 * sign_to_move() * order_statistic()
