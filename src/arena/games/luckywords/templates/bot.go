// A Lucky Words starter bot: random letters on random empty cells. Make it yours.
//
// Your grid is 7x7, cells 0-48 row by row (cell = 7 * row + col); the starting
// letter stands at 24. Every called letter, yours and the opponent's, goes on
// an empty cell of your own grid. Words of 2-7 letters along the rows and
// columns score 1, 2, 3, 5, 8, 13 points by length.
//
// The dialogue (one line each, on stdin and stdout):
//   Read the starting letter. Then "start" (you call first) or the opponent's
//   first letter. Your call: write a letter A-Z, then its cell. The
//   opponent's call: read its letter, write the cell where you put it (and
//   then make your own call: three lines in a row). There is no end message:
//   stop when your grid is full (you may write your total as a last line).
// Every line you write must be flushed; debugging output goes to stderr.
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

const EMPTY = '.'

var (
	grid [49]byte // your grid, row by row
	rng  *rand.Rand
	out  = bufio.NewWriter(os.Stdout)
)

func gridFull() bool {
	for _, c := range grid {
		if c == EMPTY {
			return false
		}
	}
	return true
}

// CHANGE THIS FUNCTION FIRST (and chooseCell): the letter you call.
func chooseLetter() byte { return byte('A' + rng.Intn(26)) }

// Where `letter` goes in your grid.
func chooseCell(letter byte) int {
	var empty []int
	for cell := 0; cell < 49; cell++ {
		if grid[cell] == EMPTY {
			empty = append(empty, cell)
		}
	}
	return empty[rng.Intn(len(empty))]
}

func say(line string) {
	out.WriteString(line + "\n")
	out.Flush() // without it the judge never sees the move
}

// Choose a cell for `letter`, put it there and tell the judge.
func place(letter byte) int {
	cell := chooseCell(letter)
	grid[cell] = letter
	say(strconv.Itoa(cell))
	return cell
}

func main() {
	seed := time.Now().UnixNano()
	if len(os.Args) > 1 {
		seed, _ = strconv.ParseInt(os.Args[1], 10, 64)
	}
	rng = rand.New(rand.NewSource(seed))
	for cell := range grid {
		grid[cell] = EMPTY
	}
	in := bufio.NewScanner(os.Stdin)
	readLine := func() string {
		if in.Scan() {
			return strings.TrimSpace(in.Text())
		}
		return ""
	}
	first := readLine()
	if first == "" {
		return
	}
	grid[24] = first[0]
	line := readLine()
	order := ", second"
	if line == "start" {
		order = ", calling first"
	}
	fmt.Fprintf(os.Stderr, "seed %d, starting letter %c%s\n", seed, grid[24], order)
	for line != "" { // an empty line: the input ended, the judge has gone
		if line != "start" { // the opponent called a letter
			cell := place(line[0])
			fmt.Fprintf(os.Stderr, "opponent's %c to cell %d\n", line[0], cell)
			if gridFull() {
				break
			}
		}
		letter := chooseLetter()
		say(string(letter))
		cell := place(letter)
		fmt.Fprintf(os.Stderr, "called %c to cell %d\n", letter, cell)
		if gridFull() {
			break
		}
		line = readLine()
	}
	fmt.Fprint(os.Stderr, "my grid:")
	for row := 0; row < 7; row++ {
		fmt.Fprintf(os.Stderr, " %s", grid[row*7:row*7+7])
	}
	fmt.Fprintln(os.Stderr)
}
