"""The organiser's page: accounts, submissions, rounds, built-in players, invitation code, deadline,
freezing and the final; each action a form with its CSRF token."""

from __future__ import annotations

import calendar
import time

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ....games import get_game
from ...rounds.final import final_rounds, refuse_after_final_began
from ...rounds.ranking import final_finished
from ..api.organiser import check_bot
from ..site import site_of
from ..api.bodies import form_data, text_field
from ..security.csrf import check_csrf
from .render import page_organiser, redirect, render
from ..refusal import Refusal
from ..views import round_views, submission_view

router = APIRouter()


@router.get("/organiser")
def organiser_page(request: Request):
    page_organiser(request)
    site = site_of(request)
    store = site.store
    try:
        status = site.conductor.status()
    except Exception as error:  # the page still shows the rest
        status = {"error": f"the conductor could not say ({type(error).__name__})"}
    return render(request, "organiser.html", users=store.users(),
                  submissions=[submission_view(s) for s in store.submissions()[:200]],
                  rounds=round_views(store, store.rounds()[:50]),
                  bots=list(get_game(store.competition().game).bots), conductor_status=status,
                  final_begun=bool(final_rounds(store)), final_finished=final_finished(store))


def _deadline(text: str) -> float | None:
    text = text.strip().removesuffix("UTC").strip()
    if not text:
        return None
    for layout in ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"):  # the page shows the second form
        try:
            return float(calendar.timegm(time.strptime(text, layout)))
        except ValueError:
            pass
    raise Refusal(400, f"write the deadline as YYYY-MM-DD HH:MM (UTC), got {text[:40]!r}")


@router.post("/organiser/{action}")
async def organiser_action(request: Request, action: str):
    user = page_organiser(request)
    form = await form_data(request)
    check_csrf(request, form)
    site = site_of(request)
    if action == "round":
        refuse_after_final_began(site.store)  # 409: the error page says so, with a way back
        await run_in_threadpool(site.conductor.start_round, kind="test", started_by=user.id)
    elif action == "final":
        if form.get("confirm") != "yes":  # the final cannot be taken back: not on one stray click
            raise Refusal(400, "tick the box to confirm the final")
        await run_in_threadpool(site.conductor.start_final)
    elif action == "builtin":
        await run_in_threadpool(site.conductor.add_builtin, check_bot(request, text_field(form, "bot", limit=60)))
    elif action == "freeze":
        site.store.set_frozen(text_field(form, "frozen", limit=5) == "yes")
    elif action == "invitation":
        code = text_field(form, "code", required=False, limit=200).strip()
        if code and len(code) < 4:
            raise Refusal(400, "an invitation code is at least 4 characters (empty: no self-registration)")
        site.store.set_invitation(code or None)
    elif action == "deadline":
        site.store.set_deadline(_deadline(text_field(form, "deadline", required=False, limit=40)))
    else:
        raise Refusal(404, f"the organiser has no action {action[:40]!r}")
    return redirect(request, "/organiser")
