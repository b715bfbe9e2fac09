"""Turn Right's part of bench/engines.py: the engine vs rules.py vs a C reference of its circuit turner.

A "position" is one full expansion of a circuit-phase board: every circuit the
mover may play (at most 2·(N+1) corners on its N-th circuit, up to 1.2 million
on the last ones) turned and scored (both colours' 2×2 and 3×3 blocks). The
positions come from random games, evenly over the 26 circuits. The C reference
enumerates the same circuits into the same 16-byte records and turns them the
same way in plain C. rules.py (check, rotate, score a TurnRightState) is timed
on a sample of each position's circuits; its rate is extrapolated to whole
expansions from the mean number of circuits per position.
"""

from __future__ import annotations

import random
import sys
import time
from array import array

from arena.games.turnright.rules import PLACEMENTS, TurnRightState
from arena.games.turnright.strong import engine
from engines_c import flavour_rows

C_REFERENCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FULL ((1ULL << 36) - 1)
typedef struct { uint64_t lo, hi; } circuit;
static circuit *table, *sorted;
static int count, up_to[29];
static const int STEP[4] = {1, 6, -1, -6};

static int on_board(int sq, int d) {
    int f = sq / 6, r = sq % 6;
    return d == 0 ? r < 5 : d == 1 ? f < 5 : d == 2 ? r > 0 : f > 0;
}

static void extend(int start, int at, int came, uint64_t seen, uint64_t v, uint64_t p, int turns) {
    for (int d = 0; d < 4; d++) {
        if (d == (came + 2) % 4 || !on_board(at, d)) continue;
        int next = at + STEP[d];
        uint64_t bit = 1ULL << next;
        if (next <= start || (seen & bit)) continue;
        int corners = turns + (d != came);
        if (corners > 28) continue;
        uint64_t nv = v | (d % 2 == 0 ? bit : 0), np = p | (d >= 2 ? bit : 0);
        if (next == start + 6) {
            corners += (d != 3) + 1;
            if (corners > 28) continue;
            np |= 1ULL << start;
            table[count].lo = (seen | bit) | ((nv & 0xFFFFFFF) << 36);
            table[count].hi = (nv >> 28) | (np << 8) | ((uint64_t)corners << 44);
            count++;
            continue;
        }
        extend(start, next, d, seen | bit, nv, np, corners);
    }
}

static inline uint64_t rotate(uint64_t m, circuit c) {
    uint64_t loop = c.lo & FULL, v = (c.lo >> 36) | ((c.hi & 0xFF) << 28), p = (c.hi >> 8) & FULL;
    uint64_t h = loop & ~v;
    return (m & ~loop) | ((m << 1) & v & ~p) | ((m >> 1) & v & p) | ((m << 6) & h & ~p) | ((m >> 6) & h & p);
}

#define ORIGIN2 0x1F7DF7DFULL
#define ORIGIN3 0x3CF3CFULL
static inline int blocks2(uint64_t m) { return __builtin_popcountll(m & (m >> 1) & (m >> 6) & (m >> 7) & ORIGIN2); }
static inline int has3(uint64_t m) { uint64_t t = m & (m >> 1) & (m >> 2); return (t & (t >> 6) & (t >> 12) & ORIGIN3) != 0; }

int main(int argc, char **argv) {
    table = malloc(1300000 * sizeof(circuit));
    sorted = malloc(1300000 * sizeof(circuit));
    for (int s = 0; s < 36; s++)
        if (s % 6 < 5 && s / 6 < 5) extend(s, s + 1, 0, (1ULL << s) | (1ULL << (s + 1)), 1ULL << (s + 1), 0, 0);
    int at[29] = {0};
    for (int i = 0; i < count; i++) at[table[i].hi >> 44]++;
    for (int k = 0, sum = 0; k <= 28; k++) { int n = at[k]; at[k] = sum; sum += n; up_to[k] = sum; }
    for (int i = 0; i < count; i++) sorted[at[table[i].hi >> 44]++] = table[i];
    FILE *in = fopen(argv[1], "rb"); int reps = atoi(argv[2]);
    fseek(in, 0, SEEK_END); long n = ftell(in) / sizeof(uint64_t); fseek(in, 0, SEEK_SET);
    uint64_t *data = malloc(n * sizeof(uint64_t)); if (fread(data, sizeof(uint64_t), n, in) != (size_t)n) return 1;
    struct timespec t0, t1; uint64_t total = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++)
        for (long k = 0; k < n; k += 2) {
            uint64_t white = data[k];
            int limit = data[k + 1] > 28 ? 28 : (int)data[k + 1];
            for (int i = 0; i < up_to[limit]; i++) {
                uint64_t m1 = rotate(white, sorted[i]), o1 = ~m1 & FULL;
                total += blocks2(m1) + blocks2(o1) + has3(m1) + has3(o1) + 1;
            }
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.9f %llu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, (unsigned long long)total);
    return 0;
}
"""


def random_positions(count: int, rng: random.Random) -> list[tuple[int, int]]:
    """(White's mask, the mover's corner limit) at every circuit of random games."""
    positions = []
    while len(positions) < count:
        board = [1] * 18 + [2] * 18
        rng.shuffle(board)
        white = sum(1 << sq for sq, piece in enumerate(board) if piece == 1)
        for circuit in range(26):
            limit = 2 * (circuit // 2 + 2)
            positions.append((white, limit))
            white = engine.turn(white, rng.randrange(engine.circuit_count(limit)))
    return positions[:count]


def python_rate(positions: list[tuple[int, int]], rng: random.Random, per_position: int = 40) -> float:
    """Full expansions per second, from rules.py's rate on a sample of each position's circuits."""
    children = 0
    spent = 0.0
    for white, limit in positions:
        state = TurnRightState()
        state.board = [1 if white >> sq & 1 else 2 for sq in range(36)]
        state.placements = PLACEMENTS
        state.circuits = 2 * (limit // 2 - 2)
        moves = [engine.corners(rng.randrange(engine.circuit_count(limit))) for _ in range(per_position)]
        started = time.perf_counter()
        for corners in moves:
            child = TurnRightState()
            child.board, child.placements, child.circuits = state.board[:], state.placements, state.circuits
            child.points = state.points[:]
            child.play(corners)
        spent += time.perf_counter() - started
        children += per_position
    mean_circuits = sum(engine.circuit_count(limit) for _, limit in positions) / len(positions)
    return children / spent / mean_circuits


def report(games: int, reps: int, engines: dict) -> str:
    engine.prepare()
    rng = random.Random(1)
    positions = random_positions(max(26, games // 4), rng)
    data = array("Q", [x for position in positions for x in position])
    print(f"Turn Right: {len(positions)} positions from random games", file=sys.stderr)
    py = python_rate(positions, rng)
    rows = flavour_rows("turnright", engines, C_REFERENCE, data, 2, max(1, reps // 20))
    return "\n".join([f"turnright   python   {py:>12.4f} pos/s", *rows])
