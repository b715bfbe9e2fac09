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
// Build with `make` (javac), run as `./bot` (seeded from the clock) or `./bot SEED`.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

public class Main {
    static boolean[][] taken = new boolean[8][8];  // a stone (anyone's) or brown on tile (u, v)
    static List<Integer> myStones = new ArrayList<>();  // the stones not placed yet
    static Random rng;

    static void take(String tile) { taken[tile.charAt(0) - 'A'][Integer.parseInt(tile.substring(1)) - 1] = true; }

    // CHANGE THIS FUNCTION FIRST: your strategy. Returns {u, v, stone}.
    static int[] chooseMove() {
        List<int[]> free = new ArrayList<>();
        for (int u = 0; u < 8; ++u)
            for (int v = 0; u + v <= 7; ++v)
                if (!taken[u][v]) free.add(new int[] {u, v});
        int[] tile = free.get(rng.nextInt(free.size()));
        return new int[] {tile[0], tile[1], myStones.get(rng.nextInt(myStones.size()))};
    }

    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : System.nanoTime();
        rng = new Random(seed);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder brown = new StringBuilder();
        for (int i = 0; i < 5; ++i) {
            String tile = in.readLine();
            if (tile == null) return;
            take(tile.trim());
            brown.append(" ").append(tile.trim());
        }
        System.err.println("seed " + seed + ", brown on" + brown);
        for (int stone = 1; stone <= 15; ++stone) myStones.add(stone);
        String line;
        // the end of input (the judge has gone) ends the game like "Quit"
        while ((line = in.readLine()) != null && !line.trim().equals("Quit")) {
            line = line.trim();
            if (!line.equals("Start")) take(line.substring(0, line.indexOf('=')));  // the opponent's move
            int[] move = chooseMove();
            taken[move[0]][move[1]] = true;
            myStones.remove(Integer.valueOf(move[2]));
            String text = (char) ('A' + move[0]) + "" + (move[1] + 1) + "=" + move[2];
            System.out.println(text);
            System.out.flush();  // without it the judge never sees the move
            System.err.println("played " + text);
        }
    }
}
