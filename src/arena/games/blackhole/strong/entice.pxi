# Choosing among equally good moves once the game is solved. Included by engine.pyx
# after search.pxi (it shares the clock, the table, move generation and negamax).
#
# Why: once search() has solved the rest of the game, every move that keeps the exact
# value is as good as another against a perfect opponent, and search() keeps the first
# it found. A real opponent is not perfect (the CodeCup 2018 winner plays Monte Carlo
# tree search, which samples the end rather than solving it). Among the moves that keep
# the value, entice() prefers the one after which the opponent has the fewest replies
# that are not mistakes (a mistake leaves us more than the value): a sampling search
# easily finds one of many good replies, less often the only one. Ties go to more
# mistakes. T. Czajka's 2019 Flippo winner also chose among its solved moves by how
# an imperfect opponent would fare after them.


cdef int _mistakes(int plies, int value) noexcept nogil:
    """With the opponent to move and ``plies`` left: how many of its replies (every move that
    can matter) leave us, who moved before it, more than ``value`` (our hundredths), each tried
    with a null window; -1 if the clock ran out. The replies' count goes in the top 16 bits."""
    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef int n = generate(True, -1, 0, tiles, numbers), i, count = 0, sign = sign_to_move()
    for i in range(n):
        place(tiles[i], sign * numbers[i])
        # our move again: do we now reach more than the value?
        if negamax(plies - 1, value, value + 1) > value:
            count += 1
        unplace(tiles[i])
        if aborted:
            return -1
    return (n << 16) | count


def entice(int tile, int number, int value, double seconds):
    """Of the moves that keep the solved ``value`` (hundredths, the mover's; ``(tile, number)``
    is one), the one leaving the opponent the fewest good replies, as
    ``(tile, number, moves_kept, mistakes, replies)`` of that move. Within ``seconds``; if they
    run out, ``(tile, number)`` stays, with mistakes and replies -1."""
    global nodes, deadline, aborted
    cdef int plies = 30 - turn, sign = sign_to_move()
    cdef int tiles[MAX_MOVES]
    cdef int numbers[MAX_MOVES]
    cdef int n, i, found, kept = 0, best_mistakes = -1, best_replies = 0, mistakes, replies
    cdef int best_tile = tile, best_number = number
    if plies < 3:
        return tile, number, 1, 0, 0
    nodes = 0
    aborted = False
    deadline = now() + seconds
    n = generate(True, tile, number, tiles, numbers)  # the solved move first
    for i in range(n):
        place(tiles[i], sign * numbers[i])
        # does this move keep the value? (no move beats it: the game is solved)
        if i == 0 or -negamax(plies - 1, -value, -value + 1) >= value:
            found = _mistakes(plies - 1, value)
            if found >= 0:
                kept += 1
                mistakes, replies = found & 0xFFFF, found >> 16
                if best_mistakes < 0 or replies - mistakes < best_replies - best_mistakes or (
                        replies - mistakes == best_replies - best_mistakes and mistakes > best_mistakes):
                    best_mistakes, best_replies = mistakes, replies
                    best_tile, best_number = tiles[i], numbers[i]
        unplace(tiles[i])
        if aborted:
            return tile, number, kept, -1, -1
    return best_tile, best_number, kept, max(best_mistakes, 0), best_replies
