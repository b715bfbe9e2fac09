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
// Build with `make` (rustc -O), run as `./bot` (seeded from the clock) or `./bot SEED`.
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

/// A small random generator (xorshift64*), no crate needed: the same SEED, the same game.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(2685821657736338717) % n as u64) as usize
    }
}

struct Game {
    taken: [[bool; 8]; 8], // a stone (anyone's) or brown on tile (u, v)
    my_stones: Vec<u32>,   // the stones not placed yet
}

impl Game {
    fn take(&mut self, tile: &str) {
        let u = (tile.as_bytes()[0] - b'A') as usize;
        let v: usize = tile[1..].parse().unwrap_or(1);
        self.taken[u][v - 1] = true;
    }
}

/// CHANGE THIS FUNCTION FIRST: your strategy. Returns the tile (u, v) and the stone.
fn choose_move(game: &Game, rng: &mut Rng) -> (usize, usize, u32) {
    let mut free = Vec::new();
    for u in 0..8 {
        for v in 0..(8 - u) {
            if !game.taken[u][v] {
                free.push((u, v));
            }
        }
    }
    let (u, v) = free[rng.below(free.len())];
    (u, v, game.my_stones[rng.below(game.my_stones.len())])
}

fn main() {
    let seed: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse().unwrap_or(1),
        None => SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1),
    };
    let mut rng = Rng(seed.wrapping_mul(2).wrapping_add(1)); // never 0, which xorshift cannot leave
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap_or_default());
    let mut game = Game { taken: [[false; 8]; 8], my_stones: (1..=15).collect() };
    let mut brown = String::new();
    for _ in 0..5 {
        let line = match lines.next() {
            Some(line) => line,
            None => return, // the judge has gone
        };
        game.take(line.trim());
        brown.push(' ');
        brown.push_str(line.trim());
    }
    eprintln!("seed {}, brown on{}", seed, brown);
    let mut out = io::stdout();
    for line in lines {
        // the end of input (the judge has gone) ends the game like "Quit"
        let line = line.trim().to_string();
        if line == "Quit" {
            break;
        }
        if line != "Start" {
            // the opponent's move
            let tile = line.split('=').next().unwrap_or("");
            game.take(tile);
        }
        let (u, v, stone) = choose_move(&game, &mut rng);
        game.taken[u][v] = true;
        game.my_stones.retain(|&s| s != stone);
        let text = format!("{}{}={}", (b'A' + u as u8) as char, v + 1, stone);
        writeln!(out, "{}", text).unwrap();
        out.flush().unwrap(); // without it the judge never sees the move
        eprintln!("played {}", text);
    }
}
