"""The API's running of the competition, under /api/organiser/ (the organisers'): built-in players,
the final, the invitation code, the deadline, freezing, the accounts and the conductor's status;
and /api/unrated, any contestant's request for unrated games against a chosen opponent."""

from __future__ import annotations

import math

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ....games import get_game
from ....web_common.release import commit, version
from ...rounds.stage import competition_state, refuse_once_over
from ..site_state import site_of
from ..security.auth import api_user, organiser
from .bodies import field, json_object
from ..games_access import account_named
from ..refusal import Refusal
from ..views import user_view

router = APIRouter(prefix="/api")


def check_bot(request: Request, bot: str) -> str:
    game = get_game(site_of(request).store.competition().game)
    if bot not in game.bots:
        raise Refusal(400, f"{game.name} has no built-in player {bot[:60]!r}; it has: {', '.join(game.bots)}")
    return bot


def opponent_id(request: Request, name: str, user_id: int) -> int:
    opponent = account_named(site_of(request).store, name)
    if opponent.id == user_id:
        raise Refusal(400, "choose an opponent other than yourself")
    return opponent.id


@router.get("/competition")
def competition(request: Request):
    store = site_of(request).store
    competition = store.competition()
    return {"game": competition.game, "title": competition.title, "deadline": competition.deadline,
            "frozen": competition.frozen, "registration": bool(competition.invitation),
            "state": competition_state(store), "version": version(), "commit": commit()}


@router.post("/organiser/builtins")
async def add_builtin(request: Request):
    organiser(api_user(request, changes=True))
    bot = check_bot(request, field(await json_object(request), "bot", str))
    refuse_once_over(site_of(request).store)
    return {"id": await run_in_threadpool(site_of(request).conductor.add_builtin, bot)}


@router.post("/unrated")
async def request_unrated(request: Request):
    user = api_user(request, changes=True)
    refuse_once_over(site_of(request).store)  # whatever was asked: nothing is played any more
    opponent = opponent_id(request, field(await json_object(request), "opponent", str), user.id)
    return {"id": await run_in_threadpool(site_of(request).conductor.request_unrated, user.id, opponent)}


MAX_GAMES_PER_PAIR = 100
MAX_SWISS_ROUNDS = 50


def final_choices(builtins: bool, games_per_pair: int | None, swiss_rounds: int | None) -> dict:
    """What the organiser asked of the final, checked (400 naming the rule): the conductor's
    start_final arguments."""
    if games_per_pair is not None and not (2 <= games_per_pair <= MAX_GAMES_PER_PAIR and games_per_pair % 2 == 0):
        raise Refusal(400, f"games_per_pair is an even number from 2 to {MAX_GAMES_PER_PAIR} (each seed is "
                      f"played in both seats), got {games_per_pair}")
    if swiss_rounds is not None and not 0 <= swiss_rounds <= MAX_SWISS_ROUNDS:
        raise Refusal(400, f"swiss_rounds is a number from 0 to {MAX_SWISS_ROUNDS}, got {swiss_rounds}")
    return {"builtins": builtins, "games_per_pair": 2 if games_per_pair is None else games_per_pair,
            "swiss_rounds": swiss_rounds}


@router.post("/organiser/final")
async def start_final(request: Request):
    organiser(api_user(request, changes=True))
    data = await json_object(request)
    choices = final_choices(field(data, "builtins", bool, default=False),
                            field(data, "games_per_pair", int, default=None),
                            field(data, "swiss_rounds", int, default=None))
    return {"id": await run_in_threadpool(site_of(request).conductor.start_final, **choices)}


@router.post("/organiser/invitation")
async def set_invitation(request: Request):
    organiser(api_user(request, changes=True))
    code = field(await json_object(request), "code", str, default=None)
    if code is not None and not 4 <= len(code.strip()) <= 200:
        raise Refusal(400, "an invitation code is 4 to 200 characters (null: no self-registration)")
    site_of(request).store.set_invitation(code.strip() if code else None)
    return {"invitation": code.strip() if code else None}


@router.post("/organiser/deadline")
async def set_deadline(request: Request):
    organiser(api_user(request, changes=True))
    deadline = field(await json_object(request), "deadline", (int, float), default=None)
    if deadline is not None and not (math.isfinite(deadline) and 0 < deadline < 1e11):
        raise Refusal(400, "the deadline is seconds since 1970 (null: none)")
    site_of(request).store.set_deadline(deadline)
    return {"deadline": deadline}


@router.post("/organiser/freeze")
async def freeze(request: Request):
    organiser(api_user(request, changes=True))
    frozen = field(await json_object(request), "frozen", bool)
    refuse_once_over(site_of(request).store)  # the final closed submissions for good
    site_of(request).store.set_frozen(frozen)
    return {"frozen": frozen}


@router.get("/organiser/status")
def status(request: Request):
    organiser(api_user(request, changes=False))
    return site_of(request).conductor.status()


@router.get("/organiser/users")
def users(request: Request):
    organiser(api_user(request, changes=False))
    return {"users": [user_view(user) for user in site_of(request).store.users()]}
