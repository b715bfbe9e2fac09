# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Turn Right's compiled engine: the board as bit masks, every circuit precomputed, the searches.

A full board is one 36-bit mask, the squares of one colour (the other colour is
the rest). rules.py stays the source of truth; tests/games/turnright/test_turnright_engine.py
checks this engine against it.

Module-level state: one engine per process, in C globals. It keeps no position: every
call is given the masks of the board. It holds

- tables made once and only read after: the 1,222,363 circuits (circuits.pxi, built by
  prepare(), about 20 MB), the 3×3 threat lists (threats.pxi) and the blocks and values
  of board.pxi and placement.pxi;
- scratch memory of the search under way: the boards one scan has valued
  (boards_seen.pxi), the candidates, killer moves and exposed boards (circuit_search.pxi),
  the sure wins held back (margin.pxi), the last 3×3 found and the parry killers
  (threats.pxi), the exact solve's table (analysis.pxi), its clock and counters;
- the full boards valued in the opening (placement.pxi: keyed by the board, so true in
  any game) and the random state of the variety among near-best moves (variety.pxi,
  set by set_seed).

One engine per process is safe because no two searches run at once: the strong player
is a contestant program (one game, player.py), the analyst runs in the analysis's pool of
worker processes (processes, not threads, for these globals), and arena.envs reads only
the circuit table. The searches let go of the GIL while they run, so two threads of one
process would share the scratch memory: nothing in arena calls an engine from two threads.
"""

include "board.pxi"
include "circuits.pxi"

_init_board()


def prepare():
    """Build the circuit table (about 20 MB, a fraction of a second) and the 3×3 threat table;
    returns the circuit count."""
    build_table()
    build_threat_table()
    allocate_boards_seen()
    return COUNT


def circuit_count(int max_corners=MAX_CORNERS):
    """How many circuits have at most ``max_corners`` corners."""
    build_table()
    return UP_TO[min(max_corners, MAX_CORNERS)]


def corners(int index):
    """Circuit ``index``'s corners, clockwise from its lowest square (canonical form)."""
    cdef int out[36]
    build_table()
    cdef int n = corner_list(TABLE[index], out)
    return tuple(out[i] for i in range(n))


def loop_mask(int index):
    build_table()
    return loop_of(TABLE[index])


def turn(uint64_t mask, int index):
    """One colour's mask after circuit ``index`` turns."""
    build_table()
    return rotate(mask, TABLE[index])


def points(uint64_t mask):
    """The 2×2 blocks of ``mask``: the points that colour scores after a circuit."""
    return blocks2(mask)


def wins(uint64_t mask):
    """Whether ``mask`` holds a 3×3 block."""
    return has3(mask)


def near_wins(uint64_t mask):
    return near3(mask)


def both_colours(uint64_t mask):
    """(both colours' points, the difference ``mask``'s minus the other's, ``mask`` wins, the
    other wins), by the one-word evaluation of both colours the loops over circuits use."""
    cdef uint64_t pair = both_origins2(mask)
    return both_blocks2(pair), blocks2_difference(pair), first_has3(pair), other_has3(pair)


include "clock.pxi"
include "threats.pxi"
include "variety.pxi"
include "boards_seen.pxi"
include "circuit_search.pxi"
include "margin.pxi"


def search_circuit(uint64_t mine, int my_limit, int their_limit, int plies_left, double soft, double hard,
                   int margin_room=0):
    """(index, value in eighths of a point, candidates checked, candidates) for the mover whose
    squares are ``mine``; ``plies_left`` counts the circuits still to play, this one included.
    ``soft`` and ``hard`` are seconds from now. With ``margin_room`` > 0 (the points by which
    the mover's lead may still usefully grow) a 3×3 win may be held back while it is sure."""
    cdef int value = 0, examined = 0, candidates = 0, index
    cdef double start = now()
    prepare()
    with nogil:
        index = choose_circuit(mine, min(my_limit, MAX_CORNERS), min(their_limit, MAX_CORNERS), plies_left, margin_room,
                               start + soft, start + hard, &value, &examined, &candidates)
    return index, value, examined, candidates


include "placement.pxi"
include "benchmark.pxi"

_init_placement()
clear_parries()


def search_placement(uint64_t mine, uint64_t theirs, double seconds):
    """(square, depth searched, value) for the side placing ``mine`` next."""
    cdef int depth = 0, square, value = 0
    cdef double deadline
    if popcount(FULL & ~(mine | theirs)) <= 13:   # the search (12 plies at most) may reach the full board
        prepare()
    deadline = now() + seconds
    with nogil:
        square = choose_placement(mine, theirs, deadline, &depth, &value)
    return square, depth, value


def circuits_with_loop(uint64_t loop):
    """The indices of the circuits whose loop is exactly ``loop`` (a linear scan, for tests)."""
    build_table()
    return [i for i in range(COUNT) if loop_of(TABLE[i]) == loop]


def set_seed(seed):
    """Vary the choices among moves within a small margin of the best (variety.pxi); 0 or
    None: always the first best move."""
    global RANDOM_STATE
    RANDOM_STATE = 0 if not seed else (<uint64_t>(seed) * 0x2545F4914F6CDD1DULL) | 1


def threat_table_size():
    """(distinct 3×3 source sets, total length of the pattern lists): see threats.pxi."""
    build_threat_table()
    return source_set_count, LIST_START[15][PATTERNS]


def can_win_in_one(uint64_t mask, int limit):
    """Whether ``mask``'s colour can hold a 3×3 after one circuit of at most ``limit`` corners."""
    build_threat_table()
    return can_win(mask, min(limit, MAX_CORNERS))


def parry(uint64_t mine, int my_limit, int their_limit):
    """A circuit of mine (index) after which the opponent cannot make a 3×3 in one, or -1."""
    cdef bint timed_out = False
    build_threat_table()
    clear_parries()
    return find_parry(mine, min(my_limit, MAX_CORNERS), min(their_limit, MAX_CORNERS), -1, 1e300, &timed_out)


def search_counts():
    """(parry searches, circuits tried in them, searches without a parry) since the last call."""
    global parry_searches, parry_tries, parry_failures
    counts = (parry_searches, parry_tries, parry_failures)
    parry_searches = parry_tries = parry_failures = 0
    return counts


include "analysis.pxi"
