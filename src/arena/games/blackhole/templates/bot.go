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
// Build with `make` (go build), run as `./bot` (seeded from the clock) or `./bot SEED`.
package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"time"
)

var (
	taken    [8][8]bool // a stone (anyone's) or brown on tile (u, v)
	myStones []int      // the stones not placed yet
	rng      *rand.Rand
)

func take(tile string) {
	v, _ := strconv.Atoi(tile[1:])
	taken[tile[0]-'A'][v-1] = true
}

// CHANGE THIS FUNCTION FIRST: your strategy. Returns the tile (u, v) and the stone.
func chooseMove() (int, int, int) {
	var free [][2]int
	for u := 0; u < 8; u++ {
		for v := 0; u+v <= 7; v++ {
			if !taken[u][v] {
				free = append(free, [2]int{u, v})
			}
		}
	}
	tile := free[rng.Intn(len(free))]
	return tile[0], tile[1], myStones[rng.Intn(len(myStones))]
}

func main() {
	seed := time.Now().UnixNano()
	if len(os.Args) > 1 {
		seed, _ = strconv.ParseInt(os.Args[1], 10, 64)
	}
	rng = rand.New(rand.NewSource(seed))
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	brown := ""
	for i := 0; i < 5 && in.Scan(); i++ {
		tile := strings.TrimSpace(in.Text())
		take(tile)
		brown += " " + tile
	}
	fmt.Fprintf(os.Stderr, "seed %d, brown on%s\n", seed, brown)
	for stone := 1; stone <= 15; stone++ {
		myStones = append(myStones, stone)
	}
	// the end of input (the judge has gone) ends the game like "Quit"
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "Quit" {
			break
		}
		if line != "Start" { // the opponent's move
			take(line[:strings.Index(line, "=")])
		}
		u, v, stone := chooseMove()
		taken[u][v] = true
		for i, s := range myStones {
			if s == stone {
				myStones = append(myStones[:i], myStones[i+1:]...)
				break
			}
		}
		text := fmt.Sprintf("%c%d=%d", 'A'+u, v+1, stone)
		out.WriteString(text + "\n")
		out.Flush() // without it the judge never sees the move
		fmt.Fprintf(os.Stderr, "played %s\n", text)
	}
}
