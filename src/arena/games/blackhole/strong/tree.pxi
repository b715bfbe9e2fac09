# Black Hole's tree search by playouts, for the moves before the exact solve.
# Included by engine.pyx.
#
# A move is two choices, so the tree has two kinds of node: at a TILES node the
# mover picks an empty tile, at the NUMBERS node below it the stone for that tile.
# Every iteration walks down from the root, picking a child at random one time in
# ``tree_epsilon`` and otherwise the one whose playouts averaged best for the
# mover, adds one untried child, plays the position out with a randomised
# heuristic to the filling phase (where the order statistic is exact) and adds
# that final margin to every node on the way. The move played is the most
# visited tile and its most visited stone. The same lossless cuts as the
# alpha-beta search keep the tree small: on a live tile only the mover's m
# largest numbers left (m its moves left), on a dead tile only the smallest of
# those, and of the dead tiles only the one worst for the mover.
#
# The method is the one E. Kasimi's CodeCup 2018 winner published (docs/strength.md);
# this one ends each playout at the exact order statistic of the filling phase
# instead of an estimate, cuts the stones that cannot matter, and hands the last 13
# plies to the exact alpha-beta solve. Against that winner it took the middle game
# from -0.41 points a game as Red (alpha-beta on the greedy playout's estimate) to
# ahead in both seats.

from libc.stdlib cimport malloc

cdef enum:
    TREE_NODES = 1 << 21          # 2M nodes * 32 bytes = 64 MB, one node per iteration
    KIND_TILES = 0
    KIND_NUMBERS = 1

cdef struct Node:
    uint64_t untried       # tiles (TILES) or numbers (NUMBERS) not yet given a child
    double total           # Red's final R - B summed over the playouts through here
    int first_child
    int next_sibling
    int visits
    signed char action     # the number placed (TILES node) or the tile chosen (NUMBERS)
    signed char kind

cdef Node* tree = <Node*> malloc(TREE_NODES * sizeof(Node))
if tree == NULL:
    raise MemoryError("no room for Black Hole's tree of playouts (64 MB)")
cdef int tree_used = 0
cdef uint64_t rng_state = 0x9E3779B97F4A7C15ULL
cdef int tree_epsilon = 10


cdef inline uint64_t next_random() noexcept nogil:
    global rng_state
    rng_state ^= rng_state << 13
    rng_state ^= rng_state >> 7
    rng_state ^= rng_state << 17
    return rng_state


cdef inline int random_below(int n) noexcept nogil:
    return <int> ((next_random() >> 33) % <uint64_t> n)


cdef inline int random_bit(uint64_t mask) noexcept nogil:
    """One set bit of ``mask`` chosen uniformly; its index."""
    cdef int k = random_below(popcount(mask))
    while k > 0:
        mask &= mask - 1
        k -= 1
    return ctz(mask)


cdef inline uint64_t tile_choices() noexcept nogil:
    """The tiles worth trying for the mover: every live one and the dead one worst for
    the mover (0 in the filling phase, where the result is the order statistic)."""
    cdef uint64_t rest = empty, live_tiles = 0
    cdef int t, worst
    while rest:
        t = ctz(rest)
        rest &= rest - 1
        if NEIGHBOUR_MASK[t] & empty:
            live_tiles |= 1ULL << t
    if live_tiles == 0 or turn >= 30:
        return 0
    worst = worst_dead_tile()
    if worst >= 0:
        live_tiles |= 1ULL << worst
    return live_tiles


cdef inline uint64_t number_choices(int tile) noexcept nogil:
    """The numbers worth trying on ``tile``: those that can matter, or on a dead tile
    the smallest of them."""
    cdef int top[15]
    cdef int m = numbers_that_matter(top), k
    cdef uint64_t chosen = 0
    if not NEIGHBOUR_MASK[tile] & empty:
        return 1ULL << top[m - 1]
    for k in range(m):
        chosen |= 1ULL << top[k]
    return chosen


cdef inline int new_node(int kind, int action) noexcept nogil:
    global tree_used
    cdef int i = tree_used
    cdef Node* node = &tree[i]
    tree_used += 1
    node.kind = kind
    node.action = action
    node.first_child = -1
    node.next_sibling = -1
    node.visits = 0
    node.total = 0.0
    node.untried = tile_choices() if kind == KIND_TILES else number_choices(action)
    return i


cdef int heuristic_playout(int* stack, int sp) noexcept nogil:
    """Both sides play a randomised heuristic until the filling phase; pushes the tiles
    on ``stack`` from ``sp`` and returns the new top.

    Each move picks, by a coin that favours the second as the board fills, either the
    tile with the most empty neighbours (a stone there reaches the most candidate
    holes) or the candidate hole worst for the mover (filled, it can no longer be the
    hole), the other measure breaking ties and chance the rest. The stone is the
    mover's largest on a live tile, its smallest on a dead one.
    """
    cdef int t, sign, live, key, best_key, best_t, ties, n
    cdef bint by_hole
    cdef uint64_t rest
    while turn < 30:
        sign = sign_to_move()
        by_hole = random_below(30) < turn
        best_key = -1000000
        best_t = -1
        ties = 0
        live = 0
        rest = empty
        while rest:
            t = ctz(rest)
            rest &= rest - 1
            n = popcount(NEIGHBOUR_MASK[t] & empty)
            live |= n
            if by_hole:
                key = -sign * around[t] * 8 + n
            else:
                key = n * 1024 - sign * around[t]
            if key > best_key:
                best_key = key
                best_t = t
                ties = 1
            elif key == best_key:
                ties += 1
                if random_below(ties) == 0:
                    best_t = t
        if live == 0:
            break
        place(best_t, sign * playout_stone(best_t))
        stack[sp] = best_t
        sp += 1
    return sp


cdef inline int select_child(int parent, int sign) noexcept nogil:
    """Epsilon-greedy: at random one time in tree_epsilon, else the best mean for the mover."""
    cdef int child = tree[parent].first_child, best = child, count = 0, pick
    cdef double value, best_value = -1e300
    if random_below(tree_epsilon) == 0:
        while child >= 0:
            count += 1
            child = tree[child].next_sibling
        pick = random_below(count)
        child = tree[parent].first_child
        while pick > 0:
            child = tree[child].next_sibling
            pick -= 1
        return child
    while child >= 0:
        value = sign * tree[child].total / tree[child].visits
        if value > best_value:
            best_value = value
            best = child
        child = tree[child].next_sibling
    return best


cdef inline int most_visited(int parent) noexcept nogil:
    cdef int child = tree[parent].first_child, best = child
    while child >= 0:
        if tree[child].visits > tree[best].visits:
            best = child
        child = tree[child].next_sibling
    return best


def set_tree_epsilon(int epsilon):
    """Explore at random one time in ``epsilon``. An experiment hook: 10, the winner's
    choice, is the only value measured in games (docs/strength.md)."""
    global tree_epsilon
    tree_epsilon = max(1, epsilon)


def seed_tree(seed):
    """Seed the playouts' random numbers: a game with the same seed and the same number
    of playouts a move repeats itself."""
    global rng_state
    rng_state = (int(seed) * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1  # xorshift needs a bit set


def tree_search(double seconds):
    """The tree search's ``(tile, number, mean, iterations, nodes)`` for the side to move,
    thinking ``seconds``; ``mean`` is Red's average final R - B in hundredths over the
    chosen move's playouts. None in the filling phase (the order statistic decides)."""
    global tree_used
    cdef double deadline_at = now() + seconds
    cdef int path[80]
    cdef int stack[40]
    cdef int depth, sp, node, child, bit, tile_node, number_node, iterations = 0
    cdef double value
    tree_used = 0
    cdef int root = new_node(KIND_TILES, -1)
    if tree[root].untried == 0:
        return None
    with nogil:
        while tree_used < TREE_NODES - 1:
            iterations += 1
            node = root
            depth = 0
            sp = 0
            path[depth] = node
            depth += 1
            while True:
                if tree[node].untried:
                    bit = random_bit(tree[node].untried)
                    tree[node].untried &= ~(1ULL << bit)
                    if tree[node].kind == KIND_NUMBERS:
                        place(tree[node].action, sign_to_move() * bit)
                        stack[sp] = tree[node].action
                        sp += 1
                        child = new_node(KIND_TILES, bit)
                    else:
                        child = new_node(KIND_NUMBERS, bit)
                    tree[child].next_sibling = tree[node].first_child
                    tree[node].first_child = child
                    node = child
                    path[depth] = node
                    depth += 1
                    break
                if tree[node].first_child < 0:
                    break  # the filling phase: nothing left to choose that matters
                child = select_child(node, sign_to_move())
                if tree[node].kind == KIND_NUMBERS:
                    place(tree[node].action, sign_to_move() * tree[child].action)
                    stack[sp] = tree[node].action
                    sp += 1
                node = child
                path[depth] = node
                depth += 1
            if tree[node].kind == KIND_NUMBERS:
                # the tile is chosen, the stone not yet: the playout's own choice of stone
                place(tree[node].action, sign_to_move() * playout_stone(tree[node].action))
                stack[sp] = tree[node].action
                sp += 1
            sp = heuristic_playout(stack, sp)
            value = order_statistic()  # Red's R - B, exact from the filling phase on
            undo_playout(stack, sp)
            while depth > 0:
                depth -= 1
                tree[path[depth]].visits += 1
                tree[path[depth]].total += value
            if (iterations & 127) == 0 and now() > deadline_at:
                break
    tile_node = most_visited(root)
    number_node = most_visited(tile_node)
    if number_node < 0:  # the tile was tried once only: its stone as the playout chose it
        return tree[tile_node].action, playout_stone(tree[tile_node].action), 0, iterations, tree_used
    return (tree[tile_node].action, tree[number_node].action,
            round(100 * tree[number_node].total / tree[number_node].visits), iterations, tree_used)
