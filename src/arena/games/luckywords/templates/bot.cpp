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
// Every line you write must be flushed (std::endl does it); debugging output
// goes to std::cerr.
//
// Build with `make`, run as `./bot` (seeded from the clock) or `./bot SEED`.
#include <chrono>
#include <iostream>
#include <random>
#include <string>
#include <vector>

const char EMPTY = '.';
std::string grid(49, EMPTY);  // your grid, row by row
std::mt19937 rng;

int random_below(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

bool grid_full() { return grid.find(EMPTY) == std::string::npos; }

// CHANGE THIS FUNCTION FIRST (and choose_cell): the letter you call.
char choose_letter() { return char('A' + random_below(26)); }

// Where `letter` goes in your grid.
int choose_cell(char /*letter*/) {
    std::vector<int> empty;
    for (int cell = 0; cell < 49; ++cell)
        if (grid[cell] == EMPTY) empty.push_back(cell);
    return empty[random_below(int(empty.size()))];
}

// Choose a cell for `letter`, put it there and tell the judge.
int place(char letter) {
    int cell = choose_cell(letter);
    grid[cell] = letter;
    std::cout << cell << std::endl;  // endl flushes: without it the judge never sees the move
    return cell;
}

int main(int argc, char** argv) {
    unsigned seed = unsigned(argc > 1 ? std::stoul(argv[1])
                                      : std::chrono::steady_clock::now().time_since_epoch().count());
    rng.seed(seed);
    std::string line;
    std::getline(std::cin, line);
    grid[24] = line[0];
    std::getline(std::cin, line);
    std::cerr << "seed " << seed << ", starting letter " << grid[24]
              << (line == "start" ? ", calling first" : ", second") << std::endl;
    while (!line.empty()) {  // an empty line: the input ended, the judge has gone
        if (line != "start") {  // the opponent called a letter
            int cell = place(line[0]);
            std::cerr << "opponent's " << line[0] << " to cell " << cell << std::endl;
            if (grid_full()) break;
        }
        char letter = choose_letter();
        std::cout << letter << std::endl;
        int cell = place(letter);
        std::cerr << "called " << letter << " to cell " << cell << std::endl;
        if (grid_full()) break;
        if (!std::getline(std::cin, line)) line.clear();
    }
    std::cerr << "my grid:";
    for (int row = 0; row < 7; ++row) std::cerr << " " << grid.substr(row * 7, 7);
    std::cerr << std::endl;
    return 0;
}
