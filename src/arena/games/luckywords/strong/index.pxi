# The dictionary as the engine sees it: per word length, every word's letters
# (0-25) and, for each (position, letter), the bit set of the words having that
# letter there. A pattern's fitting words are the AND of its fixed letters' sets.

from libc.stdint cimport uint64_t, uint8_t
from libc.stdlib cimport malloc, calloc, free
from libc.math cimport exp

DEF MAXLEN = 7
DEF NLET = 26
DEF EMPTY = 0          # a cell holds 0 when empty, 1-26 for A-Z

cdef int POINTS[8]
POINTS[:] = [0, 0, 1, 2, 3, 5, 8, 13]


cdef inline int popcount64(uint64_t x) nogil:
    return __builtin_popcountll(x)


cdef inline int lowest_bit(uint64_t x) nogil:
    return __builtin_ctzll(x)


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef struct LengthIndex:
    int count           # words of this length
    int blocks          # 64-bit blocks per bit set
    uint8_t *letters    # count * length letters, 0-25
    uint64_t *sets      # (position * 26 + letter) * blocks + block


cdef int build_length(LengthIndex *index, list group, int length) except -1:
    """Fill ``index`` with the words of ``group`` (uppercase strings, all ``length`` long)."""
    cdef int n = len(group), number, position, letter
    index.count = n
    index.blocks = (n + 63) // 64
    index.letters = <uint8_t *> malloc(max(1, n * length))
    index.sets = <uint64_t *> calloc(max(1, length * NLET * index.blocks), sizeof(uint64_t))
    if index.letters == NULL or index.sets == NULL:
        raise MemoryError()
    for number in range(n):
        word = <bytes> group[number]
        for position in range(length):
            letter = word[position] - 65
            index.letters[number * length + position] = letter
            index.sets[(position * NLET + letter) * index.blocks + number // 64] |= 1ULL << (number % 64)
    return 0


cdef inline uint64_t *set_of(LengthIndex *index, int position, int letter) nogil:
    return index.sets + (position * NLET + letter) * index.blocks


cdef int fitting(LengthIndex *index, const uint8_t *segment, int length, uint64_t *out) nogil:
    """AND the sets of the segment's fixed letters into ``out``; the number of fixed letters.

    With no fixed letter ``out`` is left alone (every word fits)."""
    cdef int position, block, fixed = 0
    cdef uint64_t *s
    for position in range(length):
        if segment[position] != EMPTY:
            s = set_of(index, position, segment[position] - 1)
            if fixed == 0:
                for block in range(index.blocks):
                    out[block] = s[block]
            else:
                for block in range(index.blocks):
                    out[block] &= s[block]
            fixed += 1
    return fixed
