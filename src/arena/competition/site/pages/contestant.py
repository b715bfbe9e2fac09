"""A contestant's pages: submit a program, their submissions (build log, admission report, games,
stderr) and unrated games against a chosen opponent."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..site_state import site_of
from ...privacy import may_read_submission
from ..api.bodies import form_data, text_field
from ..security.csrf import check_csrf
from ..games_access import seat_stderr
from ..ids import Id, Seat
from ..language_choice import descriptions
from ..security.body_limits import UPLOAD_LIMIT
from .render import page_user, redirect, render
from ..refusal import Refusal
from ..uploads import submissions_open, take_upload
from ...rounds.stage import OVER, competition_state, refuse_once_over
from ...play.benching import bench_reason
from ..views import game_views, submission_view
from ..api.clarifications import MAX_TEXT, ask, readable_clarifications
from ..progress import progress
from .place_chart import place_chart
from .ranking_rule import ranking_columns
from ....games import get_game

router = APIRouter()


@router.get("/submit")
def submit_form(request: Request):
    user = page_user(request)
    try:  # said before anyone picks a file: the upload would be refused for the same reason
        submissions_open(request, user)
        closed = None
    except Refusal as refusal:
        closed = refusal.message
    return render(request, "submit.html", languages=descriptions(site_of(request).folder), error=None,
                  upload_limit_kb=UPLOAD_LIMIT // 1024, closed=closed)


@router.post("/submit")
async def submit(request: Request):
    user = page_user(request)
    form = await form_data(request)
    check_csrf(request, form)
    try:
        submission_id = await take_upload(request, user, form.get("file"),
                                          text_field(form, "language", required=False, limit=40) or None)
    except Refusal as refusal:
        return render(request, "submit.html", status=refusal.status, error=refusal.message, closed=None,
                      languages=descriptions(site_of(request).folder), upload_limit_kb=UPLOAD_LIMIT // 1024)
    return redirect(request, f"/submissions/{submission_id}")


@router.get("/my")
def my_submissions(request: Request):
    user = page_user(request)
    site = site_of(request)
    store = site.store
    opponents = [entrant.user_name for entrant in store.entrants() if entrant.user_id != user.id
                 and competition_state(store) != OVER]
    places = progress(store, site.kept, user)
    # the chart: their own line alone, over the test rounds (the final is in the table)
    chart = place_chart([(line["number"], [{"name": user.name, "rank": line["rank"]}])
                         for line in places if line["number"] is not None])
    over = competition_state(store) == OVER  # nothing offered that would be refused: no games, no uploads
    mine = [{**submission_view(s), "bench": bench_reason(store, s.id) if s.benched else None}
            for s in store.submissions(user_id=user.id)]
    figures = [c for c in ranking_columns(get_game(store.competition().game).ranking) if c["deciding"]]
    return render(request, "my.html", submissions=mine, over=over, figures=figures,
                  games=game_views(store, store.game_lines(user_id=user.id, limit=50)), opponents=opponents,
                  clarifications=[c for c in readable_clarifications(request, user) if c["mine"]],
                  max_question=MAX_TEXT, progress=places, chart=chart)


@router.post("/clarify")
async def clarify(request: Request):
    """The /my page's question to the organisers (the API's rules: its length, five an hour)."""
    user = page_user(request)
    form = await form_data(request)
    check_csrf(request, form)
    ask(request, user, text_field(form, "text", limit=MAX_TEXT + 100))
    back = "/clarifications" if form.get("back") == "/clarifications" else "/my#clarifications"
    return redirect(request, back)


@router.get("/submissions/{submission_id}")
def submission(request: Request, submission_id: Id):
    user = page_user(request)
    store = site_of(request).store
    found = store.submission(submission_id)
    if found is None or not may_read_submission(user, found):
        raise Refusal(404, f"you have no submission {submission_id}")
    games = game_views(store, [g for g in store.game_lines(user_id=found.user_id, limit=200)
                               if submission_id in g.submissions])
    return render(request, "submission.html", submission=submission_view(found, reader=user), games=games)


@router.get("/games/{game_id}/stderr/{seat}")
def stderr(request: Request, game_id: Id, seat: Seat):
    """A seat's stderr is shown inside its game's page (to whom may read it): this address, which
    older links use, leads there once the reader is checked (401, 403, 404 as before)."""
    seat_stderr(request, game_id, seat, page_user(request))
    return redirect(request, f"/games/{game_id}#stderr{seat}")


@router.post("/unrated")
async def unrated(request: Request):
    user = page_user(request)
    form = await form_data(request)
    check_csrf(request, form)
    refuse_once_over(site_of(request).store)
    opponent = site_of(request).store.user_named(text_field(form, "opponent", limit=100))
    if opponent is None or opponent.id == user.id:
        raise Refusal(400, "choose another account's program as the opponent")
    await run_in_threadpool(site_of(request).conductor.request_unrated, user.id, opponent.id)
    return redirect(request, "/my")
