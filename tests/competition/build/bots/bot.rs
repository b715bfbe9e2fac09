// A Domineering bot that places its domino on the first free place it finds, in Rust.
use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap());
    for _ in 0..8 {
        lines.next();
    }
    let mine: (usize, usize) = if lines.next().unwrap().contains("FIRST") { (0, 1) } else { (1, 0) };
    let theirs = (mine.1, mine.0);
    let mut covered = [[false; 10]; 10];
    let mut out = io::stdout();
    writeln!(out, "OK").unwrap();
    out.flush().unwrap();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || words[0] == "FINISH" {
            break;
        }
        if words[0] == "OPP" && words[1] != "-1" {
            let (x, y): (usize, usize) = (words[1].parse().unwrap(), words[2].parse().unwrap());
            covered[x][y] = true;
            covered[x + theirs.0][y + theirs.1] = true;
        } else if words[0] == "TURN" {
            let mut reply = String::from("MOVE -1 -1");
            'search: for x in 1..=8 {
                for y in 1..=8 {
                    if x + mine.0 <= 8 && y + mine.1 <= 8 && !covered[x][y] && !covered[x + mine.0][y + mine.1] {
                        covered[x][y] = true;
                        covered[x + mine.0][y + mine.1] = true;
                        reply = format!("MOVE {} {}", x, y);
                        break 'search;
                    }
                }
            }
            writeln!(out, "{}", reply).unwrap();
            out.flush().unwrap();
        }
    }
}
