"""Flippo's part of bench/engines.py: the engine vs rules.py vs a C reference of its move generator.

A "position" is one full expansion: generate the legal moves and make every
child position. The C reference is the same bitboard move generator in plain C.
"""

from __future__ import annotations

import random
import sys
import time
from array import array

from arena.games.flippo.strong import engine
from arena.games.flippo.rules import SEAT_COLOUR, FlippoState
from engines_c import flavour_rows

C_REFERENCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t RAY[8][64];
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1}, DC[8] = {1, -1, 0, 1, -1, 1, 0, -1};
#define FILE_1 0x0101010101010101ULL
#define FILE_8 0x8080808080808080ULL

static inline uint64_t high(uint64_t x) { return 1ULL << (63 - __builtin_clzll(x)); }

static inline uint64_t flips(uint64_t own, uint64_t opp, int sq) {
    uint64_t occ = own | opp, f = 0, ray, e, m;
    for (int d = 0; d < 4; d++) {
        ray = RAY[d][sq]; e = ray & ~occ;
        if (e) ray &= (e & -e) - 1;
        m = ray & own;
        if (m) f |= ray & (high(m) - 1);
    }
    for (int d = 4; d < 8; d++) {
        ray = RAY[d][sq]; e = ray & ~occ;
        if (e) ray &= ~((high(e) << 1) - 1);
        m = ray & own;
        if (m) f |= ray & ~(((m & -m) << 1) - 1);
    }
    return f;
}

static inline uint64_t legal(uint64_t own, uint64_t opp) {
    uint64_t occ = own | opp;
    uint64_t row = occ | ((occ << 1) & ~FILE_1) | ((occ >> 1) & ~FILE_8);
    uint64_t cand = (row | (row << 8) | (row >> 8)) & ~occ, rest = cand, m = 0;
    while (rest) { int sq = __builtin_ctzll(rest); rest &= rest - 1; if (flips(own, opp, sq)) m |= 1ULL << sq; }
    return m ? m : cand;
}

int main(int argc, char **argv) {
    for (int d = 0; d < 8; d++) for (int sq = 0; sq < 64; sq++) {
        int r = sq / 8 + DR[d], c = sq % 8 + DC[d];
        for (; r >= 0 && r < 8 && c >= 0 && c < 8; r += DR[d], c += DC[d]) RAY[d][sq] |= 1ULL << (r * 8 + c);
    }
    FILE *in = fopen(argv[1], "rb"); int reps = atoi(argv[2]);
    fseek(in, 0, SEEK_END); long n = ftell(in) / 8; fseek(in, 0, SEEK_SET);
    uint64_t *b = malloc(n * 8); if (fread(b, 8, n, in) != (size_t)n) return 1;
    struct timespec t0, t1; uint64_t total = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < reps; k++)
        for (long i = 0; i < n; i += 2) {
            uint64_t own = b[i], opp = b[i + 1], moves = legal(own, opp);
            while (moves) {
                int sq = __builtin_ctzll(moves); moves &= moves - 1;
                uint64_t f = flips(own, opp, sq);
                total += (__builtin_popcountll((own ^ f) | (1ULL << sq)) & 1) + 1;
            }
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.9f %llu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, (unsigned long long)total);
    return 0;
}
"""


def random_positions(games: int, rng: random.Random) -> list[FlippoState]:
    states = []
    for _ in range(games):
        state = FlippoState()
        while not state.is_over():
            states.append(state.copy())
            state.play(rng.choice(state.legal_moves()))
    return states


def as_boards(state: FlippoState) -> tuple[int, int]:
    mover = SEAT_COLOUR[state.to_move]
    own = sum(1 << i for i, c in enumerate(state.board) if c == mover)
    opp = sum(1 << i for i, c in enumerate(state.board) if c and c != mover)
    return own, opp


def python_rate(states: list[FlippoState]) -> float:
    started = time.perf_counter()
    for state in states:
        for move in state.legal_moves():
            child = FlippoState.__new__(FlippoState)
            child.board = state.board[:]
            child.moves_played = state.moves_played
            child.play(move)
    return len(states) / (time.perf_counter() - started)


def report(games: int, reps: int, engines: dict) -> str:
    states = random_positions(games, random.Random(1))
    boards = array("Q", [word for s in states for word in as_boards(s)])
    print(f"Flippo: {len(states)} positions from {games} random games", file=sys.stderr)
    py = python_rate(states[: max(1, len(states) // 20)])
    rows = flavour_rows("flippo", engines, C_REFERENCE, boards, 2, reps)
    return "\n".join([f"flippo      python   {py:>12,.0f} pos/s", *rows])
