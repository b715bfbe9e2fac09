"""Rebuild ``words.txt``, the default Lucky Words dictionary, from Debian's ``wamerican``.

Run it on a Debian machine after ``apt-get install wamerican``::

    python src/arena/games/luckywords/make_wordlist.py [/usr/share/dict/american-english]

The list keeps the words the game can score: 2 to 7 letters, plain A–Z only.
Proper nouns (a capital first letter in the source) and words with an
apostrophe or an accent are left out, as a word game's dictionary would; what
remains is upper-cased, deduplicated and sorted, one word per line (LF). The
official CodeCup list (``words.dat``) is not redistributable with the project,
so this one stands in for it; ``arena play luckywords ... --words words.dat``
plays with the official list.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE = "/usr/share/dict/american-english"
TARGET = Path(__file__).with_name("words.txt")


def build(lines: list[str]) -> list[str]:
    words = set()
    for line in lines:
        word = line.strip()
        if not word.isascii() or not word.isalpha() or not word.islower():
            continue  # proper nouns, possessives ("cat's"), accented letters
        if 2 <= len(word) <= 7:
            words.add(word.upper())
    return sorted(words)


def main(argv: list[str]) -> None:
    source = argv[0] if argv else SOURCE
    words = build(Path(source).read_text(encoding="utf-8").splitlines())
    TARGET.write_text("".join(word + "\n" for word in words))
    print(f"{len(words)} words written to {TARGET}")


if __name__ == "__main__":
    main(sys.argv[1:])
