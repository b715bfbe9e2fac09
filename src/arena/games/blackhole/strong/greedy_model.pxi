# Search against a modelled opponent: Black Hole's one-ply greedy policy
# (bots.greedy_choice: the move that most raises its summed margin over the
# candidate holes, ties at random). Included by engine.pyx after search.pxi (it
# shares the clock, node count, move generation and evaluation).
#
# Why: the minimax search assumes the best reply and so never steers toward
# the positions where a weak opponent goes wrong; against greedy it wins every
# game but by about 8 points. Once opponent_model.py has seen that the
# opponent plays this policy, player.py searches this tree instead: our nodes
# take the best move, the opponent's nodes the average over its tied greedy
# replies. The depth counts our moves only: the opponent's reply costs one
# scan of the tiles, not a branch, so the same time reaches about twice as far.
#
# Below the root, short of the end, only our ``beam_width`` moves that look
# best one move ahead are searched deeper (a max-and-average tree has no min
# nodes for alpha-beta to cut). In process vs greedy at 0.3 of the clock, seeds
# 1-20 (40 games), the mean margin by beam width: all 14.3, 2 17.5, 3 18.1,
# 4 18.5, 6 13.9, 10 16.0 (each ± about 2).

cdef int beam_width = 4


cdef int greedy_replies(int* tiles, int* numbers) noexcept nogil:
    """The moves the greedy player chooses among here (its tied best); returns their count.

    bots.greedy_choice ranks a move by (summed margin after it, −number): on a
    tile with k empty neighbours its largest stone adds largest·k, and on a dead
    tile every stone adds nothing, so its smallest is kept. 32·value − number is
    that order as one integer (numbers are below 32).
    """
    cdef int seat = turn % 2, sign = sign_to_move()
    cdef int big = 15, small = 1, t, k, number, rank, best = -INF, n = 0
    cdef uint64_t rest = empty
    while big > 0 and used[seat] >> big & 1:
        big -= 1
    while small < 16 and used[seat] >> small & 1:
        small += 1
    while rest:
        t = ctz(rest)
        rest &= rest - 1
        k = popcount(NEIGHBOUR_MASK[t] & empty)
        number = big if k else small
        rank = 32 * (number * k - sign * around[t]) - number
        if rank > best:
            best = rank
            n = 0
        if rank == best:
            tiles[n] = t
            numbers[n] = number
            n += 1
    return n


cdef double value_vs_greedy(int depth) noexcept nogil:
    """Our expected final margin in hundredths, us to move, the opponent greedy."""
    if out_of_time(1024):
        return 0
    if turn >= 30 or depth == 0 or filling():
        # in the filling phase greedy fills the tile worst for it, which is the best
        # play there: the order statistic is exact against it too
        return evaluate()
    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef double shallow[MAX_MOVES]
    cdef int n = generate(2 * depth >= 30 - turn, -1, 0, tiles, numbers), i, j, k, sign = sign_to_move()
    cdef double best = -INF
    if depth == 1 or beam_width <= 0 or 2 * depth >= 30 - turn:
        for i in range(n):  # every move, to the full depth (and exact at the end)
            place(tiles[i], sign * numbers[i])
            best = max(best, value_after_move(depth))
            unplace(tiles[i])
        return best
    for i in range(n):
        place(tiles[i], sign * numbers[i])
        shallow[i] = value_after_move(1)
        unplace(tiles[i])
    for i in range(min(beam_width, n)):  # the best-looking first, by selection
        j = i
        for k in range(i + 1, n):
            if shallow[k] > shallow[j]:
                j = k
        shallow[i], shallow[j] = shallow[j], shallow[i]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        numbers[i], numbers[j] = numbers[j], numbers[i]
        place(tiles[i], sign * numbers[i])
        best = max(best, value_after_move(depth))
        unplace(tiles[i])
    return best


cdef double value_after_move(int depth) noexcept nogil:
    """Our expected margin once we have moved: the average over the greedy replies."""
    if turn >= 30 or filling():
        return -evaluate()
    cdef int tiles[36]
    cdef int numbers[36]
    cdef int n = greedy_replies(tiles, numbers), i, sign = sign_to_move()
    cdef double total = 0
    for i in range(n):
        place(tiles[i], sign * numbers[i])
        total += value_vs_greedy(depth - 1)
        unplace(tiles[i])
    return total / n


def search_vs_greedy(double soft_seconds, double hard_seconds):
    """Our best ``(tile, number)`` against a greedy opponent, deepening over our moves.

    Same limits as ``search``. Returns ``(tile, number, expected margin in
    hundredths, depth, nodes, exact)``; exact once the tree reaches the end.
    """
    global nodes, deadline, aborted
    cdef double start = now(), value, best_value = 0, iteration_value
    cdef int our_moves_left = (30 - turn + 1) // 2
    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef int n = generate(True, -1, 0, tiles, numbers), i, sign = sign_to_move()
    cdef int depth = 0, done = 0, best_i = 0, iteration_i
    nodes = 0
    aborted = False
    deadline = start + hard_seconds
    while depth < our_moves_left:
        depth += 1
        iteration_value = -INF
        iteration_i = 0
        for i in range(n):
            place(tiles[i], sign * numbers[i])
            value = value_after_move(depth)
            unplace(tiles[i])
            if aborted:
                break
            if value > iteration_value:
                iteration_value = value
                iteration_i = i
        if aborted:
            break
        best_i, best_value, done = iteration_i, iteration_value, depth
        if now() - start > soft_seconds * 0.5:
            break
    return tiles[best_i], numbers[best_i], best_value, done, nodes, done >= our_moves_left


def set_beam_width(int width):
    """Experiment hook: our moves searched deeper at each node (0: all of them)."""
    global beam_width
    beam_width = width


def greedy_moves():
    """The ``(tile, number)`` moves a greedy mover chooses among (opponent_model.py watches them)."""
    cdef int tiles[36]
    cdef int numbers[36]
    cdef int n = greedy_replies(tiles, numbers), i
    return [(tiles[i], numbers[i]) for i in range(n)]


def in_filling_phase():
    """No empty tile touches another: from here every sound player fills the tile worst for it."""
    return filling()
