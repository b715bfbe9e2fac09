// A Black Hole starter bot: it puts a random unused stone on a random free tile. Make it yours.
//
// The dialogue (one line each, on stdin and stdout):
//   Read the 5 brown tiles, one per line ("E4"). Then Red reads "Start";
//   Blue's next line is Red's first move. Then: read the opponent's move,
//   write yours. A move is "<tile>=<stone>", e.g. "A3=6": the 36 tiles are
//   A1-A8, B1-B7, ..., H1 (a triangle), the stones 1-15, each used once.
//   "Quit" ends the game (after turn 30, or after a fault of yours).
// After 30 turns the one free tile is the black hole: the stones next to it
// count, Red scores 75 + R - B and Blue 75 - R + B.
// Every line you write must be flushed; debugging output goes to stderr.
// Tile (u, v) is letter 'A' + u and number v + 1; it exists when u + v <= 7.
//
// Build with `make` (gcc -O2), run as `./bot` (seeded from the clock) or `./bot SEED`.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int taken[8][8];          /* 1: a stone (anyone's) or brown on tile (u, v) */
static int stone_left[16];       /* 1: my stone n is not placed yet */
static unsigned long long state; /* the random generator (xorshift64*): the same SEED, the same game */

static unsigned long long next_random(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

static void take(const char *tile) { taken[tile[0] - 'A'][atoi(tile + 1) - 1] = 1; }

/* CHANGE THIS FUNCTION FIRST: your strategy. Sets the tile (u, v) and the stone. */
static void choose_move(int *u, int *v, int *stone) {
    int free_tiles[36][2], count = 0, stones[15], left = 0;
    for (int a = 0; a < 8; ++a)
        for (int b = 0; a + b <= 7; ++b)
            if (!taken[a][b]) { free_tiles[count][0] = a; free_tiles[count][1] = b; ++count; }
    for (int n = 1; n <= 15; ++n)
        if (stone_left[n]) stones[left++] = n;
    int pick = (int)(next_random() % (unsigned long long)count);
    *u = free_tiles[pick][0];
    *v = free_tiles[pick][1];
    *stone = stones[next_random() % (unsigned long long)left];
}

int main(int argc, char **argv) {
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : (unsigned long long)time(NULL) ^ (unsigned long long)clock();
    state = seed * 2 + 1; /* never 0, which xorshift cannot leave */
    char line[64];
    fprintf(stderr, "seed %llu, brown on", seed);
    for (int i = 0; i < 5 && fgets(line, sizeof line, stdin); ++i) {
        line[strcspn(line, "\r\n")] = 0;
        take(line);
        fprintf(stderr, " %s", line);
    }
    fprintf(stderr, "\n");
    for (int n = 1; n <= 15; ++n) stone_left[n] = 1;
    /* the end of input (the judge has gone) ends the game like "Quit" */
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (strcmp(line, "Quit") == 0) break;
        if (strcmp(line, "Start") != 0) take(line); /* the opponent's move */
        int u, v, stone;
        choose_move(&u, &v, &stone);
        taken[u][v] = 1;
        stone_left[stone] = 0;
        printf("%c%d=%d\n", 'A' + u, v + 1, stone);
        fflush(stdout); /* without it the judge never sees the move */
        fprintf(stderr, "played %c%d=%d\n", 'A' + u, v + 1, stone);
    }
    return 0;
}
