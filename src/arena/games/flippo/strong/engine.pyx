# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Flippo's compiled engine: bitboard move generation and the strong player's search.

A position is two 64-bit masks, the mover's pieces and the opponent's (bit i is
square i = row * 8 + column, as in rules.py). rules.py stays the source of
truth; tests/games/flippo/test_engine.py checks this engine against it.

Module-level state: one engine per process, in C globals. It keeps no position: every
call is given the two masks. It holds

- tables made at import and only read after: the rays and lines of the board
  (bitboard.pxi, evaluate.pxi), the flip-parity tables (parity.pxi), the evaluation's
  weights (eval_weights.pxi), ProbCut's fitted table and the square order (search.pxi);
- the pattern values, read once at import from pattern_values.bin (patterns.pxi;
  load_pattern_values replaces them, for the fitting tool);
- the searches' memory: the transposition table (keyed by both masks, so what it holds
  is true in any game; clear() forgets it), the history counters, clock and node count
  of the search under way (each search starts them afresh), and the experiment hooks'
  settings (the probe and solve steps, ProbCut's width, greedy_model.pxi's ``beam_width``).

One engine per process is safe because a search needs nothing from an earlier call but
the table's facts, and no two searches run at once: the strong player is a contestant
program (one game, player.py), the analyst runs in the analysis's pool of worker
processes (processes, not threads, for these globals), and a search holds the GIL from
start to end.
"""

include "bitboard.pxi"
include "parity.pxi"
include "patterns.pxi"
include "evaluate.pxi"
include "search.pxi"
include "greedy_model.pxi"

from libc.string cimport memcpy
import zlib
from pathlib import Path

PATTERN_VALUES_FILE = Path(__file__).with_name("pattern_values.bin")


def load_pattern_values(bytes packed):
    """Use these pattern values (zlib of int16, native order, phase by phase), as the fit writes them."""
    global pattern_values
    cdef bytes raw = zlib.decompress(packed)
    if len(raw) != N_PHASES * PATTERN_PHASE_SIZE * sizeof(short):
        raise ValueError(f"pattern values: {len(raw)} bytes, expected {N_PHASES * PATTERN_PHASE_SIZE * 2}")
    if pattern_values == NULL:
        pattern_values = <short*> malloc(len(raw))
    memcpy(pattern_values, <char*> raw, len(raw))


def pattern_indices(uint64_t own, uint64_t opp):
    """Each pattern's entry in its phase's table (tools/flippo_fit.py fits the tables on them)."""
    return [pattern_index(own, opp, p) for p in range(N_PATTERNS)]


def pattern_table_size():
    return PATTERN_PHASE_SIZE


if PATTERN_VALUES_FILE.exists():  # without it the evaluation is the features alone
    load_pattern_values(PATTERN_VALUES_FILE.read_bytes())


def legal_moves(uint64_t own, uint64_t opp):
    """The legal squares for the mover, as a mask."""
    return legal_mask(own, opp)


def flips(uint64_t own, uint64_t opp, int square):
    """The squares the mover flips by playing ``square``, as a mask."""
    return flips_of(own, opp, square)


def play(uint64_t own, uint64_t opp, int square):
    """``(own, opp)`` after the mover plays ``square`` (no legality check)."""
    cdef uint64_t f = flips_of(own, opp, square)
    return (own ^ f) | (1ULL << square), opp ^ f


def stable(uint64_t own, uint64_t opp):
    """The squares whose colour can no longer change, as a mask."""
    return stable_squares(own | opp)


def static_eval(uint64_t own, uint64_t opp):
    return evaluate(own, opp, 64 - popcount(own | opp))


def count_positions(const uint64_t[:] boards):
    """Benchmark kernel: for each ``(own, opp)`` pair in the flat array ``boards``,
    generate the moves and play each one.

    Returns a checksum over the child positions (so the work cannot be skipped).
    """
    cdef uint64_t own, opp, moves, f, total = 0
    cdef Py_ssize_t i
    cdef int sq
    for i in range(0, boards.shape[0], 2):
        own = boards[i]
        opp = boards[i + 1]
        moves = legal_mask(own, opp)
        while moves:
            sq = ctz(moves)
            moves &= moves - 1
            f = flips_of(own, opp, sq)
            total += popcount((own ^ f) | (1ULL << sq)) & 1
            total += 1
    return total


def parity(uint64_t own, uint64_t opp):
    """parity.pxi's expected final margin of the pieces on the board, in hundredths."""
    return parity_margin(own, opp)


def eval_features(uint64_t own, uint64_t opp):
    """The evaluation's feature vector (tools/flippo_fit.py fits the weights on it)."""
    cdef int f[N_FEATURES]
    features(own, opp, f)
    return [f[i] for i in range(N_FEATURES)]
