"""Rebuild Lucky Words' shipped list ``words.txt`` from Debian's ``scowl`` package.

    apt-get install scowl        # the SCOWL word lists, in /usr/share/dict/scowl/
    python tools/luckywords_wordlist.py [SCOWL_DIR] [--level 70] [--out FILE] [--compare LIST]

A maintainer's tool: arena never needs scowl at run time, the game reads the
committed ``src/arena/games/luckywords/words.txt``. The output is deterministic:
the same scowl files give the same bytes (uppercase words, sorted, one per line, LF).
``--compare LIST`` (e.g. CodeCup's ``words.dat``) prints, per length, how many of
the new words that list has and how many of its words the new list has.

SCOWL's final lists are named ``<spelling>-<sub-category>.<size>``. What is kept:

- Sub-category ``words`` only: ``abbreviations``, ``contractions``, ``proper-names``
  and ``upper`` (capitalised words) are what a word game refuses.
- Spellings ``english`` (common to all), ``american``, ``british``, ``variant_1`` and
  ``variant_2``: word games accept every accepted spelling (the official list has
  both COLOR and COLOUR, AX and AXE). ``variant_3`` ("seldom used and may not even be
  considered correct", says SCOWL's README) is left out; ``british_z``, ``canadian``
  and ``australian`` add almost nothing beyond these.
- Sizes up to 70 ("large"). Measured against the official list (48,953 words of 2-7
  letters) with these categories: up to 60 gives 29,000 words (95% of them official,
  57% of the official words covered), up to 70 gives 37,900 (94%, 73%), up to 80
  gives 68,100 (71%, 99%). 70 is the closest in size at every length, and its extra
  words are ones a player knows (BLOG, ZIT, NAAN); level 80 adds 30,000 words of
  which only 12,900 are official, the rest obscure dialect and archaic forms
  (ADVEW, RUGGOWN, ENMEW) that no player would accept either.
- Words of 2-7 letters a-z only (no apostrophe, accent, hyphen or capital).
- SCOWL files some abbreviations under ``words``: letters' plurals (CS, MS), units
  (KB, LM, MB, KCAL), functions (TANH, CSC). Every word with no vowel (a e i o u y)
  is left out unless it is one of the interjections or words of INTERJECTIONS, and
  the few with a vowel are named in ABBREVIATIONS.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from arena.games.luckywords.dictionary import MAX_LENGTH, MIN_LENGTH, parse_words

SCOWL = Path("/usr/share/dict/scowl")
TARGET = Path(__file__).resolve().parents[1] / "src" / "arena" / "games" / "luckywords" / "words.txt"
SPELLINGS = ("english", "american", "british", "variant_1", "variant_2")
LEVELS = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
LEVEL = 70
INTERJECTIONS = frozenset("brr brrr crwth crwths cwm cwms hmm nth pfft phpht pht psst sh shh tsk tsks".split())
ABBREVIATIONS = frozenset("aeq emf emfs kcal psia psid sech tanh".split())
WORD = re.compile(rf"[a-z]{{{MIN_LENGTH},{MAX_LENGTH}}}")
VOWEL = re.compile("[aeiouy]")


def source_files(scowl: Path, level: int) -> list[Path]:
    """The scowl files kept: the ``words`` sub-category of SPELLINGS, sizes up to ``level``."""
    return [
        scowl / f"{spelling}-words.{size}"
        for spelling in SPELLINGS
        for size in LEVELS
        if size <= level and (scowl / f"{spelling}-words.{size}").is_file()
    ]


def keeps(word: str) -> bool:
    """Whether a line of a kept scowl file is a word the game should score."""
    if not WORD.fullmatch(word) or word in ABBREVIATIONS:
        return False
    return bool(VOWEL.search(word)) or word in INTERJECTIONS


def build(scowl: Path, level: int = LEVEL) -> list[str]:
    """The new list, uppercase and sorted. scowl's files are ISO-8859-1 (accents)."""
    files = source_files(scowl, level)
    if not files:
        raise FileNotFoundError(f"no english-words.* or other kept scowl file in {scowl} up to size {level}")
    words = set()
    for path in files:
        words.update(line.strip() for line in path.read_text(encoding="latin-1").splitlines())
    return sorted(word.upper() for word in words if keeps(word))


def length_table(words: list[str], official: frozenset[str] | None) -> list[str]:
    """Per length: our words, how many of them are official, the official words, how many of them we have."""
    lengths = range(MIN_LENGTH, MAX_LENGTH + 1)
    if official is None:
        rows = [f"{n}: {sum(len(w) == n for w in words)}" for n in lengths]
        return [*rows, f"all: {len(words)}"]
    # the words both lists have: a share of ours ("in official") and of theirs ("covered")
    rows = [f"{'length':>6} {'words':>7} {'in official':>15} {'official':>9} {'covered':>7}"]
    for n in [*lengths, None]:
        ours = {w for w in words if n is None or len(w) == n}
        theirs = {w for w in official if n is None or len(w) == n}
        common = len(ours & theirs)
        label = "all" if n is None else str(n)
        shares = f"{common:>7} {percent(common, ours)} {len(theirs):>9} {percent(common, theirs)}"
        rows.append(f"{label:>6} {len(ours):>7} {shares}")
    return rows


def percent(part: int, whole: set[str]) -> str:
    return f"({part / len(whole):4.0%})" if whole else "(   -)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scowl", nargs="?", type=Path, default=SCOWL, help=f"scowl's final lists (default {SCOWL})")
    parser.add_argument("--level", type=int, choices=LEVELS, default=LEVEL, help="largest scowl size kept")
    parser.add_argument("--out", type=Path, default=TARGET, help="where to write the list (default: the shipped one)")
    parser.add_argument("--compare", type=Path, metavar="LIST", help="a list to measure against, e.g. words.dat")
    args = parser.parse_args(argv)
    try:
        words = build(args.scowl, args.level)
        official = parse_words(args.compare.read_text(encoding="utf-8", errors="replace")) if args.compare else None
        args.out.write_text("".join(word + "\n" for word in words), encoding="ascii", newline="\n")
    except OSError as error:
        parser.error(str(error))
    print(f"{len(words)} words written to {args.out}")
    print("\n".join(length_table(words, official)))


if __name__ == "__main__":
    main(sys.argv[1:])
