// A Flippo starter bot: it plays a random legal move. Make it yours.
//
// The dialogue (one line each, on stdin and stdout):
//   White reads "Start"; Black's first line is White's first move.
//   Then: read the opponent's move, write yours. A move is a row letter A-H
//   (A at the top) and a column digit 1-8, uppercase: "C3".
//   "Quit" ends the game (after move 60, or at once after a fault of yours).
// Every line you write must be flushed; debugging output goes to stderr.
//
// A move flips, in each direction, the run of occupied squares up to the
// FARTHEST piece of the mover's colour in it, whatever their colours. The legal
// moves: empty squares touching a piece; if any of them flips something, only those.
//
// Build with `make` (gcc -O2), run as `./bot` (seeded from the clock) or `./bot SEED`.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EMPTY '.'
#define WHITE 'W'
#define BLACK 'B'
static const int DIRECTIONS[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

static char board[8][8];
static unsigned long long state; /* the random generator (xorshift64*): the same SEED, the same game */

static int random_below(int n) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (int)((state * 2685821657736338717ULL) % (unsigned long long)n);
}

static int on_board(int row, int col) { return 0 <= row && row < 8 && 0 <= col && col < 8; }

/* The squares (row * 8 + col) a piece of `colour` on (row, col) would flip, into `flipped`; their count. */
static int flips(int row, int col, char colour, int flipped[64]) {
    int count = 0;
    for (int d = 0; d < 8; ++d) {
        int run[8], length = 0, farthest_own = 0;
        for (int r = row + DIRECTIONS[d][0], c = col + DIRECTIONS[d][1]; on_board(r, c) && board[r][c] != EMPTY;
             r += DIRECTIONS[d][0], c += DIRECTIONS[d][1]) {
            run[length++] = r * 8 + c;
            if (board[r][c] == colour) farthest_own = length;
        }
        for (int i = 0; i + 1 < farthest_own; ++i) flipped[count++] = run[i];
    }
    return count;
}

/* The legal moves (row * 8 + col) into `moves`; their count. */
static int legal_moves(char colour, int moves[64]) {
    int touching[64], flipping[64], touching_count = 0, flipping_count = 0, flipped[64];
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            if (board[r][c] != EMPTY) continue;
            int touches = 0;
            for (int d = 0; d < 8; ++d)
                if (on_board(r + DIRECTIONS[d][0], c + DIRECTIONS[d][1]) &&
                    board[r + DIRECTIONS[d][0]][c + DIRECTIONS[d][1]] != EMPTY)
                    touches = 1;
            if (!touches) continue;
            touching[touching_count++] = r * 8 + c;
            if (flips(r, c, colour, flipped) > 0) flipping[flipping_count++] = r * 8 + c;
        }
    if (flipping_count > 0) {
        memcpy(moves, flipping, sizeof(int) * (size_t)flipping_count);
        return flipping_count;
    }
    memcpy(moves, touching, sizeof(int) * (size_t)touching_count);
    return touching_count;
}

static void play(int move, char colour) {
    int flipped[64];
    int count = flips(move / 8, move % 8, colour, flipped);
    for (int i = 0; i < count; ++i) {
        char *square = &board[flipped[i] / 8][flipped[i] % 8];
        *square = *square == WHITE ? BLACK : WHITE;
    }
    board[move / 8][move % 8] = colour;
}

static int parse(const char *text) { return (text[0] - 'A') * 8 + (text[1] - '1'); }

/* CHANGE THIS FUNCTION FIRST: your strategy. Returns row * 8 + col. */
static int choose_move(char colour) {
    int moves[64];
    int count = legal_moves(colour, moves);
    return moves[random_below(count)];
}

int main(int argc, char **argv) {
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : (unsigned long long)time(NULL) ^ (unsigned long long)clock();
    state = seed * 2 + 1; /* never 0, which xorshift cannot leave */
    memset(board, EMPTY, sizeof board);
    board[3][3] = board[4][4] = WHITE; /* D4 and E5 */
    board[3][4] = board[4][3] = BLACK; /* D5 and E4 */
    char line[64];
    if (!fgets(line, sizeof line, stdin)) return 0;
    line[strcspn(line, "\r\n")] = 0;
    const char me = strcmp(line, "Start") == 0 ? WHITE : BLACK;
    const char opponent = me == WHITE ? BLACK : WHITE;
    fprintf(stderr, "seed %llu, playing %s\n", seed, me == WHITE ? "White" : "Black");
    if (me == BLACK) play(parse(line), opponent); /* our first line was White's first move */
    for (;;) {
        int move = choose_move(me);
        play(move, me);
        printf("%c%c\n", 'A' + move / 8, '1' + move % 8);
        fflush(stdout); /* without it the judge never sees the move */
        fprintf(stderr, "played %c%c\n", 'A' + move / 8, '1' + move % 8);
        if (!fgets(line, sizeof line, stdin)) break; /* end of input: the judge has gone */
        line[strcspn(line, "\r\n")] = 0;
        if (strcmp(line, "Quit") == 0) break;
        play(parse(line), opponent);
    }
    return 0;
}
