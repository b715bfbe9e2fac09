"""A competition game as the routes need it: found (404), replayed (cached: a saved game never
changes), and its stderr shown only to whom privacy.py lets read it."""

from __future__ import annotations

from fastapi import Request

from ...web_common.record_check import BadRecord
from ...web_common.replay_boards import Replay
from ..store.database import CompetitionStore, StoredGame, Submission, User
from .site_state import site_of
from ..privacy import may_read_stderr
from .refusal import Refusal


def played_game(request: Request, game_id: int) -> StoredGame:
    game = site_of(request).store.game(game_id)
    if game is None:
        raise Refusal(404, f"there is no game {game_id}")
    if game.record is None:
        raise Refusal(404, f"game {game_id} has not been played yet")
    return game


def game_replay(request: Request, game: StoredGame) -> Replay:
    try:
        return site_of(request).replays.get(("competition-game", game.id), game.played_record, f"game {game.id}")
    except BadRecord as error:
        raise Refusal(500, str(error)) from None


def seat_submission(request: Request, game: StoredGame, seat: int) -> Submission | None:
    """The submission that played ``seat``: whose stderr that seat's is."""
    return site_of(request).store.submission(game.submissions[seat])


def readable_seats(request: Request, game: StoredGame, user: User | None) -> list[int]:
    """The seats whose stderr ``user`` may read."""
    return [seat for seat in (0, 1) if may_read_stderr(user, seat_submission(request, game, seat))]


def seat_stderr(request: Request, game_id: int, seat: int, user: User) -> str:
    game = site_of(request).store.game(game_id)
    if game is None:
        raise Refusal(404, f"there is no game {game_id}")
    if seat not in (0, 1):
        raise Refusal(404, f"a game has seats 0 and 1, not {seat}")
    if not may_read_stderr(user, seat_submission(request, game, seat)):
        raise Refusal(403, "a program's stderr is for its author and the organisers only")
    if game.record is None:
        raise Refusal(404, f"game {game_id} has not been played yet")
    return site_of(request).store.stderr(game_id, seat) or ""


def account_named(store: CompetitionStore, name: str) -> User:
    """The account ``name`` (a filter, an opponent): 404 naming it (cut short) when there is none."""
    account = store.user_named(name)
    if account is None:
        raise Refusal(404, f"there is no account {name[:60]!r}")
    return account
