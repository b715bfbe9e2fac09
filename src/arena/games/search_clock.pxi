# A compiled engine's search clock: the time now, and the count of the nodes a search
# visits, with a look at the clock every so many of them. Included by the search.pxi of
# Black Hole's, Domineering's and Flippo's engines (each engine has its own copy of these
# globals: an include is the text itself).

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef long long nodes = 0       # the nodes the search under way has visited
cdef double deadline = 0.0     # when it must stop, on now()'s clock
cdef bint aborted = False      # it is past its deadline: what it found since is not to be used


cdef inline double now() noexcept nogil:
    """Seconds on the monotonic clock."""
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef inline bint out_of_time(long long look_every) noexcept nogil:
    """Count one more node; whether the search must stop. The clock is read once every
    ``look_every`` nodes (a power of two): a reading costs more than a node of most searches."""
    global nodes, aborted
    nodes += 1
    if (nodes & (look_every - 1)) == 0 and now() > deadline:
        aborted = True
    return aborted
