"""The organiser's page: accounts (disabled and enabled again), submissions, rounds, built-in players
(entered, withdrawn, restored), announcements, invitation code, deadline, freezing and the final;
each action a form with its CSRF token, and the page it leads back to says what was done."""

from __future__ import annotations

import calendar
import time
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ....games import get_game
from ...rounds.final import final_rounds, refuse_after_final_began
from ...rounds.ranking import final_finished
from ...rounds.stage import OVER, competition_state, refuse_once_over
from ..api.announcements import announce, announcement_views, withdraw_announcement
from ..api.organiser import check_bot, final_choices
from ..api.password_reset import NOT_STORED, reset_password
from ..final_estimate import final_estimates
from ..api.voids import MAX_REASON, void
from ..api.clarifications import MAX_TEXT, answer, every_clarification
from ..api.similar_sources import pair_views
from ...build.upload_checks import is_archive
from ...similarity import shared_passages, starter_source
from ..ids import Id
from ..api.set_aside import set_account_disabled, set_builtin_withdrawn
from ..api.disqualification import MAX_REASON as MAX_DISQUALIFY_REASON, set_account_disqualified
from ..site_state import site_of
from ..api.bodies import form_data, text_field
from ..security.csrf import check_csrf
from .render import page_organiser, redirect, render
from ..refusal import Refusal
from ..views import round_views, submission_view

router = APIRouter()


CONFIRMATIONS = {
    "round": "A test round has started: it is listed under Rounds.",
    "final": "The final has begun, and submissions are frozen.",
    "builtin": "The built-in player {name} is entered: it plays the next rounds.",
    "frozen": "Submissions are frozen.",
    "unfrozen": "Submissions are open again.",
    "invitation": "The invitation code is set: anyone who has it may register.",
    "no-invitation": "Self-registration is closed (no invitation code).",
    "deadline": "The deadline is set.",
    "no-deadline": "There is no deadline now.",
    "disabled": "{name}'s account is disabled: it can neither log in nor submit, and its program plays "
                "no new rounds. Its games stay, and so do the rankings they made.",
    "enabled": "{name}'s account is enabled again: it may log in, and its program plays the next rounds.",
    "withdrawn": "{name} is withdrawn: it plays no new rounds. Its games stay.",
    "restored": "{name} is restored: it plays the next rounds.",
    "disqualified": "{name} is disqualified: out of every ranking, cross table and podium, each recomputed from "
                    "the games among the others; its games stay, marked.",
    "reinstated": "{name} is no longer disqualified: every ranking counts its games again.",
    "announced": "The announcement is on the home page.",
    "answered": "The clarification is answered.",
    "voided": "The game is void: its replay (same seats, same seed) is in its round, which plays again.",
    "unannounced": "The announcement is taken off the home page.",
}
"""What the page says after each action (``?done=KEY&name=ACCOUNT``); an unknown key says nothing."""


def _confirmation(store, done: str | None, name: str | None) -> str | None:
    message = CONFIRMATIONS.get(done or "")
    if message is None:
        return None
    account = store.user_named(name) if name else None  # only an account's own name goes into the words
    return message.format(name=account.name if account else "the account")


@router.get("/organiser")
def organiser_page(request: Request, done: str | None = None, name: str | None = None):
    page_organiser(request)
    return _console(request, _confirmation(site_of(request).store, done, name))


def _console(request: Request, confirmation: str | None, new_password: dict | None = None):
    """The organiser's page; ``new_password``: a password just reset (``name``, ``password``), shown
    in this answer only."""
    user = page_organiser(request)
    site = site_of(request)
    store = site.store
    try:
        status = site.conductor.status()
    except Exception as error:  # the page still shows the rest
        status = {"error": f"the conductor could not say ({type(error).__name__})"}
    users = store.users()
    builtin_ids = {u.id for u in users if u.role == "builtin"}
    entrants = store.entrants()
    contestants = sum(1 for s in entrants if s.user_id not in builtin_ids)
    return render(request, "organiser.html", users=[u for u in users if u.role != "builtin"],
                  disqualified=store.disqualifications(),
                  builtins=[u for u in users if u.role == "builtin"],
                  submissions=[submission_view(s) for s in store.submissions()[:200]],
                  rounds=round_views(store, store.rounds()[:50]), announcements=announcement_views(request),
                  bots=list(get_game(store.competition().game).bots), conductor_status=status,
                  final_begun=bool(final_rounds(store)), final_finished=final_finished(store),
                  over=competition_state(store) == OVER,
                  confirmation=confirmation, new_password=new_password, finalists=contestants,
                  clarifications=every_clarification(request, user), max_answer=MAX_TEXT,
                  similar=pair_views(request)[:SIMILAR_SHOWN],
                  builtin_entrants=len(entrants) - contestants,
                  estimates=final_estimates(store, contestants, len(entrants)))


SIMILAR_SHOWN = 20


@router.get("/organiser/similarity/{first}/{second}")
def side_by_side(request: Request, first: Id, second: Id):
    """Two submissions' sources side by side (the console's pairs link here), escaped as text."""
    page_organiser(request)
    site = site_of(request)
    found, texts = [], []
    for submission_id in (first, second):
        submission = site.store.submission(submission_id)
        if submission is None:
            raise Refusal(404, f"there is no submission {submission_id}")
        path = site.folder.upload(submission_id) / submission.filename
        found.append(submission)
        texts.append(path.read_bytes().decode("utf-8", errors="replace") if path.is_file() and
                     not is_archive(submission.filename) else "(no uploaded source file)")
    language = found[0].language if found[0].language == found[1].language else ""
    pieces = shared_passages(texts[0], texts[1], language,
                             starter_source(site.store.competition().game, language) if language else None)
    pair = next((p for p in pair_views(request) if (p["a"], p["b"]) in ((first, second), (second, first))), None)
    return render(request, "side_by_side.html", pair=pair,
                  shown=[{"submission": submission_view(s), "pieces": p} for s, p in zip(found, pieces)])


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
    done, name = action, None
    if action == "round":
        refuse_after_final_began(site.store)  # 409: the error page says so, with a way back
        await run_in_threadpool(site.conductor.start_round, kind="test", started_by=user.id)
    elif action == "final":
        if form.get("confirm") != "yes":  # the final cannot be taken back: not on one stray click
            raise Refusal(400, "tick the box to confirm the final")
        choices = final_choices(form.get("builtins") == "yes",
                                _whole_number(text_field(form, "games_per_pair", required=False, limit=10),
                                              "games per pair"),
                                _whole_number(text_field(form, "swiss_rounds", required=False, limit=10),
                                              "Swiss rounds"))
        await run_in_threadpool(site.conductor.start_final, **choices)
    elif action == "builtin":
        refuse_once_over(site.store)
        bot = check_bot(request, text_field(form, "bot", limit=60))
        await run_in_threadpool(site.conductor.add_builtin, bot)
        name = f"builtin-{bot}"
    elif action == "freeze":
        refuse_once_over(site.store)
        frozen = text_field(form, "frozen", limit=5) == "yes"
        site.store.set_frozen(frozen)
        done = "frozen" if frozen else "unfrozen"
    elif action == "invitation":
        code = text_field(form, "code", required=False, limit=200).strip()
        if code and len(code) < 4:
            raise Refusal(400, "an invitation code is at least 4 characters (empty: no self-registration)")
        site.store.set_invitation(code or None)
        done = "invitation" if code else "no-invitation"
    elif action == "deadline":
        deadline = _deadline(text_field(form, "deadline", required=False, limit=40))
        site.store.set_deadline(deadline)
        done = "deadline" if deadline is not None else "no-deadline"
    elif action in ("disable", "enable"):
        if action == "disable" and form.get("confirm") != "yes":  # it shuts a contestant out at once
            raise Refusal(400, "tick the box to confirm disabling the account")
        name = set_account_disabled(request, text_field(form, "name", limit=100), action == "disable").name
        done = f"{action}d"
    elif action in ("disqualify", "reinstate"):
        if action == "disqualify" and form.get("confirm") != "yes":  # it rewrites every ranking
            raise Refusal(400, "tick the box to confirm the disqualification")
        reason = text_field(form, "reason", required=action == "disqualify", limit=MAX_DISQUALIFY_REASON)
        name = set_account_disqualified(request, text_field(form, "name", limit=100), action == "disqualify",
                                        reason, by=user).name
        done = "disqualified" if action == "disqualify" else "reinstated"
    elif action == "password":
        if form.get("confirm") != "yes":  # it logs the contestant out everywhere
            raise Refusal(400, "tick the box to confirm resetting the password")
        account, password = await run_in_threadpool(reset_password, request, text_field(form, "name", limit=100))
        # shown in this answer, never through a redirect's URL (kept in the history and the logs)
        page = _console(request, f"{account.name}'s password is reset: their sessions and tokens have ended.",
                        {"name": account.name, "password": password})
        page.headers.update(NOT_STORED)
        return page
    elif action in ("withdraw", "restore"):
        account = set_builtin_withdrawn(request, text_field(form, "bot", limit=60), action == "withdraw")
        name, done = account.name, "withdrawn" if action == "withdraw" else "restored"
    elif action == "void":
        game_id = _announcement_id(text_field(form, "game", limit=20), "a game")
        await void(request, user, game_id, text_field(form, "reason", limit=MAX_REASON))
        done = "voided"
    elif action == "answer":
        answer(request, user, _announcement_id(text_field(form, "id", limit=20), "a clarification"),
               text_field(form, "answer", limit=MAX_TEXT + 100), form.get("public") == "yes")
        done = "answered"
    elif action == "announce":
        announce(request, text_field(form, "text", limit=4000), user.id)
        done = "announced"
    elif action == "unannounce":
        withdraw_announcement(request, _announcement_id(text_field(form, "id", limit=20)))
        done = "unannounced"
    else:
        raise Refusal(404, f"the organiser has no action {action[:40]!r}")
    return redirect(request, "/organiser?" + urlencode({"done": done, **({"name": name} if name else {})}))


def _whole_number(text: str, what: str) -> int | None:
    """A form's number box: None when left empty, 400 naming the box for anything but digits."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise Refusal(400, f"{what} is a whole number, got {text[:20]!r}")
    return int(text)


def _announcement_id(text: str, what: str = "an announcement") -> int:
    if not text.isdigit() or not 1 <= int(text) <= 2 ** 62:
        raise Refusal(400, f"{what}'s id is a number, got {text[:20]!r}")
    return int(text)
