# The board as bit masks: bit ``file * 6 + rank`` is a square (a1 = 0, a2 = 1, ..., f6 = 35),
# as in circuit.py. In the circuit phase the board is full, so one colour's mask is the
# whole position; the other colour is its complement in FULL.

from libc.stdint cimport uint64_t

cdef extern from *:
    int ctz "__builtin_ctzll"(unsigned long long) nogil

DEF SIDE = 6
cdef uint64_t FULL = (1ULL << 36) - 1
cdef uint64_t ORIGIN2 = 0   # lower-left squares of the 25 2×2 blocks (file, rank <= 4)
cdef uint64_t ORIGIN3 = 0   # lower-left squares of the 16 3×3 blocks (file, rank <= 3)
cdef uint64_t BLOCK3[16]    # each 3×3 block's squares
cdef int SHIFT3[9]          # offsets of a 3×3 block's squares from its lower-left square


cdef inline int popcount(uint64_t x) nogil:
    """Bits set, by adding in parallel: without -mpopcnt the builtin is a slow library call."""
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef void _init_board():
    global ORIGIN2, ORIGIN3
    cdef int f, r, i, j, b = 0
    for f in range(SIDE):
        for r in range(SIDE):
            if f <= 4 and r <= 4:
                ORIGIN2 |= 1ULL << (f * 6 + r)
            if f <= 3 and r <= 3:
                ORIGIN3 |= 1ULL << (f * 6 + r)
                BLOCK3[b] = 0
                for i in range(3):
                    for j in range(3):
                        BLOCK3[b] |= 1ULL << ((f + i) * 6 + r + j)
                b += 1
    for i in range(3):
        for j in range(3):
            SHIFT3[i * 3 + j] = i * 6 + j


cdef inline int blocks2(uint64_t m) nogil:
    """The 2×2 blocks wholly inside ``m``: the points one colour scores after a circuit."""
    return popcount(m & (m >> 1) & (m >> 6) & (m >> 7) & ORIGIN2)


cdef inline bint has3(uint64_t m) nogil:
    """Whether ``m`` holds a whole 3×3 block (a win)."""
    cdef uint64_t t = m & (m >> 1) & (m >> 2)
    return (t & (t >> 6) & (t >> 12) & ORIGIN3) != 0


cdef inline int near3(uint64_t m) nogil:
    """The 3×3 blocks that miss at most one square of ``m``: the seeds of a 3×3 win."""
    cdef uint64_t z = ~m & FULL, ones = 0, twos = 0, s
    cdef int k
    for k in range(9):
        s = z >> SHIFT3[k]
        twos |= ones & s
        ones |= s
    return popcount(~twos & ORIGIN3)
