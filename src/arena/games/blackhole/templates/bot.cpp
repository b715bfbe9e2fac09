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
// Every line you write must be flushed (std::endl does it); debugging output
// goes to std::cerr.
//
// Build with `make`, run as `./bot` (seeded from the clock) or `./bot SEED`.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

// Tile (u, v) is letter 'A' + u and number v + 1; it exists when u + v <= 7.
struct Stone {
    std::string owner;  // "me", "opponent" or "brown"
    int number;         // 1-15 (0 for brown)
};

std::map<std::string, Stone> taken;  // every occupied tile
std::vector<int> my_stones;          // the stones not placed yet
std::mt19937 rng;

std::string tile_name(int u, int v) { return std::string(1, char('A' + u)) + std::to_string(v + 1); }

std::vector<std::string> all_tiles() {
    std::vector<std::string> tiles;
    for (int u = 0; u < 8; ++u)
        for (int v = 0; u + v <= 7; ++v) tiles.push_back(tile_name(u, v));
    return tiles;
}

// The (up to six) tiles next to (u, v): (u, v+-1), (u+-1, v), (u-1, v+1), (u+1, v-1).
// Not used by the random player; the stones next to the black hole decide the score.
std::vector<std::string> neighbours(int u, int v) {
    const int steps[6][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {-1, 1}, {1, -1}};
    std::vector<std::string> near;
    for (const auto& s : steps)
        if (u + s[0] >= 0 && v + s[1] >= 0 && u + s[0] + v + s[1] <= 7) near.push_back(tile_name(u + s[0], v + s[1]));
    return near;
}

template <class T>
T random_element(const std::vector<T>& items) {
    return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

// CHANGE THIS FUNCTION FIRST: your strategy. Returns (tile, stone).
std::pair<std::string, int> choose_move() {
    std::vector<std::string> free;
    for (const std::string& tile : all_tiles())
        if (!taken.count(tile)) free.push_back(tile);
    return {random_element(free), random_element(my_stones)};
}

int main(int argc, char** argv) {
    unsigned seed = unsigned(argc > 1 ? std::stoul(argv[1])
                                      : std::chrono::steady_clock::now().time_since_epoch().count());
    rng.seed(seed);
    std::string line;
    std::cerr << "seed " << seed << ", brown on";
    for (int i = 0; i < 5 && std::getline(std::cin, line); ++i) {
        taken[line] = {"brown", 0};
        std::cerr << " " << line;
    }
    std::cerr << std::endl;
    for (int stone = 1; stone <= 15; ++stone) my_stones.push_back(stone);
    // the end of input (the judge has gone) ends the game like "Quit"
    while (std::getline(std::cin, line) && line != "Quit") {
        if (line != "Start") {  // the opponent's move
            size_t eq = line.find('=');
            taken[line.substr(0, eq)] = {"opponent", std::stoi(line.substr(eq + 1))};
        }
        auto [tile, stone] = choose_move();
        taken[tile] = {"me", stone};
        my_stones.erase(std::find(my_stones.begin(), my_stones.end(), stone));
        std::cout << tile << "=" << stone << std::endl;  // endl flushes: without it the judge never sees the move
        std::cerr << "played " << tile << "=" << stone << std::endl;
    }
    return 0;
}
