"""Voiding a game (the organisers'): ``POST /api/organiser/games/ID/void`` ``{"reason"}``. The game
stays, marked void with the reason, and out of every ranking; its replay (same seats, seed and
submissions) joins its round, which runs again until it is played (store/void_rows.py)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ...rounds.final import final_rounds, is_final
from ...rounds.ranking import is_ranked
from ...store.database import User
from ..ids import Id
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .bodies import field, json_object

router = APIRouter(prefix="/api")
MAX_REASON = 500


async def void(request: Request, user: User, game_id: int, reason: str) -> int:
    """Void the game (its checks as the API answers them); the replay's id."""
    reason = reason.strip()
    if not 1 <= len(reason) <= MAX_REASON:
        raise Refusal(400, f"the reason is 1 to {MAX_REASON} characters: it is shown with the voided game")
    site = site_of(request)
    game = site.store.game(game_id)
    if game is None:
        raise Refusal(404, f"there is no game {game_id}")
    round_ = site.store.round(game.round_id)
    assert round_ is not None  # a game's round: rounds are never deleted
    if not is_ranked(round_.kind):
        raise Refusal(409, f"game {game_id} is of a {round_.kind} round, which ranks nothing: it is not replayed")
    if is_final(round_.kind) and any(r.id > round_.id for r in final_rounds(site.store)):
        raise Refusal(409, f"game {game_id}'s round of the final paired the next one already: it cannot be replayed")
    try:
        return await run_in_threadpool(site.conductor.void_game, game_id, reason, user.id)
    except LookupError as error:
        raise Refusal(404, str(error)) from None


@router.post("/organiser/games/{game_id}/void")
async def void_game(request: Request, game_id: Id):
    user = organiser(api_user(request, changes=True))
    reason = field(await json_object(request), "reason", str)
    return {"voided": game_id, "replay": await void(request, user, game_id, reason)}
