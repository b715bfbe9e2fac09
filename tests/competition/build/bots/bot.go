// A Domineering bot that places its domino on the first free place it finds, in Go.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for row := 0; row < 8; row++ {
		in.Scan()
	}
	in.Scan()
	mine := [2]int{1, 0}
	if strings.Contains(in.Text(), "FIRST") {
		mine = [2]int{0, 1}
	}
	theirs := [2]int{mine[1], mine[0]}
	var covered [10][10]bool
	fmt.Println("OK")
	for in.Scan() {
		words := strings.Fields(in.Text())
		if len(words) == 0 || words[0] == "FINISH" {
			break
		}
		if words[0] == "OPP" && words[1] != "-1" {
			x, _ := strconv.Atoi(words[1])
			y, _ := strconv.Atoi(words[2])
			covered[x][y], covered[x+theirs[0]][y+theirs[1]] = true, true
		} else if words[0] == "TURN" {
			move := "MOVE -1 -1"
		search:
			for x := 1; x <= 8; x++ {
				for y := 1; y <= 8; y++ {
					if x+mine[0] <= 8 && y+mine[1] <= 8 && !covered[x][y] && !covered[x+mine[0]][y+mine[1]] {
						covered[x][y], covered[x+mine[0]][y+mine[1]] = true, true
						move = fmt.Sprintf("MOVE %d %d", x, y)
						break search
					}
				}
			}
			fmt.Println(move) // os.Stdout is not buffered in Go
		}
	}
}
