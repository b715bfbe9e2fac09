"""Domineering's part of bench/engines.py: the engine vs rules.py vs a C reference of its move generator.

A "position" is one full expansion: generate the mover's placements and make
every child position, adding up each placement's points. All positions come
from random games on one board of values, which the C reference has built in.
"""

from __future__ import annotations

import random
import sys
import time
from array import array

from arena.games.domineering.rules import PASS, SIZE, DomineeringState
from arena.games.domineering.strong import engine
from engines_c import flavour_rows

C_REFERENCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const int VALUE[64] = {@VALUES@};
#define NOT_COL8 0x7f7f7f7f7f7f7f7fULL

int main(int argc, char **argv) {
    int gain[2][64];
    for (int i = 0; i < 64; i++) {
        gain[0][i] = i % 8 < 7 ? VALUE[i] + VALUE[i + 1] : 0;
        gain[1][i] = i < 56 ? VALUE[i] + VALUE[i + 8] : 0;
    }
    FILE *in = fopen(argv[1], "rb"); int reps = atoi(argv[2]);
    fseek(in, 0, SEEK_END); long n = ftell(in) / 8; fseek(in, 0, SEEK_SET);
    uint64_t *b = malloc(n * 8); if (fread(b, 8, n, in) != (size_t)n) return 1;
    struct timespec t0, t1; uint64_t total = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < reps; k++)
        for (long i = 0; i < n; i += 2) {
            uint64_t occ = b[i], empty = ~occ;
            int side = (int)b[i + 1], step = side ? 8 : 1;
            uint64_t left = side ? empty & (empty >> 8) : empty & (empty >> 1) & NOT_COL8;
            while (left) {
                int bit = __builtin_ctzll(left); left &= left - 1;
                uint64_t child = occ | (1ULL << bit) | (1ULL << (bit + step));
                total += ((child >> 32) & 1) + gain[side][bit] + 1;
            }
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.9f %llu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, (unsigned long long)total);
    return 0;
}
"""


def random_positions(games: int, values: list[list[int]], rng: random.Random) -> list[DomineeringState]:
    states = []
    for _ in range(games):
        state = DomineeringState(values)
        while not state.is_over():
            states.append(state.copy())
            placements = state.placements(state.to_move)
            state.play(rng.choice(placements) if placements else PASS)
    return states


def as_words(state: DomineeringState) -> tuple[int, int]:
    occ = sum(1 << (x - 1) * 8 + y - 1
              for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if state.covered[x][y])
    return occ, state.to_move


def python_rate(states: list[DomineeringState]) -> float:
    started = time.perf_counter()
    for state in states:
        seat = state.to_move
        for move in state.placements(seat):
            child = DomineeringState.__new__(DomineeringState)
            child.values = state.values
            child.covered = [row[:] for row in state.covered]
            child.points = state.points[:]
            child.moves_played, child.passes_in_a_row = state.moves_played, state.passes_in_a_row
            child.play(move)
    return len(states) / (time.perf_counter() - started)


def report(games: int, reps: int, engines: dict) -> str:
    rng = random.Random(1)
    values = [[rng.randint(0, 3) for _ in range(SIZE)] for _ in range(SIZE)]
    engine.set_values([v for row in values for v in row])
    states = random_positions(games, values, rng)
    words = array("Q", [word for s in states for word in as_words(s)])
    print(f"Domineering: {len(states)} positions from {games} random games", file=sys.stderr)
    py = python_rate(states[: max(1, len(states) // 20)])
    source = C_REFERENCE.replace("@VALUES@", ", ".join(str(v) for row in values for v in row))
    flat_values = [v for row in values for v in row]
    rows = flavour_rows("domineering", engines, source, words, 2, reps,
                        prepare=lambda built: built.set_values(flat_values))
    return "\n".join([f"domineering python   {py:>12,.0f} pos/s", *rows])
