"""Similar sources, for the organisers: the latest submissions of different contestants in the same
language compared by winnowing, as MOSS does (Schleimer, Wilkerson and Aiken, 2003).

Each source is cut into tokens by its language's lexer (pygments, which arena has through rich), with
comments and layout dropped, every name written ``N``, every number ``0`` and every string ``S``: a
copy with its variables renamed and its comments rewritten reads the same. The token sequence's
k-grams are hashed and winnowed (the smallest hash of each window of W, so that a shared run of at
least W + K - 1 tokens always leaves a fingerprint in both). The game's starter bot in that language
(``arena new``) is fingerprinted too, and its fingerprints are taken out of every source: two
programs grown from the starter share it, and that is not copying. A pair's score is the share of
the smaller one's fingerprints found in the other (1.0: all of it).

Why not copydetect (PyPI), which does the same: it needs matplotlib, numpy and tqdm for its HTML
report, a large install for a server that would use forty lines of it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Name, Number, String, Text, Whitespace

from ..toolkit.starter import template_source
from .build.upload_checks import is_archive
from .folder import CompetitionFolder
from .store.database import CompetitionStore, Submission

K = 12  # tokens in a k-gram: shorter runs (a loop header, a print) are common to any two programs
WINDOW = 8  # a shared run of K + WINDOW - 1 = 19 tokens is always found
LEXERS = {"c": "c", "cpp": "cpp", "java": "java", "python": "python3", "go": "go", "rust": "rust"}
MAX_SOURCE = 2 * 1024 * 1024  # as an upload


@dataclass(frozen=True)
class SimilarPair:
    a: int  # submission ids
    b: int
    names: tuple[str, str]
    language: str
    score: float  # the share of the smaller one's fingerprints found in the other


def tokens(source: str, language: str) -> list[str]:
    """The source's tokens as compared: names, numbers and strings each one symbol, no comments or layout."""
    lexer = get_lexer_by_name(LEXERS.get(language, language))
    found = []
    for kind, text in lexer.get_tokens(source):
        if kind in Comment or kind in Whitespace or (kind in Text and not text.strip()):
            continue
        if kind in Name:
            found.append("N")
        elif kind in Number:
            found.append("0")
        elif kind in String:
            if not found or found[-1] != "S":  # a string is lexed in pieces: one symbol for all of it
                found.append("S")
        else:
            found.append(text.strip())
    return found


def fingerprints(source: str, language: str) -> set[int]:
    """The winnowed hashes of the source's k-grams."""
    words = tokens(source, language)
    hashes = [int.from_bytes(hashlib.blake2b("\x1f".join(words[i:i + K]).encode(), digest_size=8).digest(), "big")
              for i in range(len(words) - K + 1)]
    if len(hashes) <= WINDOW:
        return set(hashes)
    return {min(hashes[i:i + WINDOW]) for i in range(len(hashes) - WINDOW + 1)}


def score(mine: set[int], theirs: set[int]) -> float:
    smaller = min(len(mine), len(theirs))
    return 0.0 if smaller == 0 else len(mine & theirs) / smaller


def _source(folder: CompetitionFolder, submission: Submission) -> str | None:
    """The uploaded source, None for an archive or a file gone (its text as UTF-8, errors replaced)."""
    path = Path(folder.upload(submission.id)) / submission.filename
    if is_archive(submission.filename) or not path.is_file() or path.stat().st_size > MAX_SOURCE:
        return None
    return path.read_bytes().decode("utf-8", errors="replace")


def _starter(game: str, language: str) -> set[int]:
    try:
        return fingerprints(template_source(game, language), language)
    except Exception:  # no starter in that language: nothing to discount
        return set()


def similar_pairs(store: CompetitionStore, folder: CompetitionFolder) -> list[SimilarPair]:
    """Every pair of contestants' latest submissions (admitted or not) in one language, most alike first."""
    game = store.competition().game
    contestants = {u.id for u in store.users() if u.role == "contestant"}
    latest: dict[int, Submission] = {}
    for submission in store.submissions():  # newest first
        if submission.user_id in contestants and submission.user_id not in latest:
            latest[submission.user_id] = submission
    prints: dict[int, tuple[Submission, set[int]]] = {}
    starters: dict[str, set[int]] = {}
    for submission in latest.values():
        source = _source(folder, submission)
        if source is None or submission.language not in LEXERS:
            continue
        if submission.language not in starters:
            starters[submission.language] = _starter(game, submission.language)
        prints[submission.id] = (submission, fingerprints(source, submission.language) - starters[submission.language])
    pairs = []
    for (first, mine), (second, theirs) in combinations(sorted(prints.values(), key=lambda p: p[0].id), 2):
        if first.language == second.language:
            pairs.append(SimilarPair(first.id, second.id, (first.user_name, second.user_name), first.language,
                                     round(score(mine, theirs), 3)))
    return sorted(pairs, key=lambda p: (-p.score, p.a, p.b))
