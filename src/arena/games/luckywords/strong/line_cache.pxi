# A fixed-size open-addressing table from a line's code to its value, in C:
# rollouts look up hundreds of thousands of lines a decision, too many for a
# Python dict. When it is three-quarters full it is emptied (the lines of the
# current decision come back quickly).

cdef struct Slot:
    uint64_t key       # the line's code + 1; 0 marks a free slot
    double value


cdef struct LineCache:
    Slot *slots
    uint64_t mask
    int shift
    int used
    int limit


cdef int cache_open(LineCache *cache, int bits) except -1:
    cache.slots = <Slot *> calloc(1ULL << bits, sizeof(Slot))
    if cache.slots == NULL:
        raise MemoryError()
    cache.mask = (1ULL << bits) - 1
    cache.shift = 64 - bits
    cache.used = 0
    cache.limit = <int> ((1ULL << bits) * 3 // 4)
    return 0


cdef void cache_clear(LineCache *cache) noexcept nogil:
    memset(cache.slots, 0, (cache.mask + 1) * sizeof(Slot))
    cache.used = 0


cdef inline uint64_t line_code(const uint8_t *line) nogil:
    cdef uint64_t code = 0
    cdef int k
    for k in range(MAXLEN):
        code = code * 27 + line[k]
    return code + 1


cdef inline Slot *cache_slot(LineCache *cache, uint64_t key) nogil:
    """The slot holding ``key``, or the free slot where it belongs."""
    cdef uint64_t at = (key * 0x9E3779B97F4A7C15ULL) >> cache.shift
    while cache.slots[at].key != 0 and cache.slots[at].key != key:
        at = (at + 1) & cache.mask
    return &cache.slots[at]


cdef inline void cache_put(LineCache *cache, Slot *slot, uint64_t key, double value) noexcept nogil:
    if cache.used >= cache.limit:
        cache_clear(cache)
        slot = cache_slot(cache, key)
    slot.key = key
    slot.value = value
    cache.used += 1
