# The kernel of bench/engines_turnright.py: full expansions of circuit-phase positions.


def count_positions(const uint64_t[::1] data):
    """For each (White's mask, corner limit) pair in ``data``, turn every circuit with at most
    that many corners and score the child: both colours' 2×2 blocks and 3×3 blocks.

    Returns a checksum over the children (so the work cannot be skipped). The loop over
    circuits is straight-line code (no branch or comparison per child), so the C compiler
    runs it on SSE2 vectors, two circuits at a time, on any x86-64.
    """
    cdef Py_ssize_t k
    cdef int i, n
    cdef uint64_t white, pair, total = 0
    build_table()
    with nogil:
        for k in range(0, data.shape[0], 2):
            white = data[k]
            n = UP_TO[min(<int>data[k + 1], MAX_CORNERS)]
            for i in range(n):
                pair = both_origins2(rotate(white, TABLE[i]))   # White's blocks and Black's at once
                total += both_blocks2(pair) + first_has3(pair) + other_has3(pair) + 1
    return total
