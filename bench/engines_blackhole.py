"""Black Hole's part of bench/engines.py: the engine vs rules.py vs a C reference of its move maker.

A "position" is one full expansion: every legal (tile, number) move made and
taken back. Each move updates the placed stone, the empty-tile mask, the
numbers used, the turn, the Zobrist key and the signed sums around the
tile's neighbours, as the engine's place()/unplace() do; the C reference below
does the same in plain C. Positions are 36 cells each (engine's benchmark.pxi).
"""

from __future__ import annotations

import random
import sys
import time
from array import array

from arena.games.blackhole.strong import engine
from arena.games.blackhole.rules import BLUE, BROWN, LABELS, RED, BlackHoleState
from engines_c import flavour_rows


C_REFERENCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BROWN_CELL 99
static int NEIGHBOURS[36][6], NEIGHBOUR_COUNT[36];
static uint64_t ZOBRIST[36][31];
static int stone[36], around[36], used[2], turn;
static uint64_t empty, key;

static void init_tables(void) {
    static const int STEPS[6][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {-1, 1}, {1, -1}};
    int index[8][8], t = 0;
    for (int u = 0; u < 8; u++) for (int v = 0; v < 8 - u; v++) index[u][v] = t++;
    uint64_t x = 0x2545F4914F6CDD1DULL;
    for (int u = 0; u < 8; u++) for (int v = 0; v < 8 - u; v++) {
        t = index[u][v];
        for (int k = 0; k < 6; k++) {
            int du = u + STEPS[k][0], dv = v + STEPS[k][1];
            if (du >= 0 && dv >= 0 && du + dv <= 7) NEIGHBOURS[t][NEIGHBOUR_COUNT[t]++] = index[du][dv];
        }
        for (int s = 0; s < 31; s++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; ZOBRIST[t][s] = x; }
    }
}

static inline void place(int t, int s) {
    stone[t] = s; empty &= ~(1ULL << t);
    for (int k = 0; k < NEIGHBOUR_COUNT[t]; k++) around[NEIGHBOURS[t][k]] += s;
    if (s > 0) used[0] |= 1 << s; else used[1] |= 1 << -s;
    turn++; key ^= ZOBRIST[t][s + 15];
}

static inline void unplace(int t) {
    int s = stone[t];
    key ^= ZOBRIST[t][s + 15]; turn--;
    if (s > 0) used[0] &= ~(1 << s); else used[1] &= ~(1 << -s);
    for (int k = 0; k < NEIGHBOUR_COUNT[t]; k++) around[NEIGHBOURS[t][k]] -= s;
    empty |= 1ULL << t; stone[t] = 0;
}

static void load(const int *cells) {
    empty = 0; used[0] = used[1] = 0; turn = 0; key = 0;
    for (int t = 0; t < 36; t++) stone[t] = around[t] = 0;
    for (int t = 0; t < 36; t++) {
        int s = cells[t];
        if (s == 0) { empty |= 1ULL << t; continue; }
        if (s == BROWN_CELL) continue;
        stone[t] = s;
        for (int k = 0; k < NEIGHBOUR_COUNT[t]; k++) around[NEIGHBOURS[t][k]] += s;
        if (s > 0) used[0] |= 1 << s; else used[1] |= 1 << -s;
        turn++; key ^= ZOBRIST[t][s + 15];
    }
}

int main(int argc, char **argv) {
    init_tables();
    FILE *in = fopen(argv[1], "rb"); int reps = atoi(argv[2]);
    fseek(in, 0, SEEK_END); long n = ftell(in) / sizeof(int); fseek(in, 0, SEEK_SET);
    int *cells = malloc(n * sizeof(int)); if (fread(cells, sizeof(int), n, in) != (size_t)n) return 1;
    struct timespec t0, t1; long long total = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < reps; r++)
        for (long first = 0; first < n; first += 36) {
            load(cells + first);
            if (turn >= 30) continue;
            int seat = turn % 2, sign = 1 - 2 * seat, free_numbers = ~used[seat] & 0xFFFE;
            for (uint64_t rest = empty; rest; rest &= rest - 1) {
                int t = __builtin_ctzll(rest);
                for (int m = free_numbers; m; m &= m - 1) {
                    place(t, sign * __builtin_ctz(m));
                    total += (around[NEIGHBOURS[t][0]] & 1) + 1;
                    unplace(t);
                }
            }
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.9f %lld\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, total);
    return 0;
}
"""


def random_positions(games: int, rng: random.Random) -> list[BlackHoleState]:
    states = []
    for _ in range(games):
        state = BlackHoleState(rng.sample(LABELS, 5))
        while not state.is_over():
            states.append(copy_state(state))
            state.play(rng.choice(state.legal_moves()))
    return states


def copy_state(state: BlackHoleState) -> BlackHoleState:
    child = BlackHoleState.__new__(BlackHoleState)
    child.owner = state.owner[:]
    child.number = state.number[:]
    child.used = (set(state.used[0]), set(state.used[1]))
    child.turns = state.turns
    return child


def as_cells(state: BlackHoleState) -> list[int]:
    signs = {RED: 1, BLUE: -1}
    return [0 if owner is None else engine.BROWN_CELL if owner == BROWN else signs[owner] * state.number[t]
            for t, owner in enumerate(state.owner)]


def python_rate(states: list[BlackHoleState]) -> float:
    started = time.perf_counter()
    for state in states:
        for move in state.legal_moves():
            copy_state(state).play(move)
    return len(states) / (time.perf_counter() - started)


def report(games: int, reps: int, engines: dict) -> str:
    states = random_positions(games, random.Random(1))
    cells = array("i", [c for s in states for c in as_cells(s)])
    print(f"Black Hole: {len(states)} positions from {games} random games", file=sys.stderr)
    py = python_rate(states[: max(1, len(states) // 20)])
    rows = flavour_rows("blackhole", engines, C_REFERENCE, cells, 36, reps)
    return "\n".join([f"blackhole   python   {py:>12,.0f} pos/s", *rows])
