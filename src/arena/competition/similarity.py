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

Copies are named as such: two sources byte for byte the same, the same once names, numbers, strings,
comments and layout are set aside (their token sequences equal), or the same once the starter is
taken out (the same fingerprints left, some of them) are ``identical``, with the score 1.0, whatever
the starter holds; two contestants who uploaded the starter itself are identical too. Archives are not
opened here (the sandbox alone unpacks them): two uploaded byte for byte the same are identical, and
no other pair with an archive is listed. A source whose
tokens are the starter's is ``starter`` (unchanged but for names, comments and layout).

The side-by-side page highlights the passages two sources share (:func:`shared_passages`): every
run of at least K tokens found in both, those that are the starter's marked apart.

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
    score: float  # the share of the smaller one's fingerprints found in the other; 1.0 when identical
    identical: bool = False  # the same bytes, tokens, or fingerprints once the starter is out
    starter: tuple[bool, bool] = (False, False)  # each side: the starter unchanged (but for names, layout)


def placed_tokens(source: str, language: str) -> list[tuple[str, int, int]]:
    """The source's tokens as compared, each with where it lies (start, end offsets in ``source``):
    names, numbers and strings each one symbol, no comments or layout."""
    lexer = get_lexer_by_name(LEXERS.get(language, language), stripnl=False, stripall=False, ensurenl=False)
    found: list[tuple[str, int, int]] = []
    for start, kind, text in lexer.get_tokens_unprocessed(source):
        end = start + len(text)
        if kind in Comment or kind in Whitespace or (kind in Text and not text.strip()):
            continue
        if kind in Name:
            found.append(("N", start, end))
        elif kind in Number:
            found.append(("0", start, end))
        elif kind in String:
            if found and found[-1][0] == "S":  # a string is lexed in pieces: one symbol for all of it
                found[-1] = ("S", found[-1][1], end)
            else:
                found.append(("S", start, end))
        else:
            found.append((text.strip(), start, end))
    return found


def tokens(source: str, language: str) -> list[str]:
    """The source's tokens as compared: names, numbers and strings each one symbol, no comments or layout."""
    return [word for word, _, _ in placed_tokens(source, language)]


def _gram_hashes(words: list[str]) -> list[int]:
    return [int.from_bytes(hashlib.blake2b("\x1f".join(words[i:i + K]).encode(), digest_size=8).digest(), "big")
            for i in range(len(words) - K + 1)]


def fingerprints(source: str, language: str) -> set[int]:
    """The winnowed hashes of the source's k-grams."""
    hashes = _gram_hashes(tokens(source, language))
    if len(hashes) <= WINDOW:
        return set(hashes)
    return {min(hashes[i:i + WINDOW]) for i in range(len(hashes) - WINDOW + 1)}


def shared_passages(first: str, second: str, language: str, starter: str | None = None
                    ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Both sources cut into ``(text, kind)`` pieces for the side-by-side page: ``kind`` is
    ``"shared"`` for a passage of at least K tokens found in the other source, ``"starter"`` for
    one that the starter holds too, ``""`` for the rest. An unknown language: each source whole."""
    if language not in LEXERS:
        return [(first, "")], [(second, "")]
    placed = [placed_tokens(first, language), placed_tokens(second, language)]
    grams = [_gram_hashes([w for w, _, _ in p]) for p in placed]
    common = set(grams[0]) & set(grams[1])
    of_starter = set(_gram_hashes(tokens(starter, language))) if starter else set()
    return (_pieces(first, placed[0], grams[0], common, of_starter),
            _pieces(second, placed[1], grams[1], common, of_starter))


def _pieces(source: str, placed: list[tuple[str, int, int]], grams: list[int], common: set[int],
            of_starter: set[int]) -> list[tuple[str, str]]:
    kinds = [""] * len(placed)  # each token's kind: in a shared k-gram, and then the starter's or not
    for i, gram in enumerate(grams):
        if gram in common:
            kind = "starter" if gram in of_starter else "shared"
            for j in range(i, i + K):
                if kinds[j] != "shared":
                    kinds[j] = kind
    pieces: list[tuple[str, str]] = []
    at = 0
    for (_, start, end), kind in zip(placed, kinds):
        gap = source[at:start]  # layout and comments between tokens: the kind of the run they lie in
        for text, piece_kind in ((gap, kind if pieces and pieces[-1][1] == kind else ""), (source[start:end], kind)):
            if not text:
                continue
            if pieces and pieces[-1][1] == piece_kind:
                pieces[-1] = (pieces[-1][0] + text, piece_kind)
            else:
                pieces.append((text, piece_kind))
        at = end
    if source[at:]:
        pieces.append((source[at:], ""))
    return pieces


def score(mine: set[int], theirs: set[int]) -> float:
    smaller = min(len(mine), len(theirs))
    return 0.0 if smaller == 0 else len(mine & theirs) / smaller


def _archive_bytes(folder: CompetitionFolder, submission: Submission) -> bytes | None:
    """An uploaded archive's bytes (never opened here: only the sandbox unpacks one), None for a source
    file or an archive gone."""
    path = Path(folder.upload(submission.id)) / submission.filename
    if not is_archive(submission.filename) or not path.is_file() or path.stat().st_size > MAX_SOURCE:
        return None
    return path.read_bytes()


def _source(folder: CompetitionFolder, submission: Submission) -> str | None:
    """The uploaded source, None for an archive or a file gone (its text as UTF-8, errors replaced)."""
    path = Path(folder.upload(submission.id)) / submission.filename
    if is_archive(submission.filename) or not path.is_file() or path.stat().st_size > MAX_SOURCE:
        return None
    return path.read_bytes().decode("utf-8", errors="replace")


def starter_source(game: str, language: str) -> str | None:
    """The game's starter bot in that language (``arena new``), None when there is none."""
    try:
        return template_source(game, language)
    except Exception:  # no starter in that language: nothing to discount
        return None


@dataclass(frozen=True)
class _Compared:
    submission: Submission
    raw: bytes
    words: tuple[str, ...]
    prints: set[int]  # the starter's taken out
    starter: bool  # its tokens are the starter's


def _identical(first: _Compared, second: _Compared) -> bool:
    return (first.raw == second.raw or first.words == second.words
            or bool(first.prints) and first.prints == second.prints)


def _identical_archives(folder: CompetitionFolder, submissions: list[Submission]) -> list[SimilarPair]:
    """The pairs of archives uploaded byte for byte the same, in one language: identical (others are
    not compared: what an archive holds is read in the sandbox alone)."""
    archives = [(s, raw) for s in sorted(submissions, key=lambda s: s.id)
                if (raw := _archive_bytes(folder, s)) is not None]
    return [SimilarPair(first.id, second.id, (first.user_name, second.user_name), first.language, 1.0, True,
                        (False, False))
            for (first, one), (second, other) in combinations(archives, 2)
            if first.language == second.language and one == other]


def similar_pairs(store: CompetitionStore, folder: CompetitionFolder,
                  chosen: list[Submission] | None = None) -> list[SimilarPair]:
    """Every pair of contestants' latest submissions (admitted or not) in one language, most alike first;
    ``chosen``: those submissions instead (one a contestant, as the sources to grade are)."""
    game = store.competition().game
    latest: dict[int, Submission] = {}
    if chosen is None:
        contestants = {u.id for u in store.users() if u.role == "contestant"}
        for submission in store.submissions():  # newest first
            if submission.user_id in contestants and submission.user_id not in latest:
                latest[submission.user_id] = submission
    else:
        latest = {submission.user_id: submission for submission in chosen}
    compared: list[_Compared] = []
    starters: dict[str, tuple[tuple[str, ...], set[int]]] = {}
    for submission in latest.values():
        source = _source(folder, submission)
        if source is None or submission.language not in LEXERS:
            continue
        if submission.language not in starters:
            text = starter_source(game, submission.language)
            starters[submission.language] = ((), set()) if text is None else \
                (tuple(tokens(text, submission.language)), fingerprints(text, submission.language))
        starter_words, starter_prints = starters[submission.language]
        words = tuple(tokens(source, submission.language))
        compared.append(_Compared(submission, source.encode(), words,
                                  fingerprints(source, submission.language) - starter_prints,
                                  bool(starter_words) and words == starter_words))
    pairs = _identical_archives(folder, list(latest.values()))
    for first, second in combinations(sorted(compared, key=lambda c: c.submission.id), 2):
        if first.submission.language == second.submission.language:
            identical = _identical(first, second)
            pairs.append(SimilarPair(first.submission.id, second.submission.id,
                                     (first.submission.user_name, second.submission.user_name),
                                     first.submission.language,
                                     1.0 if identical else round(score(first.prints, second.prints), 3),
                                     identical, (first.starter, second.starter)))
    return sorted(pairs, key=lambda p: (-p.score, not p.identical, p.a, p.b))
