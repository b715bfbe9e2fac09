"""How strong is player A against player B? Colour-swapped pairs through the real judge.

    python bench/strength.py flippo builtin:strong builtin:greedy --games 40 --jobs 1

Each pair plays one seed twice, A in each seat, through
``arena.refereeing.referee.play_game`` with its clocks and verdicts. Prints A's share
of the points with a 95% interval, wins/draws/losses, the mean point margin,
time-outs, illegal moves and the longest total thinking time of a seat.
A PLAYER is anything ``arena play`` takes (``builtin:NAME`` or a command), or
``rev:<git-rev>:<name>``: arena's own built-in player NAME as it was at that git
revision, built once per run in a temporary folder (bench/revision.py), e.g.

    python bench/strength.py blackhole builtin:strong rev:main:strong --games 100

``--time-scale`` scales the judge's clock; the judge tells built-in players
the scaled clock (``ARENA_CLOCK_MS``), so their time plans follow it.
``--words FILE`` (Lucky Words) scores with that list, as ``arena play --words``
does; the judge tells built-in players the list too. ``--records FILE`` appends
every game's full record to FILE, one JSON line each (``{"record": ...}``), e.g.
as data for tools/blackhole_fit.py.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from arena.games import get_game
from arena.refereeing.players import PlayerSpec, PlayerSpecError, resolve_player
from arena.refereeing.referee import play_game
from revision import PREFIX, Revisions, RevisionError


def play_one(game: str, specs: tuple[PlayerSpec, PlayerSpec], seed: int, a_seat: int,
             time_scale: float, words: str | None = None) -> dict:
    setup = None
    if words is not None:  # the setup the seed draws, scored with this list
        setup = {**get_game(game).make_setup(random.Random(seed)), "words": words}
    record = play_game(game, list(specs), seed=seed, setup=setup, time_scale=time_scale)
    result = record["result"]
    b_seat = 1 - a_seat
    return {
        "a_points": result["scores"][a_seat],
        "b_points": result["scores"][b_seat],
        "winner": None if result["winner"] is None else ("a" if result["winner"] == a_seat else "b"),
        "verdicts": (result["verdicts"][a_seat], result["verdicts"][b_seat]),
        "thinking_ms": (record["times"][a_seat]["wall_ms"], record["times"][b_seat]["wall_ms"]),
        "seed": seed,
        "a_seat": a_seat,
        "record": record,
    }


def check_records_path(parser: argparse.ArgumentParser, path: str | None) -> None:
    """``--records``: a path that cannot be written fails now, not after the games."""
    if path is not None:
        try:
            open(path, "a").close()
        except OSError as error:
            parser.error(f"--records: cannot write {path} ({error.strerror})")


def keep_record(path: str | None, record: dict) -> None:
    """Append one game's record to the ``--records`` file, if there is one."""
    if path is not None:
        with open(path, "a") as sink:
            sink.write(json.dumps({"record": record}, default=str) + "\n")


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _percent(mean: float, half: float) -> str:
    return f"{100 * mean:.1f}% ± {100 * half:.1f}%"


def summarise(a: str, b: str, games: list[dict]) -> str:
    # pairs are the independent unit: a pair shares its seed and setup
    pairs: dict[int, list[dict]] = {}
    for g in games:
        pairs.setdefault(g["seed"], []).append(g)
    shares = []
    for pair in pairs.values():
        total = sum(g["a_points"] + g["b_points"] for g in pair)
        shares.append(sum(g["a_points"] for g in pair) / total if total else 0.5)
    share, half = interval(shares)
    margin, margin_half = interval([g["a_points"] - g["b_points"] for g in games])
    outcomes = ["W" if g["winner"] == "a" else "L" if g["winner"] == "b" else "D" for g in games]
    score, score_half = interval([{"W": 1.0, "D": 0.5, "L": 0.0}[o] for o in outcomes])
    rates = {o: interval([float(x == o) for x in outcomes]) for o in "WDL"}
    lines = [
        f"{a} vs {b}: {len(games)} games ({len(pairs)} colour-swapped pairs)",
        f"  A's share of the points: {100 * share:.1f}% ± {100 * half:.1f}% (95%)",
        f"  A's W/D/L: {outcomes.count('W')}/{outcomes.count('D')}/{outcomes.count('L')}"
        f" = won {_percent(*rates['W'])}, drawn {_percent(*rates['D'])}, lost {_percent(*rates['L'])}",
        f"  A's game score (win 1, draw ½): {_percent(score, score_half)}",
        f"  mean margin (A − B): {margin:+.2f} ± {margin_half:.2f}",
        f"  mean points per game: A {sum(g['a_points'] for g in games) / len(games):.1f},"
        f" B {sum(g['b_points'] for g in games) / len(games):.1f}",
    ]
    seat_means = []
    for seat in (0, 1):
        seated = [g["a_points"] for g in games if g["a_seat"] == seat]
        if seated:
            seat_means.append(f"seat {seat + 1} {sum(seated) / len(seated):.1f}")
    points, points_half = interval([float(g["a_points"]) for g in games])
    lines.append(f"  A's mean points: {', '.join(seat_means)}, all {points:.1f} (95% ±{points_half:.1f})")
    for seat in (0, 1):  # where a game's first move decides much, as in Flippo, the seats differ
        seated = [(g, o) for g, o in zip(games, outcomes) if g["a_seat"] == seat]
        if seated:
            counts = "/".join(str(sum(o == wanted for _, o in seated)) for wanted in "WDL")
            margin = sum(g["a_points"] - g["b_points"] for g, _ in seated) / len(seated)
            lines.append(f"  A in seat {seat + 1}: W/D/L {counts}, mean margin {margin:+.2f}")
    for side, name in ((0, "A"), (1, "B")):
        verdicts = [g["verdicts"][side] for g in games]
        bad = {v: verdicts.count(v) for v in set(verdicts) if v != "ok"}
        longest = max(g["thinking_ms"][side] for g in games)
        lines.append(f"  {name}: time-outs {bad.pop('timeout', 0)}, illegal moves {bad.pop('illegal', 0)},"
                     f" other faults {bad or 'none'}, longest game's thinking {longest:.0f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a", help="player A")
    parser.add_argument("b", help="player B")
    parser.add_argument("--games", type=int, default=20, help="games (rounded up to pairs)")
    parser.add_argument("--jobs", type=int, default=1, help="games at once")
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    parser.add_argument("--words", default=None, help="Lucky Words: score with this word list")
    parser.add_argument("--records", default=None, help="append every game's record to this file (JSON lines)")
    args = parser.parse_args(argv)
    check_records_path(parser, args.records)
    words = None
    if args.words is not None:
        from pathlib import Path

        from arena.games.luckywords.dictionary import DictionaryError, load_words

        words = str(Path(args.words).resolve())
        try:
            load_words(words)
        except DictionaryError as error:
            parser.error(f"--words: {error}")
        if args.game != "luckywords":
            parser.error(f"--words: only luckywords uses a word list, not {args.game}")

    first = random.SystemRandom().randrange(2**30) if args.seed is None else args.seed
    with Revisions(args.game) as revisions:
        a, b = players(parser, revisions, args.game, [args.a, args.b])
        games = play_pairs(args, first, a, b, words)
    print(summarise(a.text, b.text, games))


def players(parser: argparse.ArgumentParser, revisions: Revisions, game: str,
            texts: list[str]) -> list[PlayerSpec]:
    """Each PLAYER text as a spec (``rev:`` ones built by ``revisions``); a bad one ends the run."""
    try:
        return [revisions.spec(text) if text.startswith(PREFIX) else resolve_player(game, text)
                for text in texts]
    except (PlayerSpecError, RevisionError) as error:
        parser.error(str(error))


def play_pairs(args: argparse.Namespace, first: int, a: PlayerSpec, b: PlayerSpec,
               words: str | None) -> list[dict]:
    jobs = []
    for k in range((args.games + 1) // 2):
        seed = first + k
        jobs.append((args.game, (a, b), seed, 0, args.time_scale, words))
        jobs.append((args.game, (b, a), seed, 1, args.time_scale, words))
    return play_all(jobs, args.jobs, args.records)


def play_all(jobs: list[tuple], workers: int, records: str | None) -> list[dict]:
    """play_one's result for each job's arguments, in order, ``workers`` games at once,
    counting them on stderr; each game's record goes to the ``--records`` file."""
    games = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for i, result in enumerate(pool.map(play_one, *zip(*jobs))):
            keep_record(records, result.pop("record"))
            games.append(result)
            print(f"\r{i + 1}/{len(jobs)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return games


if __name__ == "__main__":
    main()
