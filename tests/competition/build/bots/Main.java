// A Domineering bot that places its domino on the first free place it finds, in Java.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (int row = 0; row < 8; row++) in.readLine();
        boolean[][] covered = new boolean[10][10];
        int[] mine = in.readLine().contains("FIRST") ? new int[] {0, 1} : new int[] {1, 0};
        int[] theirs = {mine[1], mine[0]};
        System.out.println("OK");
        System.out.flush();
        for (String line; (line = in.readLine()) != null && !line.startsWith("FINISH"); ) {
            String[] words = line.trim().split(" ");
            if (words[0].equals("OPP") && !words[1].equals("-1")) {
                int x = Integer.parseInt(words[1]), y = Integer.parseInt(words[2]);
                covered[x][y] = covered[x + theirs[0]][y + theirs[1]] = true;
            } else if (words[0].equals("TURN")) {
                String move = "MOVE -1 -1";
                search:
                for (int x = 1; x <= 8; x++)
                    for (int y = 1; y <= 8; y++)
                        if (x + mine[0] <= 8 && y + mine[1] <= 8 && !covered[x][y] && !covered[x + mine[0]][y + mine[1]]) {
                            covered[x][y] = covered[x + mine[0]][y + mine[1]] = true;
                            move = "MOVE " + x + " " + y;
                            break search;
                        }
                System.out.println(move);
                System.out.flush();
            }
        }
    }
}
