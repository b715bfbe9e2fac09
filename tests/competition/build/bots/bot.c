/* A Domineering bot that places its domino on the first free place it finds, in C. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[256];
    int covered[10][10] = {{0}};
    for (int row = 0; row < 8; row++) fgets(line, sizeof line, stdin);
    fgets(line, sizeof line, stdin);
    int dx = strstr(line, "FIRST") ? 0 : 1, dy = 1 - dx;
    printf("OK\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin) && strncmp(line, "FINISH", 6) != 0) {
        int x, y;
        if (sscanf(line, "OPP %d %d", &x, &y) == 2 && x != -1) {
            covered[x][y] = covered[x + dy][y + dx] = 1;
        } else if (strncmp(line, "TURN", 4) == 0) {
            int found = 0;
            for (x = 1; x <= 8 && !found; x++)
                for (y = 1; y <= 8 && !found; y++)
                    if (x + dx <= 8 && y + dy <= 8 && !covered[x][y] && !covered[x + dx][y + dy]) {
                        covered[x][y] = covered[x + dx][y + dy] = 1;
                        printf("MOVE %d %d\n", x, y);
                        found = 1;
                    }
            if (!found) printf("MOVE -1 -1\n");
            fflush(stdout);
        }
    }
    return 0;
}
