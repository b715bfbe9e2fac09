# Exact scoring and expected values of lines.
#
# An unfinished stretch of a line (some cells empty) is worth its word's points
# times share * (1 - exp(-mass)), where mass sums, over the words that still fit
# it, the product of the odds of each missing letter: with many likely ways to
# finish, a stretch is almost as good as the share; with none it is worth nothing.
# A line's value is the best non-overlapping choice of stretches, as in scoring.


cdef inline void take_line(const uint8_t[:] grid, int k, uint8_t *line):
    """Line k of a grid: rows 0-6, then columns 0-6."""
    cdef int i
    if k < 7:
        for i in range(MAXLEN):
            line[i] = grid[7 * k + i]
    else:
        for i in range(MAXLEN):
            line[i] = grid[k - 7 + 7 * i]


cdef int count_fitting(LengthIndex *index, const uint8_t *segment, int length, uint64_t *scratch):
    cdef int block, total = 0
    if fitting(index, segment, length, scratch) == 0:
        return index.count
    for block in range(index.blocks):
        total += popcount64(scratch[block])
    return total


cdef bint is_word(LengthIndex *index, const uint8_t *segment, int length, uint64_t *scratch):
    cdef int block, position
    for position in range(length):
        if segment[position] == EMPTY:
            return False
    fitting(index, segment, length, scratch)
    for block in range(index.blocks):
        if scratch[block]:
            return True
    return False


cdef int exact_line(LengthIndex *index, const uint8_t *line, int n, uint64_t *scratch):
    """scoring.line_points: the best non-overlapping words of the line."""
    cdef int best[MAXLEN + 1]
    cdef int end, length
    best[0] = 0
    for end in range(1, n + 1):
        best[end] = best[end - 1]
        for length in range(2, min(end, MAXLEN) + 1):
            if is_word(&index[length], line + end - length, length, scratch):
                best[end] = max(best[end], best[end - length] + POINTS[length])
    return best[n]


cdef void fill_masses(LengthIndex *index, int length, double *odds, double *mass0, double *mass1):
    """The odds mass of an empty stretch and of every one-letter stretch of this length."""
    cdef int number, position, letter
    cdef double product, q
    cdef const uint8_t *word
    mass0[0] = 0
    for position in range(length * NLET):
        mass1[position] = 0
    for number in range(index.count):
        word = index.letters + number * length
        product = 1
        for position in range(length):
            product *= odds[word[position]]
        mass0[0] += product
        for position in range(length):
            q = odds[word[position]]
            if q > 0:
                mass1[position * NLET + word[position]] += product / q
            else:  # the product is 0: recompute it without this letter
                product = 1
                for letter in range(length):
                    if letter != position:
                        product *= odds[word[letter]]
                mass1[position * NLET + word[position]] += product
                product = 0


cdef double stretch_mass(Engine engine, const uint8_t *segment, int length, int *finished):
    """The odds mass of the words fitting a stretch; ``finished`` is set if it is a whole word."""
    cdef LengthIndex *index = &engine.index[length]
    cdef int fixed = 0, position, only = 0, block, number
    cdef uint64_t bits
    cdef double mass = 0, product
    cdef const uint8_t *word
    finished[0] = 0
    for position in range(length):
        if segment[position] != EMPTY:
            fixed += 1
            only = position
    if fixed == 0:
        return engine.mass0[length]
    if fixed == 1:
        return engine.mass1[length][only * NLET + segment[only] - 1]
    fitting(index, segment, length, engine.scratch)
    for block in range(index.blocks):
        bits = engine.scratch[block]
        while bits:
            number = block * 64 + lowest_bit(bits)
            bits &= bits - 1
            if fixed == length:
                finished[0] = 1
                return 1.0
            word = index.letters + number * length
            product = 1
            for position in range(length):
                if segment[position] == EMPTY:
                    product *= engine.odds[word[position]]
            mass += product
    return mass


cdef double line_value(Engine engine, const uint8_t *line):
    cdef double best[MAXLEN + 1]
    cdef double value, mass
    cdef int end, length, finished
    best[0] = 0
    for end in range(1, MAXLEN + 1):
        best[end] = best[end - 1]
        for length in range(2, end + 1):
            mass = stretch_mass(engine, line + end - length, length, &finished)
            if mass <= 0:
                continue
            if finished:
                value = POINTS[length]
            else:
                value = POINTS[length] * min(engine.share, engine.scale * mass)
            if best[end - length] + value > best[end]:
                best[end] = best[end - length] + value
    return best[MAXLEN]


cdef void stretch_masses_by_letter(Engine engine, const uint8_t *segment, int length, int at,
                                   double *mass, int *finished):
    """For each letter on the stretch's empty cell ``at``: the odds mass of the words fitting
    the stretch then, and whether it is then a whole word. One pass over the words that
    fit the other cells, each adding to the mass of its own letter at ``at``."""
    cdef LengthIndex *index = &engine.index[length]
    cdef int fixed = 0, empty = 0, position, block, number, letter
    cdef uint64_t bits
    cdef double product
    cdef const uint8_t *word
    for letter in range(NLET):
        mass[letter] = 0
        finished[letter] = 0
    for position in range(length):
        if position == at:
            continue
        if segment[position] != EMPTY:
            fixed += 1
        else:
            empty += 1
    if fixed == 0:  # the letter at ``at`` is the only one: the one-letter masses
        for letter in range(NLET):
            mass[letter] = engine.mass1[length][at * NLET + letter]
        return
    fitting(index, segment, length, engine.scratch)  # ``at`` is empty, so it constrains nothing
    for block in range(index.blocks):
        bits = engine.scratch[block]
        while bits:
            number = block * 64 + lowest_bit(bits)
            bits &= bits - 1
            word = index.letters + number * length
            if empty == 0:
                finished[word[at]] = 1
                mass[word[at]] = 1.0
                continue
            product = 1
            for position in range(length):
                if position != at and segment[position] == EMPTY:
                    product *= engine.odds[word[position]]
            mass[word[at]] += product


cdef void line_values_by_letter(Engine engine, const uint8_t *line, int at, double *out):
    """line_value of the line with each letter 1-26 on its empty cell ``at`` (out[letter - 1]).

    The stretches that miss ``at`` are valued once; those that cover it once for every
    letter, from one pass over their fitting words; then the best choice per letter."""
    cdef double best[MAXLEN + 1][NLET]
    cdef double mass[NLET]
    cdef int finished[NLET]
    cdef double value, single
    cdef int end, length, start, letter, done
    for letter in range(NLET):
        best[0][letter] = 0
    for end in range(1, MAXLEN + 1):
        for letter in range(NLET):
            best[end][letter] = best[end - 1][letter]
        for length in range(2, end + 1):
            start = end - length
            if at < start or at >= end:
                single = stretch_mass(engine, line + start, length, &done)
                if single <= 0:
                    continue
                value = POINTS[length] if done else POINTS[length] * min(engine.share, engine.scale * single)
                for letter in range(NLET):
                    if best[start][letter] + value > best[end][letter]:
                        best[end][letter] = best[start][letter] + value
                continue
            stretch_masses_by_letter(engine, line + start, length, at - start, mass, finished)
            for letter in range(NLET):
                if mass[letter] <= 0:
                    continue
                if finished[letter]:
                    value = POINTS[length]
                else:
                    value = POINTS[length] * min(engine.share, engine.scale * mass[letter])
                if best[start][letter] + value > best[end][letter]:
                    best[end][letter] = best[start][letter] + value
    for letter in range(NLET):
        out[letter] = best[MAXLEN][letter]
