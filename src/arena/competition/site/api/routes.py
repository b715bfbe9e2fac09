"""The JSON API that ``arena submit`` and scripts use (docs/competition.md lists it)."""

from __future__ import annotations

import io
import json
import zipfile

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.concurrency import run_in_threadpool

from ....games.base import MoveError
from ...privacy import downloadable_record, may_read_source, may_read_submission
from ...rounds.final import refuse_after_final_began
from ...rounds.ranking import FINAL, is_ranked
from ...rounds.stage import refuse_once_over
from ...play.benching import bench_reason
from ...store.database import GameLine, Round
from ..site_state import site_of
from ..security.auth import TOKEN_MAX_AGE_S, api_user, make_token, organiser, revoke_token
from .bodies import field, form_data, json_object
from ..games_access import account_named, game_replay, played_game, seat_stderr
from ..ids import Id, Ply, Seat
from ..security.login import authenticate
from ..refusal import Refusal
from ..uploads import take_upload
from ..views import api_game_views, round_views, submission_view

router = APIRouter(prefix="/api")
MAX_PAGE = 500


def _json(content) -> JSONResponse:
    """The answer as FastAPI would write it (Starlette's JSONResponse), without its jsonable_encoder
    walking every value first: the rounds, rankings and games lists are plain JSON already, and that
    walk was 40% of the server's CPU in a deadline's rush (bench/competition_load.py, 17 ms a list)."""
    return JSONResponse(content)


@router.post("/login")
async def login(request: Request):
    data = await json_object(request)
    name, password = field(data, "name", str), field(data, "password", str)
    user = await run_in_threadpool(authenticate, request, name, password)
    return {"token": make_token(request, user), "name": user.name, "role": user.role,
            "expires_in": TOKEN_MAX_AGE_S}


@router.post("/logout")
def logout(request: Request):
    """The bearer token is refused from now on (until it would have expired by itself)."""
    return {"name": revoke_token(request).name, "logged_out": True}


@router.post("/submissions")
async def submit(request: Request):
    user = api_user(request, changes=True)
    form = await form_data(request)
    language = form.get("language")
    if language is not None and not isinstance(language, str):
        raise Refusal(400, "'language' must be text, not a file")
    return {"id": await take_upload(request, user, form.get("file"), language)}


@router.get("/submissions")
def submissions(request: Request, all: bool = False):
    user = api_user(request, changes=False)
    store = site_of(request).store
    chosen = store.submissions() if all and organiser(user) else store.submissions(user_id=user.id)
    return {"submissions": [submission_view(s) for s in chosen]}


@router.get("/submissions/{submission_id}")
def submission(request: Request, submission_id: Id):
    user = api_user(request, changes=False)
    found = site_of(request).store.submission(submission_id)
    if found is None or not may_read_submission(user, found):
        raise Refusal(404, f"you have no submission {submission_id}")
    # why it sits out (null: it does not)
    return {**submission_view(found, reader=user), "bench": bench_reason(site_of(request).store, found.id)}


@router.get("/submissions/{submission_id}/source")
def source(request: Request, submission_id: Id):
    """The uploaded file as it came, to whom privacy.py lets read it (to others: 404)."""
    user = api_user(request, changes=False)
    site = site_of(request)
    found = site.store.submission(submission_id)
    if found is None or not may_read_source(user, found):
        raise Refusal(404, f"you have no submission {submission_id}")
    path = site.folder.upload(submission_id) / found.filename
    if not path.is_file():  # a built-in player has none
        raise Refusal(404, f"submission {submission_id} has no uploaded file")
    return Response(path.read_bytes(), media_type="application/octet-stream",
                    headers={"Content-Disposition": f'attachment; filename="{found.filename}"'})


@router.post("/rounds")
async def start_round(request: Request):
    user = organiser(api_user(request, changes=True))
    site = site_of(request)
    refuse_once_over(site.store)  # 409, whichever conductor runs, whatever the body
    await json_object(request)  # {} (a malformed body is still refused)
    refuse_after_final_began(site.store)
    return {"id": await run_in_threadpool(site.conductor.start_round, kind="test", started_by=user.id)}


@router.get("/rounds")
def rounds(request: Request):
    store = site_of(request).store
    return _json({"rounds": round_views(store, store.rounds())})


def _round(request: Request, round_id: int) -> Round:
    found = site_of(request).store.round(round_id)
    if found is None:
        raise Refusal(404, f"there is no round {round_id}")
    return found


@router.get("/rounds/{round_id}")
def round_(request: Request, round_id: Id):
    site = site_of(request)
    return Response(site.kept.round_json(site.store, _round(request, round_id)), media_type="application/json")


@router.get("/rounds/{round_id}/records")
def round_records(request: Request, round_id: Id, format: str = "zip"):
    """Every played game of the round as its public record (privacy.py: no stderr), in one download:
    a zip of ``game-ID.json`` files, or (``format=jsonl``) one record a line."""
    if format not in ("zip", "jsonl"):
        raise Refusal(400, "format is zip or jsonl")
    store = site_of(request).store
    _round(request, round_id)
    records = [(g.id, downloadable_record(g.played_record(), g.players, g.submissions))
               for g in store.games(round_id=round_id, oldest_first=True)]
    name = f"round-{round_id}"
    if format == "jsonl":
        body = "".join(json.dumps({"id": game_id, **record}) + "\n" for game_id, record in records)
        return Response(body, media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{name}.jsonl"'})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for game_id, record in records:
            archive.writestr(f"{name}/game-{game_id}.json", json.dumps(record))
    return Response(buffer.getvalue(), media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{name}.zip"'})


@router.get("/ranking")
def ranking(request: Request, round: int | None = None, kind: str | None = None):
    """The latest finished competition's ranking; ``round``: that round's; ``kind=final``: the final's."""
    site = site_of(request)
    store = site.store
    if round is not None:
        found = _round(request, round) if 1 <= round <= 2 ** 62 else None
        if found is None or not is_ranked(found.kind):
            raise Refusal(404, f"round {round} has no ranking (only test rounds and the final's rounds have one)"
                          if found else f"there is no round {round}")
        return _json(site.kept.ranking(store, found))
    if kind not in (None, "", FINAL):
        raise Refusal(400, "kind is final (or leave it out for the latest finished competition)")
    answer = site.kept.ranking(store, final=kind == FINAL)
    if answer is not None:
        return _json(answer)
    # nothing to rank yet: the entrants, each with no game
    names = sorted(entrant.user_name for entrant in store.entrants())
    rows = [{"rank": 1, "name": n, "games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0,
             "irregular_losses": 0} for n in names]
    return _json({"round": None, "kind": kind or None, "status": None, "live": False, "rows": rows})


@router.get("/games")
def games(request: Request, limit: int = 50, offset: int = 0, round: int | None = None,
          player: str | None = None, kind: str | None = Query(None, max_length=40)):
    """Newest first, ``limit`` a page (50 unless asked, at most MAX_PAGE) from ``offset``; ``more``
    says whether another page follows. ``round``, ``kind`` (of round) and ``player`` filter."""
    if not 1 <= limit <= MAX_PAGE or not 0 <= offset <= 2 ** 62 or round is not None and not 1 <= round <= 2 ** 62:
        raise Refusal(400, f"limit is 1 to {MAX_PAGE}, offset at least 0 and round an id")
    store = site_of(request).store
    user_id = account_named(store, player).id if player else None
    found = store.game_lines(round_id=round, user_id=user_id, kind=kind or None, limit=limit + 1, offset=offset)
    return _json({"games": api_game_views(store, found[:limit]), "limit": limit, "offset": offset,
                  "more": len(found) > limit})


@router.get("/games/{game_id}")
def game(request: Request, game_id: Id):
    store = site_of(request).store
    found = store.game(game_id)
    if found is None:
        raise Refusal(404, f"there is no game {game_id}")
    return _json(api_game_views(store, [GameLine.of(found)])[0])


@router.get("/games/{game_id}/record")
def record(request: Request, game_id: Id):
    """The game's public record (privacy.py: no stderr, no server folders), as a round's download has it."""
    game = played_game(request, game_id)
    return _json(downloadable_record(game.played_record(), game.players, game.submissions))


@router.get("/games/{game_id}/stderr/{seat}")
def stderr(request: Request, game_id: Id, seat: Seat):
    user = api_user(request, changes=False)
    return PlainTextResponse(seat_stderr(request, game_id, seat, user))


@router.get("/games/{game_id}/replay/svg/{ply}")
def board(request: Request, game_id: Id, ply: Ply, hint: str | None = Query(None, max_length=200)):
    """The board after ``ply`` moves; ``hint``: a move drawn as the best one (the analysis's)."""
    replay = game_replay(request, played_game(request, game_id))
    try:
        svg = replay.svg(ply, hint)
    except LookupError as error:
        raise Refusal(404, str(error)) from None
    except MoveError as error:
        raise Refusal(400, str(error)) from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=600"})
