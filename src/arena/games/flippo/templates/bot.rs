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
// Build with `make` (rustc -O), run as `./bot` (seeded from the clock) or `./bot SEED`.
use std::io::{self, BufRead, Write};
use std::time::{SystemTime, UNIX_EPOCH};

const EMPTY: u8 = b'.';
const WHITE: u8 = b'W';
const BLACK: u8 = b'B';
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

type Square = (i32, i32); // (row, col), 0-based

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

struct Board([[u8; 8]; 8]);

fn on_board(row: i32, col: i32) -> bool {
    (0..8).contains(&row) && (0..8).contains(&col)
}

impl Board {
    fn at(&self, row: i32, col: i32) -> u8 {
        self.0[row as usize][col as usize]
    }

    /// The squares a piece of `colour` on (row, col) would flip.
    fn flips(&self, row: i32, col: i32, colour: u8) -> Vec<Square> {
        let mut flipped = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let mut run = Vec::new();
            let mut farthest_own = 0;
            let (mut r, mut c) = (row + dr, col + dc);
            while on_board(r, c) && self.at(r, c) != EMPTY {
                run.push((r, c));
                if self.at(r, c) == colour {
                    farthest_own = run.len();
                }
                r += dr;
                c += dc;
            }
            if farthest_own > 1 {
                flipped.extend_from_slice(&run[..farthest_own - 1]);
            }
        }
        flipped
    }

    fn legal_moves(&self, colour: u8) -> Vec<Square> {
        let (mut touching, mut flipping) = (Vec::new(), Vec::new());
        for r in 0..8 {
            for c in 0..8 {
                if self.at(r, c) != EMPTY {
                    continue;
                }
                if !DIRECTIONS.iter().any(|&(dr, dc)| on_board(r + dr, c + dc) && self.at(r + dr, c + dc) != EMPTY) {
                    continue;
                }
                touching.push((r, c));
                if !self.flips(r, c, colour).is_empty() {
                    flipping.push((r, c));
                }
            }
        }
        if flipping.is_empty() { touching } else { flipping }
    }

    fn play(&mut self, (row, col): Square, colour: u8) {
        for (r, c) in self.flips(row, col, colour) {
            let cell = &mut self.0[r as usize][c as usize];
            *cell = if *cell == WHITE { BLACK } else { WHITE };
        }
        self.0[row as usize][col as usize] = colour;
    }
}

fn parse(text: &str) -> Square {
    let bytes = text.as_bytes();
    ((bytes[0] - b'A') as i32, (bytes[1] - b'1') as i32)
}

fn format((row, col): Square) -> String {
    format!("{}{}", (b'A' + row as u8) as char, (b'1' + col as u8) as char)
}

/// CHANGE THIS FUNCTION FIRST: your strategy.
fn choose_move(board: &Board, colour: u8, rng: &mut Rng) -> Square {
    let moves = board.legal_moves(colour);
    moves[rng.below(moves.len())]
}

fn main() {
    let seed: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse().unwrap_or(1),
        None => SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1),
    };
    let mut rng = Rng(seed.wrapping_mul(2).wrapping_add(1)); // never 0, which xorshift cannot leave
    let mut board = Board([[EMPTY; 8]; 8]);
    board.0[3][3] = WHITE; // D4
    board.0[4][4] = WHITE; // E5
    board.0[3][4] = BLACK; // D5
    board.0[4][3] = BLACK; // E4
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap_or_default().trim().to_string());
    let first = match lines.next() {
        Some(line) => line,
        None => return, // the judge has gone
    };
    let me = if first == "Start" { WHITE } else { BLACK };
    let opponent = if me == WHITE { BLACK } else { WHITE };
    eprintln!("seed {}, playing {}", seed, if me == WHITE { "White" } else { "Black" });
    if me == BLACK {
        board.play(parse(&first), opponent); // our first line was White's first move
    }
    let mut out = io::stdout();
    loop {
        let chosen = choose_move(&board, me, &mut rng);
        board.play(chosen, me);
        writeln!(out, "{}", format(chosen)).unwrap();
        out.flush().unwrap(); // without it the judge never sees the move
        eprintln!("played {}", format(chosen));
        match lines.next() {
            None => break, // end of input: the judge has gone
            Some(line) if line == "Quit" => break,
            Some(line) => board.play(parse(&line), opponent),
        }
    }
}
