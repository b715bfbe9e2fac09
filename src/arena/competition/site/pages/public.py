"""The public pages: the competition's home, the rankings, the rounds, the games and their replays."""

from __future__ import annotations

from fastapi import APIRouter, Request
from markupsafe import Markup

from ....games import get_game
from ....web_common.replay_analysis import AnalysedReplayView
from ...rounds.ranking import FINAL, TEST, competitions, is_ranked
from ...play.benching import ENDS, sat_out
from ...rounds.stage import OVER, competition_state
from ..api.announcements import announcement_views
from ..api.clarifications import MAX_TEXT, readable_clarifications
from ..coming_up import coming_up
from ..site_state import site_of
from ..analysis_routes import page_analysis
from ..security.auth import session_user
from ..security.csrf import csrf_token
from ..games_access import account_named, game_replay, played_game, readable_seats
from ..ids import Id
from ..language_choice import descriptions
from .formatting import log_text
from .render import render
from ..refusal import Refusal
from .place_chart import MAX_ROUNDS, place_chart
from .ranking_rule import figures_said, neighbour_notes, ranking_columns, ranking_rule_words
from .rules import rules_html
from ...rounds.numbering import round_label, round_labels
from ..views import game_views, round_views

router = APIRouter()
GAMES_PAGE = 100


@router.get("/")
def home(request: Request):
    site = site_of(request)
    store = site.store
    game = get_game(store.competition().game)
    state = competition_state(store)
    podium = []
    if state == OVER:  # the top three (more when tied), with their points: the competition's result
        final = site.kept.ranking(store, final=True)
        assert final is not None  # the competition is over: its final has finished
        podium = [{**row, "figures": figures_said(game.ranking, row)} for row in final["rows"] if row["rank"] <= 3]
    return render(request, "home.html", game=game, state=state, podium=podium,
                  clarifications=readable_clarifications(request, None),
                  languages=descriptions(site.folder), announcements=announcement_views(request),
                  next=coming_up(site))


@router.get("/clarifications")
def clarifications(request: Request):
    """Public answers for anyone, the asking form for a contestant, their own questions; organisers
    are told how many wait for an answer."""
    user = session_user(request)
    readable = readable_clarifications(request, user)
    waiting = site_of(request).store.unanswered_count() if user is not None and user.is_organiser else 0
    return render(request, "clarifications.html", public=[c for c in readable if c["public"] and c["answer"]],
                  mine=[c for c in readable if c["mine"]], waiting=waiting, max_question=MAX_TEXT)


@router.get("/rules")
def rules(request: Request):
    """The competition's rules page, public: what the programs are sent and must answer."""
    game = get_game(site_of(request).store.competition().game)
    return render(request, "rules.html", game=game, rules=rules_html(game.name))


def _ranking_or_entrants(store, answer):
    if answer is not None:
        return answer
    names = sorted(entrant.user_name for entrant in store.entrants())
    rows = [{"rank": 1, "name": n, "games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0,
             "irregular_losses": 0} for n in names]
    return {"round": None, "kind": None, "status": None, "live": False, "rows": rows}


@router.get("/ranking")
def ranking(request: Request, round: int | None = None, kind: str | None = None):
    """The latest finished competition's ranking (the final once it has finished), or one round's
    (``?round=ID``), or the final's (``?kind=final``); with links to every other competition."""
    site = site_of(request)
    store = site.store
    if round is not None:
        found = store.round(round) if 1 <= round <= 2 ** 62 else None
        if found is None or not is_ranked(found.kind):
            raise Refusal(404, f"round {round} has no ranking: only test rounds and the final's rounds have one")
        shown = site.kept.ranking(store, found)
    elif kind not in (None, "", FINAL):
        raise Refusal(400, "kind is final (or leave it out for the latest finished competition)")
    else:
        shown = site.kept.ranking(store, final=kind == FINAL)
        if kind == FINAL and shown is None:
            raise Refusal(404, "the final has not begun")
    shown = _ranking_or_entrants(store, shown)
    # the finished test rounds' rankings, oldest first (each computed once: site.kept)
    tests = sorted((r for r in store.rounds("finished") if r.kind == TEST), key=lambda r: r.id)
    labels = round_labels(store)  # the axis says test rounds as contestants do: 1, 2, 3
    shown_tests = tests[-MAX_ROUNDS:]
    chart = place_chart([(number, site.kept.rows(store, r)) for r in shown_tests
                         if (number := labels[r.id].number) is not None],  # a test round always has its number
                        {number: [line["name"] for line in sat_out(store, r)] for r in shown_tests
                         if (number := labels[r.id].number) is not None})
    rule = get_game(store.competition().game).ranking
    return render(request, "ranking.html", shown=shown, rows=shown["rows"], competitions=competitions(store),
                  rule=ranking_rule_words(rule), chart=chart, columns=ranking_columns(rule),
                  notes=neighbour_notes(rule, shown["rows"]))


@router.get("/rounds")
def rounds(request: Request):
    """Every round: its kind, when it ran, its games played."""
    store = site_of(request).store
    return render(request, "rounds.html", rounds=round_views(store, store.rounds()))


@router.get("/rounds/{round_id}")
def round_page(request: Request, round_id: Id):
    """A round: its ranking and cross table (a test round, a round of the final), its games, its download."""
    site = site_of(request)
    store = site.store
    found = store.round(round_id)
    if found is None:
        raise Refusal(404, f"there is no round {round_id}")
    # its newest games (all of them: /games?round=ID, a page at a time)
    games = game_views(store, store.game_lines(round_id=round_id, played_only=False, limit=GAMES_PAGE + 1))
    detail = site.kept.round(store, found)
    rule = get_game(store.competition().game).ranking
    rows = detail.get("ranking", {}).get("rows", [])
    results = site.kept.fragment(store, ("round", found.id, found.finished), found.status == "finished",
                                 lambda: site.render("_round_results.html", round=detail, columns=ranking_columns(rule),
                                                     notes=neighbour_notes(rule, rows)))
    return render(request, "round.html", round=detail, results=Markup(results), games=games[:GAMES_PAGE],
                  sat_out=sat_out(store, found), bench_ends=ENDS,
                  rule=ranking_rule_words(rule),
                  more_games=len(games) > GAMES_PAGE, seats=list(get_game(store.competition().game).seats))


@router.get("/games")
def games(request: Request, page: int = 0, player: str | None = None, round: int | None = None):
    if not 0 <= page <= 10 ** 9 or round is not None and not 1 <= round <= 2 ** 62:
        raise Refusal(400, "page is a number from 0, round an id")
    store = site_of(request).store
    user_id = account_named(store, player).id if player else None
    found = store.game_lines(user_id=user_id, round_id=round, limit=GAMES_PAGE + 1, offset=page * GAMES_PAGE)
    return render(request, "games.html", games=game_views(store, found[:GAMES_PAGE]), page=page,
                  more=len(found) > GAMES_PAGE, player=player or "", round=round,
                  seats=list(get_game(store.competition().game).seats))


@router.get("/games/{game_id}")
def replay(request: Request, game_id: Id):
    game = played_game(request, game_id)
    view = game_replay(request, game).page_view(f"/api/games/{game_id}/replay/svg")
    readable = readable_seats(request, game, session_user(request))
    stderr = [log_text(site_of(request).store.stderr(game_id, seat)) if seat in readable
              else "(a program's stderr is shown to its author and the organisers only)" for seat in (0, 1)]
    # the viewer's replay page, with the account names and only the stderr this visitor may read
    view = {**view, "players": list(game.players), "commands": [None, None], "stderr": stderr}
    store = site_of(request).store
    heading = f"Game {game.id}, {round_label(store, game.round_id).title}: {' vs '.join(game.players)}"
    voided = store.voids([game.id]).get(game.id)
    if voided is not None:  # said in the heading: this game ranks nowhere
        heading += f" (void: {voided.reason}; replayed as game {voided.replay})"
    analysis = page_analysis(site_of(request), game, session_user(request), csrf_token(request))
    shown: AnalysedReplayView = {**view, "analysis": analysis["doc"], "analysis_url": analysis["url"],
                                 "analysis_body": analysis["post_body"]}
    return render(request, "replay.html", view=shown, analysis=analysis, heading=heading, back="/games",
                  record_url=f"/api/games/{game_id}/record", record_name=f"game-{game_id}.json")
