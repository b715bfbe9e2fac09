# The board as bit masks: bit ``file * 6 + rank`` is a square (a1 = 0, a2 = 1, ..., f6 = 35),
# as in circuit.py. In the circuit phase the board is full, so one colour's mask is the
# whole position; the other colour is its complement in FULL.

from libc.stdint cimport uint64_t

cdef extern from *:
    int ctz "__builtin_ctzll"(unsigned long long) nogil

DEF SIDE = 6
DEF PAIR_SHIFT = 32           # where both_origins2() puts the other colour's blocks
DEF WIN_BIT = 22              # where win_flags() marks the first colour's 3×3 (ORIGIN3 < 2^22)

# C constants rather than module variables, so the C compiler keeps them in registers
# and hoists the work on them out of the loops over circuits (a Cython DEF would make
# these large numbers Python objects).
cdef extern from *:
    """
    #define TURNRIGHT_FULL 0xFFFFFFFFFULL
    #define TURNRIGHT_ORIGIN2 0x1F7DF7DFULL
    #define TURNRIGHT_ORIGIN3 0x3CF3CFULL
    """
    const uint64_t FULL "TURNRIGHT_FULL"          # the 36 squares
    const uint64_t ORIGIN2 "TURNRIGHT_ORIGIN2"    # lower-left squares of the 25 2×2 blocks (file, rank <= 4)
    const uint64_t ORIGIN3 "TURNRIGHT_ORIGIN3"    # lower-left squares of the 16 3×3 blocks (file, rank <= 3)
cdef uint64_t BLOCK3[16]    # each 3×3 block's squares


cdef inline uint64_t byte_counts(uint64_t x) noexcept nogil:
    """The bits set in each byte of ``x``, by adding in parallel."""
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL


cdef inline int popcount(uint64_t x) noexcept nogil:
    """Bits set, by adding in parallel: without -mpopcnt the builtin is a slow library call."""
    return <int>((byte_counts(x) * 0x0101010101010101ULL) >> 56)


cdef void _init_board():
    cdef int f, r, i, j, b = 0
    for f in range(SIDE):
        for r in range(SIDE):
            if f <= 3 and r <= 3:
                BLOCK3[b] = 0
                for i in range(3):
                    for j in range(3):
                        BLOCK3[b] |= 1ULL << ((f + i) * 6 + r + j)
                b += 1


cdef inline uint64_t origins2(uint64_t m) noexcept nogil:
    """The lower-left squares of the 2×2 blocks wholly inside ``m``.

    Bits of ``m`` above the board are ignored: the shifts bring squares down by at
    most 7, and ORIGIN2's highest square is 28."""
    cdef uint64_t columns = m & (m >> 1)   # squares with the one above them
    return columns & (columns >> 6) & ORIGIN2


cdef inline int blocks2(uint64_t m) noexcept nogil:
    """The 2×2 blocks wholly inside ``m``: the points one colour scores after a circuit."""
    return popcount(origins2(m))


cdef inline uint64_t both_origins2(uint64_t m) noexcept nogil:
    """origins2() of ``m`` in bits 0-28 and of the other colour in bits 32-60, in one word,
    so that one popcount and one 3×3 test serve both colours after a circuit."""
    return origins2(m) | (origins2(~m) << PAIR_SHIFT)


cdef inline int both_blocks2(uint64_t pair) noexcept nogil:
    """Both colours' 2×2 points together, from both_origins2()."""
    return popcount(pair)


cdef inline int blocks2_difference(uint64_t pair) noexcept nogil:
    """The first colour's 2×2 points minus the other's, from both_origins2().

    One popcount's byte sums: after the multiply, byte 3 adds up bytes 0-3 (the
    first colour) and byte 7 bytes 4-7 (the other); none exceeds 255, so no carries."""
    cdef uint64_t sums = byte_counts(pair) * 0x01010101ULL
    return <int>((sums >> 24) & 0xFF) - <int>(sums >> 56)


cdef inline uint64_t origins3_of_pair(uint64_t pair) noexcept nogil:
    """The lower-left squares of the 3×3 blocks of both colours, from both_origins2():
    a 3×3 block is the four 2×2 blocks at its origin and one square up, right, or both.
    The shifts stay within each colour's half (ORIGIN3's highest square is 21, 21+7 <= 28)."""
    cdef uint64_t columns = pair & (pair >> 1)
    return columns & (columns >> 6)


cdef inline uint64_t win_flags(uint64_t pair) noexcept nogil:
    """From both_origins2(): bit 22 set when the first colour holds a 3×3 block, bit 54 when
    the other does. Each half's 3×3 origins (below 2^22) plus 2^22 - 1 carry into its bit 22
    exactly when there is one: arithmetic rather than a comparison per colour, so a loop over
    circuits that adds these up stays straight-line code the compiler can vectorize."""
    cdef uint64_t below = (1ULL << WIN_BIT) - 1
    return ((origins3_of_pair(pair) & (ORIGIN3 | (ORIGIN3 << PAIR_SHIFT)))
            + (below | (below << PAIR_SHIFT)))


cdef inline bint first_has3(uint64_t pair) noexcept nogil:
    """has3() of the first colour, from both_origins2()."""
    return (win_flags(pair) >> WIN_BIT) & 1


cdef inline bint other_has3(uint64_t pair) noexcept nogil:
    """has3() of the other colour, from both_origins2()."""
    return win_flags(pair) >> (WIN_BIT + PAIR_SHIFT)


cdef inline bint has3(uint64_t m) noexcept nogil:
    """Whether ``m`` holds a whole 3×3 block (a win)."""
    cdef uint64_t t = m & (m >> 1) & (m >> 2)
    return (t & (t >> 6) & (t >> 12) & ORIGIN3) != 0


cdef inline int near3(uint64_t m) noexcept nogil:
    """The 3×3 blocks that miss at most one square of ``m``: the seeds of a 3×3 win.

    Counting the other colour's squares ``z`` of every block at once, by bit slices: up
    each file's three squares first (some, or several), then across the block's three
    files. A block misses at most one square when no file has several and at most one
    file has some."""
    cdef uint64_t z = ~m & FULL, z1 = z >> 1, z2 = z >> 2
    cdef uint64_t some = z | z1 | z2, several = (z & z1) | (z2 & (z | z1))
    cdef uint64_t some6 = some >> 6, some12 = some >> 12
    cdef uint64_t two_files = (some & some6) | (some12 & (some | some6))
    return popcount(~(several | (several >> 6) | (several >> 12) | two_files) & ORIGIN3)
