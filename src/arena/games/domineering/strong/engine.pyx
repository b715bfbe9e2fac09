# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Domineering's compiled engine: bitboard placements and the strong player's search.

A position is one 64-bit mask of covered cells (bit (x-1) * 8 + (y-1) is row
x, column y) and the seat to move (0 first, horizontal; 1 second, vertical).
Points are whole numbers: the second seat's 2.5 start is the caller's to add.
rules.py stays the source of truth; tests/games/domineering/test_engine.py
checks this engine against it.

Module-level state: one engine per process, in C globals. It keeps no position: every
call is given the board and the seat to move. It holds

- one game's cell values and what follows from them (``VALUE``, ``GAIN``, ``LINE_BEST``
  in board.pxi), set by set_values(), which forgets the transposition table when it had
  been used: its scores are worth those values and no others;
- tables made at import and only read after (the domino shapes, the column masks);
- the searches' memory: the transposition table (search.pxi; kept from one move to the
  next of the same game), the history counters, clock, node and estimate counts of the
  search under way (each search starts them afresh), and the evaluation's weights
  (evaluate.pxi; changed only by the experiment hook set_param).

One board of values per process is safe because each caller is a process of its own that
plays or analyses one game at a time: the strong player is a contestant program (one
game, player.py); the analyst runs in the analysis's pool of worker processes (one
record's plies, and analyst.py's load_values gives the engine the values again whenever
they differ). A search holds the GIL from start to end, so no other thread can change
the values or the table under it.
"""

include "board.pxi"
include "evaluate.pxi"
include "search.pxi"
include "root.pxi"


cdef bint table_used = False


def set_values(values):
    """The game's 64 cell values, row by row; forgets the transposition table."""
    global table_used
    _load_values([int(v) for v in values])
    if table_used:  # a fresh table is already empty (calloc): touching it all costs start-up
        clear()
    table_used = True


def placements(uint64_t occ, int side):
    """The upper-left bits where ``side`` can place a domino, as a mask."""
    return placements_of(occ, side)


def cells(int side, int bit):
    """The two cells a domino of ``side`` at ``bit`` covers, as a mask."""
    return domino(side, bit)


def gain(int side, int bit):
    return GAIN[side][bit]


def settled(uint64_t occ):
    """``(occ, points)``: the board with its one-player runs and dead cells covered,
    and those runs' worth, the first seat's minus the second's."""
    cdef int h_minus_v = 0
    occ = settle(occ, &h_minus_v)
    return occ, h_minus_v


def static_eval(uint64_t occ, int side):
    return evaluate(occ, side)


def set_param(str name, int value):
    """Experiment hook: change an evaluation weight (sixteenths)."""
    global POTENTIAL_WEIGHT, TEMPO_WEIGHT
    if name == "potential":
        POTENTIAL_WEIGHT = value
    elif name == "tempo":
        TEMPO_WEIGHT = value
    else:
        raise ValueError(f"no parameter {name!r}")


def count_positions(const uint64_t[::1] boards):
    """Benchmark kernel: for each ``(occ, side)`` pair in the flat array ``boards``,
    generate the placements and make each child position.

    Returns a checksum over the children (so the work cannot be skipped).
    """
    cdef uint64_t occ, left, child, total = 0
    cdef Py_ssize_t i
    cdef int side
    cdef unsigned int bit   # unsigned: widening it to index GAIN is a plain move
    with nogil:
        for i in range(0, boards.shape[0], 2):
            occ = boards[i]
            side = <int> boards[i + 1]
            left = placements_of(occ, side)
            while left:
                bit = ctz(left)
                left &= left - 1
                child = occ | domino(side, bit)
                total += ((child >> 32) & 1) + GAIN[side][bit] + 1   # one 64-bit sum
    return total
