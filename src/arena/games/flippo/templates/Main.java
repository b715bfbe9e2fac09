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
// Build with `make` (javac), run as `./bot` (seeded from the clock) or `./bot SEED`.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class Main {
    static final char EMPTY = '.', WHITE = 'W', BLACK = 'B';
    static final int[][] DIRECTIONS = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

    static char[][] board = new char[8][8];
    static Random rng;

    static boolean onBoard(int row, int col) { return 0 <= row && row < 8 && 0 <= col && col < 8; }

    // The squares {row, col} a piece of `colour` on (row, col) would flip.
    static List<int[]> flips(int row, int col, char colour) {
        List<int[]> flipped = new ArrayList<>();
        for (int[] d : DIRECTIONS) {
            List<int[]> run = new ArrayList<>();
            int farthestOwn = 0;
            for (int r = row + d[0], c = col + d[1]; onBoard(r, c) && board[r][c] != EMPTY; r += d[0], c += d[1]) {
                run.add(new int[] {r, c});
                if (board[r][c] == colour) farthestOwn = run.size();
            }
            for (int i = 0; i + 1 < farthestOwn; ++i) flipped.add(run.get(i));
        }
        return flipped;
    }

    static List<int[]> legalMoves(char colour) {
        List<int[]> touching = new ArrayList<>(), flipping = new ArrayList<>();
        for (int r = 0; r < 8; ++r)
            for (int c = 0; c < 8; ++c) {
                if (board[r][c] != EMPTY) continue;
                boolean touches = false;
                for (int[] d : DIRECTIONS)
                    if (onBoard(r + d[0], c + d[1]) && board[r + d[0]][c + d[1]] != EMPTY) touches = true;
                if (!touches) continue;
                touching.add(new int[] {r, c});
                if (!flips(r, c, colour).isEmpty()) flipping.add(new int[] {r, c});
            }
        return flipping.isEmpty() ? touching : flipping;
    }

    static void play(int[] move, char colour) {
        for (int[] s : flips(move[0], move[1], colour)) board[s[0]][s[1]] = board[s[0]][s[1]] == WHITE ? BLACK : WHITE;
        board[move[0]][move[1]] = colour;
    }

    static int[] parse(String text) { return new int[] {text.charAt(0) - 'A', text.charAt(1) - '1'}; }

    static String format(int[] move) { return "" + (char) ('A' + move[0]) + (char) ('1' + move[1]); }

    // CHANGE THIS FUNCTION FIRST: your strategy.
    static int[] chooseMove(char colour) {
        List<int[]> moves = legalMoves(colour);
        return moves.get(rng.nextInt(moves.size()));
    }

    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : System.nanoTime();
        rng = new Random(seed);
        for (char[] row : board) java.util.Arrays.fill(row, EMPTY);
        board[3][3] = board[4][4] = WHITE;  // D4 and E5
        board[3][4] = board[4][3] = BLACK;  // D5 and E4
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        if (line == null) return;
        line = line.trim();
        char me = line.equals("Start") ? WHITE : BLACK;
        char opponent = me == WHITE ? BLACK : WHITE;
        System.err.println("seed " + seed + ", playing " + (me == WHITE ? "White" : "Black"));
        if (me == BLACK) play(parse(line), opponent);  // our first line was White's first move
        while (true) {
            int[] move = chooseMove(me);
            play(move, me);
            System.out.println(format(move));
            System.out.flush();  // without it the judge never sees the move
            System.err.println("played " + format(move));
            line = in.readLine();
            if (line == null || line.trim().equals("Quit")) break;  // end of input: the judge has gone
            play(parse(line.trim()), opponent);
        }
    }
}
