# Play-outs: the rest of a game played fast on our own grid, to judge a move
# by the exact word points it leads to rather than by the line values alone.
#
# The opponent's calls are drawn from the letter shares we expect of it; our
# own calls and every placement follow the one-ply rule (the letter goes where
# the grid's value rises most; we call the letter that can raise it most). A
# move's play-outs all share their opponent letters with the other moves' (the
# same seed per round), so the moves are compared on the same luck.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC


cdef inline double now_seconds() nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline uint64_t next_random(uint64_t *state) nogil:
    """splitmix64: a fast generator, good enough to draw letters."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void grid_line(const uint8_t *grid, int k, uint8_t *line) noexcept nogil:
    """Line k of a C grid: rows 0-6, then columns 0-6."""
    cdef int i
    if k < 7:
        for i in range(MAXLEN):
            line[i] = grid[7 * k + i]
    else:
        for i in range(MAXLEN):
            line[i] = grid[k - 7 + 7 * i]


cdef void line_values(Engine engine, const uint8_t *grid, double *base):
    cdef uint8_t line[MAXLEN]
    cdef int k
    for k in range(14):
        grid_line(grid, k, line)
        base[k] = engine.line_val(line)


cdef struct Gains:
    # for every cell and letter (cell * 26 + letter - 1), what putting it there adds to
    # the cell's row and to its column; a placement changes only its own row's and
    # column's, so a play-out updates 12 cells at most instead of all of them
    uint8_t grid[49]
    double base[14]
    double row[49 * NLET]
    double col[49 * NLET]


cdef void part_gains(Engine engine, const uint8_t *grid, int k, double base, int position, double *out):
    """What each letter at ``position`` of line ``k`` adds to that line's value."""
    cdef uint8_t line[MAXLEN]
    cdef int letter
    grid_line(grid, k, line)
    cdef const double *values = engine.lettered_vals(line, position)
    for letter in range(NLET):
        out[letter] = values[letter] - base


cdef void gains_fill(Engine engine, Gains *gains):
    cdef int cell
    line_values(engine, gains.grid, gains.base)
    for cell in range(49):
        if gains.grid[cell] == EMPTY:
            part_gains(engine, gains.grid, cell // 7, gains.base[cell // 7], cell % 7, &gains.row[cell * NLET])
            part_gains(engine, gains.grid, 7 + cell % 7, gains.base[7 + cell % 7], cell // 7,
                       &gains.col[cell * NLET])


cdef void place_on(Engine engine, Gains *gains, int cell, int letter):
    """Put ``letter`` on ``cell`` and bring the gains of its row's and column's cells up to date."""
    cdef uint8_t line[MAXLEN]
    cdef int row = cell // 7, col = cell % 7, i, other
    gains.grid[cell] = letter
    grid_line(gains.grid, row, line)
    gains.base[row] = engine.line_val(line)
    grid_line(gains.grid, 7 + col, line)
    gains.base[7 + col] = engine.line_val(line)
    for i in range(7):
        other = 7 * row + i
        if gains.grid[other] == EMPTY:
            part_gains(engine, gains.grid, row, gains.base[row], i, &gains.row[other * NLET])
        other = 7 * i + col
        if gains.grid[other] == EMPTY:
            part_gains(engine, gains.grid, 7 + col, gains.base[7 + col], i, &gains.col[other * NLET])


cdef int policy_cell(const Gains *gains, int letter) noexcept nogil:
    """The empty cell where ``letter`` raises the grid's value most (the first such)."""
    cdef int cell, at, best_cell = -1
    cdef double gain, best = -1e300
    for cell in range(49):
        if gains.grid[cell] == EMPTY:
            at = cell * NLET + letter - 1
            gain = gains.row[at] + gains.col[at]
            if gain > best:
                best = gain
                best_cell = cell
    return best_cell


cdef int policy_call(const Gains *gains) noexcept nogil:
    """The letter (1-26) whose best placement raises the grid's value most."""
    cdef double best[NLET]
    cdef double gain, top
    cdef int cell, letter, chosen = 1
    for letter in range(NLET):
        best[letter] = -1e300
    for cell in range(49):
        if gains.grid[cell] == EMPTY:
            for letter in range(NLET):
                gain = gains.row[cell * NLET + letter] + gains.col[cell * NLET + letter]
                if gain > best[letter]:
                    best[letter] = gain
    top = best[0]
    for letter in range(1, NLET):
        if best[letter] > top:
            top = best[letter]
            chosen = letter + 1
    return chosen


cdef int exact_points(Engine engine, const uint8_t *grid):
    cdef uint8_t line[MAXLEN]
    cdef int k, total = 0
    for k in range(14):
        grid_line(grid, k, line)
        total += engine.line_exact(line)
    return total


cdef int play_out(Engine engine, Gains *gains, bint ours, const double *cdf, uint64_t seed):
    """Fill the grid, our calls and the opponent's alternating (``ours``: who calls next);
    its exact word points."""
    cdef int empty = 0, cell, letter
    cdef uint64_t state = seed
    cdef double u
    for cell in range(49):
        if gains.grid[cell] == EMPTY:
            empty += 1
    while empty > 0:
        if ours:
            letter = policy_call(gains)
        else:
            u = (next_random(&state) >> 11) * (1.0 / 9007199254740992.0)
            letter = 1
            while letter < NLET and cdf[letter - 1] <= u:
                letter += 1
        place_on(engine, gains, policy_cell(gains, letter), letter)
        empty -= 1
        ours = not ours
    return exact_points(engine, gains.grid)
