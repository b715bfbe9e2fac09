# The static estimate of a settled position's future points, mover minus opponent.
# Included by engine.pyx after board.pxi.
#
# Three parts, all in points:
# - safe: each seat's best tiling of the cells the other seat can no longer
#   cover; nobody can take those from it;
# - potential: each seat's best tiling of every cell it can still cover,
#   ignoring the other; the difference, scaled down, says who is richer in the
#   contested cells;
# - tempo: the mover picks first among the contested placements; it is worth
#   a share of the biggest swing (points earned plus points denied) on offer.

cdef int POTENTIAL_WEIGHT = 4   # sixteenths
cdef int TEMPO_WEIGHT = 5       # sixteenths


cdef inline int swing(uint64_t occ, int side, int bit, uint64_t opp_cov) noexcept nogil:
    """A placement's points plus the values of its cells the opponent could have covered."""
    cdef int step = STEP[side], key = GAIN[side][bit]
    if (opp_cov >> bit) & 1:
        key += VALUE[bit]
    if (opp_cov >> (bit + step)) & 1:
        key += VALUE[bit + step]
    return key


cdef int evaluate(uint64_t occ, int side) noexcept nogil:
    cdef int other = 1 - side
    cdef uint64_t empty = ~occ
    cdef uint64_t my_cov = coverable(occ, side), opp_cov = coverable(occ, other)
    cdef int safe = line_best(empty & ~opp_cov, side) - line_best(empty & ~my_cov, other)
    cdef int potential = line_best(my_cov, side) - line_best(opp_cov, other)
    cdef uint64_t contested = placements_of(occ, side)
    cdef int best = 0, key, bit
    while contested:
        bit = ctz(contested)
        contested &= contested - 1
        key = swing(occ, side, bit, opp_cov)
        if key > best:
            best = key
    return safe + (potential * POTENTIAL_WEIGHT + best * TEMPO_WEIGHT) // 16
