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

const (
	EMPTY = '.'
	WHITE = 'W'
	BLACK = 'B'
)

type square struct{ row, col int }

var (
	directions = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	board      [8][8]byte
	rng        *rand.Rand
)

func onBoard(row, col int) bool { return 0 <= row && row < 8 && 0 <= col && col < 8 }

// The squares a piece of `colour` on (row, col) would flip.
func flips(row, col int, colour byte) []square {
	var flipped []square
	for _, d := range directions {
		var run []square
		farthestOwn := 0
		for r, c := row+d[0], col+d[1]; onBoard(r, c) && board[r][c] != EMPTY; r, c = r+d[0], c+d[1] {
			run = append(run, square{r, c})
			if board[r][c] == colour {
				farthestOwn = len(run)
			}
		}
		for i := 0; i+1 < farthestOwn; i++ {
			flipped = append(flipped, run[i])
		}
	}
	return flipped
}

func legalMoves(colour byte) []square {
	var touching, flipping []square
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if board[r][c] != EMPTY {
				continue
			}
			touches := false
			for _, d := range directions {
				if onBoard(r+d[0], c+d[1]) && board[r+d[0]][c+d[1]] != EMPTY {
					touches = true
				}
			}
			if !touches {
				continue
			}
			touching = append(touching, square{r, c})
			if len(flips(r, c, colour)) > 0 {
				flipping = append(flipping, square{r, c})
			}
		}
	}
	if len(flipping) > 0 {
		return flipping
	}
	return touching
}

func play(move square, colour byte) {
	for _, s := range flips(move.row, move.col, colour) {
		if board[s.row][s.col] == WHITE {
			board[s.row][s.col] = BLACK
		} else {
			board[s.row][s.col] = WHITE
		}
	}
	board[move.row][move.col] = colour
}

func parse(text string) square { return square{int(text[0] - 'A'), int(text[1] - '1')} }

func format(move square) string { return string([]byte{byte('A' + move.row), byte('1' + move.col)}) }

// CHANGE THIS FUNCTION FIRST: your strategy.
func chooseMove(colour byte) square {
	moves := legalMoves(colour)
	return moves[rng.Intn(len(moves))]
}

func main() {
	seed := time.Now().UnixNano()
	if len(os.Args) > 1 {
		seed, _ = strconv.ParseInt(os.Args[1], 10, 64)
	}
	rng = rand.New(rand.NewSource(seed))
	for r := range board {
		for c := range board[r] {
			board[r][c] = EMPTY
		}
	}
	board[3][3], board[4][4] = WHITE, WHITE // D4 and E5
	board[3][4], board[4][3] = BLACK, BLACK // D5 and E4
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	if !in.Scan() {
		return
	}
	line := strings.TrimSpace(in.Text())
	me, opponent, name := byte(BLACK), byte(WHITE), "Black"
	if line == "Start" {
		me, opponent, name = WHITE, BLACK, "White"
	}
	fmt.Fprintf(os.Stderr, "seed %d, playing %s\n", seed, name)
	if me == BLACK {
		play(parse(line), opponent) // our first line was White's first move
	}
	for {
		move := chooseMove(me)
		play(move, me)
		out.WriteString(format(move) + "\n")
		out.Flush() // without it the judge never sees the move
		fmt.Fprintf(os.Stderr, "played %s\n", format(move))
		if !in.Scan() { // end of input: the judge has gone
			break
		}
		line = strings.TrimSpace(in.Text())
		if line == "Quit" {
			break
		}
		play(parse(line), opponent)
	}
}
