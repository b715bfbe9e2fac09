"""Who may read what of a competition: the one place that decides it.

The viewers are four: an anonymous visitor (``None``), a submission's author, another contestant,
and an organiser. What is private is a program's own: its source, its build log, its admission
report and its stderr in each game it played. They are its author's and the organisers' alone;
another contestant (an opponent above all) and a visitor never read them. What everyone may read
of a game is its public record (:func:`public_record`): no stderr, each seat named by its account,
and none of the server's own folders.

Every route, page, store write and build report asks here; nothing else compares a viewer with an
author. Plain data in, plain answers out (no web, no database): a build worker imports it too.
"""

from __future__ import annotations

from typing import cast, get_type_hints

from ..judge.record_types import PRIVATE, PlayerEntry, Record
from .store.rows import Submission, User


def _marked_private(record_type: type) -> tuple[str, ...]:
    """The keys of ``record_type`` whose type is marked ``Annotated[..., PRIVATE]``."""
    hints = get_type_hints(record_type, include_extras=True)
    return tuple(key for key, hint in hints.items() if PRIVATE in getattr(hint, "__metadata__", ()))


PRIVATE_RECORD_KEYS = _marked_private(Record)
"""What a program's run adds to a game's record that is its author's only (its stderr): the record's
type marks it (judge/record_types.py), the store keeps it apart. Only the record's own keys are
read: a mark deeper in the record would not be stripped (none is: the test of the types says so)."""


def _authors_or_organisers(viewer: User | None, author_id: int | None) -> bool:
    # author_id None: the author is unknown (a submission gone), so only an organiser may read
    return viewer is not None and (viewer.is_organiser or viewer.id == author_id)


def _author_of(submission: Submission | None) -> int | None:
    return None if submission is None else submission.user_id


def may_read_submission(viewer: User | None, submission: Submission | None) -> bool:
    """A submission's own entry (its status, build log, admission report, the games it played): its
    author's and the organisers'. To anyone else it does not exist (the routes answer 404, so that
    ids cannot be probed)."""
    return _authors_or_organisers(viewer, _author_of(submission))


def may_read_source(viewer: User | None, submission: Submission | None) -> bool:
    """The uploaded file as it came: its author's and the organisers' only."""
    return _authors_or_organisers(viewer, _author_of(submission))


def may_read_build_log(viewer: User | None, submission: Submission | None) -> bool:
    """The compiler's output (it quotes the source): its author's and the organisers' only."""
    return _authors_or_organisers(viewer, _author_of(submission))


def may_read_admission(viewer: User | None, submission: Submission | None) -> bool:
    """The admission report (``arena check``: it quotes the program's stderr): its author's and the
    organisers' only."""
    return _authors_or_organisers(viewer, _author_of(submission))


def may_read_stderr(viewer: User | None, seat_submission: Submission | None) -> bool:
    """A seat's stderr in a game, ``seat_submission`` being the submission that played that seat:
    that program's author's and the organisers' only; never the opponent's, never a visitor's."""
    return _authors_or_organisers(viewer, _author_of(seat_submission))


def without_private(record: Record) -> Record:
    """A game's record without what is its programs' own (their stderr): what the store may keep in
    the public record, whoever made it. Still a Record: what is private is optional in its type."""
    return cast(Record, {key: value for key, value in record.items() if key not in PRIVATE_RECORD_KEYS})


def public_record(record: Record, names: tuple[str, str], submissions: tuple[int, int]) -> Record:
    """What everyone may read of a game's record: no stderr, each seat named by its account.

    The commands that ran a built program name the server's own folders
    (``/srv/competition/builds/4/bot``), which are nobody's business, and a built-in player's
    command names the server's Python: each is replaced by ``submission N``.
    """
    players: list[PlayerEntry] = [{**player, "name": name, "command": f"submission {submission}"}
                                  for player, name, submission in zip(record["players"], names, submissions)]
    return {**without_private(record), "players": players}


def downloadable_record(record: Record, names: tuple[str, str], submissions: tuple[int, int]) -> Record:
    """A game's record in a round's download: its public record (a record saved without its players'
    list, as tests and benchmarks make, still loses whatever is private)."""
    return public_record(record, names, submissions) if "players" in record else without_private(record)


def as_seen_by_author(text: str, build_folder: str) -> str:
    """A build log or admission report as its author reads it: the build folder is their own folder
    (``.``); where the server keeps it is not theirs to know."""
    return text.replace(build_folder, ".")
