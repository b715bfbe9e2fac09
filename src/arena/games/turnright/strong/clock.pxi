# Wall-clock time for the searches' soft and hard limits.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC


cdef inline double now() nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9
