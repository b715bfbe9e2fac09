// A Domineering starter bot: it places a random domino. Make it yours.
//
// The board is 8x8; cell (x, y) is row x and column y, both 1-8, and is worth
// 0-3 points. FIRST places horizontal dominoes on (x, y) and (x, y+1), SECOND
// vertical ones on (x, y) and (x+1, y); a domino earns the values of its cells.
//
// The dialogue (one line each, on stdin and stdout):
//   Read 8 lines of 8 values. Read "READY FIRST" or "READY SECOND", answer "OK".
//   Then until "FINISH": on "TURN my_ms opp_ms" (the clocks left) answer
//   "MOVE x y" (or "MOVE -1 -1" to pass); "OPP x y ms" is the opponent's move.
// Every line you write must be flushed (say() does it); debugging output goes
// to System.err.
//
// Build with `make` (javac), run as `./bot` (seeded from the clock) or `./bot SEED`.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class Main {
    static final int FIRST = 0, SECOND = 1;
    static final int[] DX = {0, 1}, DY = {1, 0};  // a domino's second cell: FIRST right, SECOND down

    // 1-based like the protocol, with a spare row and column past the edge
    static int[][] values = new int[10][10];
    static boolean[][] covered = new boolean[10][10];
    static Random rng;

    static boolean fits(int side, int x, int y) {
        int x2 = x + DX[side], y2 = y + DY[side];
        return x2 <= 8 && y2 <= 8 && !covered[x][y] && !covered[x2][y2];
    }

    static void cover(int side, int x, int y) {
        covered[x][y] = true;
        covered[x + DX[side]][y + DY[side]] = true;
    }

    // CHANGE THIS FUNCTION FIRST: your strategy. Returns {x, y}, or {-1, -1} to pass.
    static int[] chooseMove(int me, int myMs) {
        List<int[]> moves = new ArrayList<>();
        for (int x = 1; x <= 8; ++x)
            for (int y = 1; y <= 8; ++y)
                if (fits(me, x, y)) moves.add(new int[] {x, y});
        if (moves.isEmpty()) return new int[] {-1, -1};
        return moves.get(rng.nextInt(moves.size()));
    }

    static void say(String line) {
        System.out.println(line);
        System.out.flush();  // without it the judge never sees the line
    }

    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : System.nanoTime();
        rng = new Random(seed);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int x = 1; x <= 8; ++x) {
            String[] row = in.readLine().trim().split("\\s+");
            for (int y = 1; y <= 8; ++y) values[x][y] = Integer.parseInt(row[y - 1]);
        }
        int me = in.readLine().trim().equals("READY FIRST") ? FIRST : SECOND;
        say("OK");
        System.err.println("seed " + seed + ", playing " + (me == FIRST ? "FIRST (horizontal)" : "SECOND (vertical)"));
        String line;
        while ((line = in.readLine()) != null) {  // until the end of input
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("FINISH")) break;
            if (words[0].equals("TURN")) {
                int[] move = chooseMove(me, Integer.parseInt(words[1]));
                if (move[0] != -1) cover(me, move[0], move[1]);
                say("MOVE " + move[0] + " " + move[1]);
                System.err.println("played " + move[0] + " " + move[1]);
            } else if (words[0].equals("OPP")) {
                int x = Integer.parseInt(words[1]), y = Integer.parseInt(words[2]);
                if (x != -1) cover(1 - me, x, y);  // the opponent placed a domino
            }
        }
    }
}
