# Fixed-size open-addressing tables from a line's code to its value(s), in C:
# play-outs look up hundreds of thousands of lines a decision, too many for a
# Python dict. A table holds ``width`` doubles per key (1 for a line's value,
# 26 for a line's values with each letter on one empty cell). When it is
# three-quarters full it is emptied (the lines of the current decision come
# back quickly).

cdef struct LineCache:
    uint64_t *keys      # the key + 1; 0 marks a free slot
    double *values      # width per slot
    int width
    uint64_t mask
    int shift
    long used
    long limit


cdef int cache_open(LineCache *cache, int bits, int width) except -1:
    cache.keys = <uint64_t *> calloc(1ULL << bits, sizeof(uint64_t))
    cache.values = <double *> malloc((1ULL << bits) * width * sizeof(double))
    if cache.keys == NULL or cache.values == NULL:
        raise MemoryError()
    cache.width = width
    cache.mask = (1ULL << bits) - 1
    cache.shift = 64 - bits
    cache.used = 0
    cache.limit = <long> ((1ULL << bits) * 3 // 4)
    return 0


cdef void cache_close(LineCache *cache) noexcept nogil:
    free(cache.keys)
    free(cache.values)


cdef void cache_clear(LineCache *cache) noexcept nogil:
    memset(cache.keys, 0, (cache.mask + 1) * sizeof(uint64_t))
    cache.used = 0


cdef inline uint64_t line_code(const uint8_t *line) noexcept nogil:
    """A line's key: its cells in base 27 (below 27**7, so there is room to add a position)."""
    cdef uint64_t code = 0
    cdef int k
    for k in range(MAXLEN):
        code = code * 27 + line[k]
    return code


cdef inline uint64_t cache_find(LineCache *cache, uint64_t key) noexcept nogil:
    """The slot holding ``key``, or the free slot where it belongs."""
    key += 1
    cdef uint64_t at = (key * 0x9E3779B97F4A7C15ULL) >> cache.shift
    while cache.keys[at] != 0 and cache.keys[at] != key:
        at = (at + 1) & cache.mask
    return at


cdef inline bint cache_holds(LineCache *cache, uint64_t at, uint64_t key) noexcept nogil:
    return cache.keys[at] == key + 1


cdef inline double *cache_values(LineCache *cache, uint64_t at) noexcept nogil:
    return cache.values + at * cache.width


cdef inline double *cache_claim(LineCache *cache, uint64_t at, uint64_t key) noexcept nogil:
    """Take slot ``at`` (from cache_find) for ``key``; where its values go."""
    if cache.used >= cache.limit:
        cache_clear(cache)
        at = cache_find(cache, key)
    cache.keys[at] = key + 1
    cache.used += 1
    return cache.values + at * cache.width
