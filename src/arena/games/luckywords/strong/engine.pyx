# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Lucky Words' compiled engine: the dictionary's pattern index and line values.

A grid is 49 bytes row by row (cell = 7 * row + column, as in rules.py), 0 for
an empty cell and 1-26 for A-Z. The engine scores lines exactly (the best
non-overlapping words, as scoring.py) and values lines that still have empty
cells by the word points they can expect from the letters still to come
(value.pxi). rules.py and scoring.py stay the source of truth;
tests/games/luckywords/test_engine.py checks this engine against them.

Module-level state: only the word points by length (``POINTS``, index.pxi), made at
import and only read after. Everything else, the dictionary's index, the letter odds and
the caches of line values, lives in an ``Engine`` object, one per word list (the strong
player makes one; player_knowledge.py keeps one per word list in each analysis worker
process): a process may hold several, and no call depends on a position kept between calls.
"""

include "index.pxi"
include "value.pxi"
include "line_cache.pxi"
include "rollout.pxi"

from libc.string cimport memset, memcpy


def grid_bytes(str text):
    """A grid or line written with letters and ``.`` (scoring.py's form) as the engine's bytes."""
    return bytes(0 if ch == "." else ord(ch) - 64 for ch in text)


cdef class Engine:
    cdef LengthIndex index[8]
    cdef uint64_t *scratch      # one bit set of the longest group
    cdef double odds[NLET]      # the chance that an empty cell ends up holding each letter
    cdef double share           # the most of a word's points an unfinished stretch is worth
    cdef public double scale    # an unfinished stretch's share per unit of odds mass
    cdef double mass0[8]        # the odds mass of an empty stretch, per length
    cdef double *mass1[8]       # ... of a stretch with one letter: [position * 26 + letter]
    cdef LineCache values       # line code -> value, under the current odds
    cdef LineCache lettered     # line code * 8 + empty position -> its value with each letter there
    cdef LineCache exact        # line code -> exact word points

    def __cinit__(self, words):
        """``words``: the scoring words (2-7 letters A-Z, uppercase)."""
        cdef int length, most = 1
        groups = {length: [] for length in range(2, MAXLEN + 1)}
        for word in sorted(words):
            groups[len(word)].append(word.encode("ascii"))
        for length in range(8):
            self.index[length].letters = NULL
            self.index[length].sets = NULL
            self.index[length].count = 0
            self.index[length].blocks = 0
            self.mass1[length] = NULL
        for length in range(2, MAXLEN + 1):
            build_length(&self.index[length], groups[length], length)
            most = max(most, self.index[length].blocks)
            self.mass1[length] = <double *> calloc(length * NLET, sizeof(double))
        self.scratch = <uint64_t *> calloc(most, sizeof(uint64_t))
        cache_open(&self.values, 17, 1)
        cache_open(&self.lettered, 15, NLET)
        cache_open(&self.exact, 16, 1)
        self.scale = 1.0
        self.set_odds([0.1] * NLET, 0.7)

    def __dealloc__(self):
        for length in range(8):
            free(self.index[length].letters)
            free(self.index[length].sets)
            free(self.mass1[length])
        free(self.scratch)
        cache_close(&self.values)
        cache_close(&self.lettered)
        cache_close(&self.exact)

    def words_of_length(self, int length):
        return self.index[length].count if 2 <= length <= MAXLEN else 0

    def count(self, str pattern):
        """How many words fit ``pattern`` (``.`` is any letter), like patterns.PatternIndex.count."""
        cdef int length = len(pattern)
        if not 2 <= length <= MAXLEN:
            return 0
        cdef bytes segment = grid_bytes(pattern)
        return count_fitting(&self.index[length], segment, length, self.scratch)

    def line_points(self, str line):
        """The exact word points of a line of up to 7 cells (letters and ``.``), like scoring.line_points."""
        cdef bytes cells = grid_bytes(line)
        return exact_line(self.index, cells, len(line), self.scratch)

    def grid_points(self, const uint8_t[:] grid):
        """The exact word points of a grid of 49 engine bytes, like scoring.grid_points."""
        cdef uint8_t line[MAXLEN]
        cdef int total = 0, k
        for k in range(14):
            take_line(grid, k, line)
            total += exact_line(self.index, line, MAXLEN, self.scratch)
        return total

    def set_odds(self, odds, double share):
        """Each letter's chance of ending up in a given empty cell, and the share an unfinished
        stretch is worth at most; the values of empty stretches follow (one pass over the words)."""
        cdef int letter
        for letter in range(NLET):
            self.odds[letter] = min(1.0, max(0.0, float(odds[letter])))
        self.share = share
        for length in range(2, MAXLEN + 1):
            fill_masses(&self.index[length], length, self.odds, &self.mass0[length], self.mass1[length])
        cache_clear(&self.values)
        cache_clear(&self.lettered)

    cdef double line_val(self, const uint8_t *line):
        cdef uint64_t key = line_code(line)
        cdef uint64_t at = cache_find(&self.values, key)
        if cache_holds(&self.values, at, key):
            return cache_values(&self.values, at)[0]
        cdef double value = line_value(self, line)
        cache_claim(&self.values, at, key)[0] = value
        return value

    cdef const double *lettered_vals(self, const uint8_t *line, int position):
        """The line's value with each letter A-Z on its empty cell ``position``."""
        cdef uint64_t key = line_code(line) * 8 + position
        cdef uint64_t at = cache_find(&self.lettered, key)
        if cache_holds(&self.lettered, at, key):
            return cache_values(&self.lettered, at)
        cdef double *values = cache_claim(&self.lettered, at, key)
        line_values_by_letter(self, line, position, values)
        return values

    cdef int line_exact(self, const uint8_t *line):
        cdef uint64_t key = line_code(line)
        cdef uint64_t at = cache_find(&self.exact, key)
        if cache_holds(&self.exact, at, key):
            return <int> cache_values(&self.exact, at)[0]
        cdef int points = exact_line(self.index, line, MAXLEN, self.scratch)
        cache_claim(&self.exact, at, key)[0] = points
        return points

    def line_values_by_letter(self, const uint8_t[:] line, int position):
        """The expected word points of a 7-cell line with each letter A-Z on its empty cell
        ``position``: what line_value gives for each, in one pass over the fitting words."""
        cdef uint8_t cells[MAXLEN]
        for k in range(MAXLEN):
            cells[k] = line[k]
        cdef const double *values = self.lettered_vals(cells, position)
        return [values[k] for k in range(NLET)]

    def line_value(self, const uint8_t[:] line):
        """The expected word points of a 7-cell line (engine bytes) under the current odds."""
        cdef uint8_t cells[MAXLEN]
        for k in range(MAXLEN):
            cells[k] = line[k]
        return self.line_val(cells)

    def grid_value(self, const uint8_t[:] grid):
        cdef uint8_t line[MAXLEN]
        cdef double total = 0
        for k in range(14):
            take_line(grid, k, line)
            total += self.line_val(line)
        return total

    def placement_gains(self, const uint8_t[:] grid, int letter):
        """For each cell, how much the grid's value rises with ``letter`` (1-26) put there;
        None for a cell that is taken."""
        cdef double base[14]
        cdef uint8_t line[MAXLEN]
        cdef int k
        for k in range(14):
            take_line(grid, k, line)
            base[k] = self.line_val(line)
        return [self.gain_at(grid, base, cell, letter) if grid[cell] == EMPTY else None for cell in range(49)]

    cdef double gain_at(self, const uint8_t[:] grid, double *base, int cell, int letter):
        cdef uint8_t line[MAXLEN]
        cdef int row = cell // 7, col = cell % 7
        take_line(grid, row, line)
        line[col] = letter
        cdef double gain = self.line_val(line) - base[row]
        take_line(grid, 7 + col, line)
        line[row] = letter
        return gain + self.line_val(line) - base[7 + col]

    def letter_gains(self, const uint8_t[:] grid):
        """For each letter A-Z, the best gain of placing it: how much it is worth to this grid."""
        cdef double base[14]
        cdef double best[NLET]
        cdef double across[NLET]    # a copy: the next look-up may empty the cache it points into
        cdef uint8_t line[MAXLEN]
        cdef const double *down
        cdef int k, letter, cell, row, col
        cdef double gain
        for k in range(14):
            take_line(grid, k, line)
            base[k] = self.line_val(line)
        for letter in range(NLET):
            best[letter] = -1e18
        for cell in range(49):
            if grid[cell] != EMPTY:
                continue
            row = cell // 7
            col = cell % 7
            take_line(grid, row, line)
            memcpy(across, self.lettered_vals(line, col), sizeof(across))
            take_line(grid, 7 + col, line)
            down = self.lettered_vals(line, row)
            for letter in range(NLET):
                gain = across[letter] - base[row] + down[letter] - base[7 + col]
                if gain > best[letter]:
                    best[letter] = gain
        return [best[letter] for letter in range(NLET)]

    def play_outs(self, const uint8_t[:] grid, starts, bint ours_next, shares, double seconds,
                  int rounds_at_most=1000000, uint64_t seed=1):
        """Judge moves by play-outs (rollout.pxi): for each ``(letter, cell)`` of ``starts``
        (cell -1: wherever the one-ply rule puts it), the mean exact word points of the grid
        filled after it, over rounds of one play-out per move until ``seconds`` have passed
        (at least one round). ``ours_next``: whether we call the letter after it;
        ``shares``: the opponent's chances of calling each letter. Returns (means, rounds)."""
        cdef Gains *start = <Gains *> malloc(sizeof(Gains))
        cdef Gains *gains = <Gains *> malloc(sizeof(Gains))
        cdef double cdf[NLET]
        cdef double total = 0, deadline = now_seconds() + seconds
        cdef int n = len(starts), i, k, cell, letter, rounds = 0
        if start == NULL or gains == NULL:
            free(start)
            free(gains)
            raise MemoryError()
        for k in range(49):
            start.grid[k] = grid[k]
        for k in range(NLET):
            total += max(0.0, float(shares[k]))
        for k in range(NLET):
            cdf[k] = (cdf[k - 1] if k else 0.0) + max(0.0, float(shares[k])) / total
        sums = [0] * n
        try:
            moves = [(int(letter), int(cell)) for letter, cell in starts]
            gains_fill(self, start)
            while rounds < rounds_at_most:
                for i in range(n):
                    letter, cell = moves[i]
                    memcpy(gains, start, sizeof(Gains))
                    if cell < 0:
                        cell = policy_cell(gains, letter)
                    place_on(self, gains, cell, letter)
                    sums[i] += play_out(self, gains, ours_next, cdf, seed * 0x2545F4914F6CDD1DULL + rounds)
                rounds += 1
                if now_seconds() > deadline:
                    break
        finally:
            free(start)
            free(gains)
        return [s / rounds for s in sums], rounds
