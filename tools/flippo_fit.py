"""Fit Flippo's evaluation weights by least squares on self-play positions.

    python tools/flippo_fit.py generate --games 1500 --out /tmp/flippo_positions.npz
    python tools/flippo_fit.py fit /tmp/flippo_positions.npz [more.npz ...]

``generate`` plays games with the compiled engine at a small fixed depth (with
some random moves early, for variety), solves each game exactly once
``--solve`` squares are left, and labels every earlier position with that
exact final margin from its mover's side (hundredths of a disc, as the
engine's scores). ``fit`` fits, for each phase (empties // 4), the ridge
least squares of label ~ weights · engine.eval_features(position) plus the
pattern tables' values (patterns.pxi), and writes
src/arena/games/flippo/strong/eval_weights.pxi (rebuild with ``pip install -e .``)
and pattern_values.bin (read when the engine is imported). It prints each
phase's error on a held-out tenth of the positions.
Generate again with the new weights to fit on better play.

Needs numpy, which arena itself does not: ``.venv/bin/pip install -e '.[train]'``.
"""

from __future__ import annotations

import argparse
import random
import time
import zlib
from pathlib import Path

import numpy as np

from arena.games.flippo.strong import engine
from arena.games.flippo.strong.player import START

N_PHASES = 16
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "src/arena/games/flippo/strong/eval_weights.pxi"
PATTERNS_FILE = WEIGHTS_FILE.with_name("pattern_values.bin")


def empties_of(own: int, opp: int) -> int:
    return 64 - (own | opp).bit_count()


def play_game(rng: random.Random, depth: int, solve: int, random_until: int, random_share: float):
    """The positions (mover's, other's board) of one game and their exact final margins."""
    own, opp = START
    positions = []
    while empties_of(own, opp) > solve:
        positions.append((own, opp))
        moves = engine.legal_moves(own, opp)
        if len(positions) <= random_until and rng.random() < random_share:
            squares = [i for i in range(64) if moves >> i & 1]
            square = rng.choice(squares)
        else:
            square = engine.search(own, opp, 60.0, 60.0, 0, depth)[0]
        own, opp = engine.play(own, opp, square)
        own, opp = opp, own
    engine.clear()
    end_score = engine.search(own, opp, 600.0, 600.0, 64)[1]  # exact, for the mover at `solve`
    labels = [end_score if (len(positions) - i) % 2 == 0 else -end_score for i in range(len(positions))]
    return positions, labels


def generate(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    rows, labels = [], []
    started = time.monotonic()
    for game in range(args.games):
        positions, game_labels = play_game(rng, args.depth, args.solve, args.random_until, args.random_share)
        rows += positions
        labels += game_labels
        if game % 50 == 49:
            print(f"{game + 1} games, {time.monotonic() - started:.0f} s", flush=True)
    boards = np.array(rows, dtype=np.uint64)
    np.savez(args.out, boards=boards, labels=np.array(labels, dtype=np.int32))


def fit(args: argparse.Namespace) -> None:
    files = [np.load(path) for path in args.positions]
    boards = np.concatenate([data["boards"] for data in files])
    labels = np.concatenate([data["labels"] for data in files]).astype(float)
    X = np.array([engine.eval_features(int(a), int(b)) for a, b in boards], dtype=float)
    patterns = np.array([engine.pattern_indices(int(a), int(b)) for a, b in boards], dtype=np.int64)
    phases = np.array([empties_of(int(a), int(b)) for a, b in boards]) // 4
    held_out = np.random.default_rng(args.seed).random(len(labels)) < 0.1  # only for the printed check
    weights, tables = [], []
    for phase in range(N_PHASES):
        # neighbouring phases share data, so the values change smoothly over the game
        chosen = (np.abs(phases - phase) <= 1) & ~held_out
        if chosen.sum() < 200:
            weights.append(None)
            tables.append(None)
            continue
        w, table = fit_phase(X[chosen], patterns[chosen], labels[chosen], args.ridge, args.pattern_prior)
        test = (phases == phase) & held_out
        features_only = labels[test] - X[test] @ w
        both = features_only - table[patterns[test]].sum(axis=1)
        if not test.any():  # a phase fitted on its neighbours' positions only
            print(f"phase {phase:2d}: fitted on {chosen.sum()} positions of the phases beside it")
        else:
            print(f"phase {phase:2d} (empties {4 * phase}-{4 * phase + 3}): {chosen.sum():6d} positions, held-out "
                  f"label sd {labels[test].std() / 100:5.2f}, error sd {both.std() / 100:5.2f} discs "
                  f"({features_only.std() / 100:5.2f} with these weights but no patterns)")
        weights.append([round(float(v), 3) for v in w])
        tables.append(np.clip(np.round(table), -32767, 32767).astype(np.int16))
    weights, tables = fill_unfitted(weights), fill_unfitted(tables)
    lines = [
        "# Generated by tools/flippo_fit.py: evaluation weights per phase (empties // 4), in",
        "# hundredths of a disc of final margin per unit of each feature of evaluate.pxi.",
        "cdef float WEIGHTS[N_PHASES * N_FEATURES]",
        "WEIGHTS[:] = [",
        *("    " + ", ".join(str(v) for v in w) + "," for w in weights),
        "]",
    ]
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n")
    PATTERNS_FILE.write_bytes(zlib.compress(np.concatenate(tables).tobytes(), 9))
    print(f"wrote {WEIGHTS_FILE} and {PATTERNS_FILE}")


def fit_phase(X: np.ndarray, patterns: np.ndarray, y: np.ndarray, ridge: float,
              prior: float) -> tuple[np.ndarray, np.ndarray]:
    """Feature weights (ridge least squares) and pattern tables (fitted to what the
    features leave), alternating so that each sees the other's part."""
    table = np.zeros(engine.pattern_table_size())
    shrink = ridge * len(y) * np.eye(X.shape[1])
    shrink[0, 0] = 0  # the constant (the phase's mean) is not shrunk
    for _ in range(3):
        target = y - table[patterns].sum(axis=1)
        w = np.linalg.solve(X.T @ X + shrink, X.T @ target)
        fitted = X @ w + table[patterns].sum(axis=1)
        for _ in range(10):
            for shape in (slice(0, 4), slice(4, 8), slice(8, 12)):  # edges, second lines, corners
                # each entry moves by its positions' mean error, shrunk toward 0 when seen
                # rarely (``prior`` positions' worth), shared by the shape's 4 instances
                cells = patterns[:, shape]
                error = np.repeat(y - fitted, cells.shape[1])
                total = np.bincount(cells.ravel(), weights=error, minlength=len(table))
                seen = np.bincount(cells.ravel(), minlength=len(table))
                step = total / (seen + prior) / cells.shape[1]
                table += step
                fitted += step[cells].sum(axis=1)
    return w, table


def fill_unfitted(per_phase: list) -> list:
    """Phases without data take their nearest fitted neighbour's values."""
    known = [v for v in per_phase if v is not None]
    first = next(i for i, v in enumerate(per_phase) if v is not None)
    return [v if v is not None else (known[0] if i < first else known[-1]) for i, v in enumerate(per_phase)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate")
    gen.add_argument("--games", type=int, default=1500)
    gen.add_argument("--depth", type=int, default=3, help="search depth of the self-play moves")
    gen.add_argument("--solve", type=int, default=12, help="empties at which a game is solved exactly")
    gen.add_argument("--random-until", type=int, default=40, help="plies that may be random")
    gen.add_argument("--random-share", type=float, default=0.15)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--out", required=True)
    fitter = commands.add_parser("fit")
    fitter.add_argument("positions", nargs="+", help="files written by generate")
    fitter.add_argument("--ridge", type=float, default=1e-3)
    fitter.add_argument("--seed", type=int, default=1, help="which tenth of the positions is held out")
    fitter.add_argument("--pattern-prior", type=float, default=8000,
                        help="positions a pattern entry must be seen in before its mean error counts fully")
    args = parser.parse_args()
    generate(args) if args.command == "generate" else fit(args)


if __name__ == "__main__":
    main()
