"""The public pages: the competition's home, the ranking, the games and their replays."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ....games import get_game
from ...rounds.final import is_final
from ...rounds.ranking import ranking_rows
from ..state import site_of
from ..game_analysis import page_analysis
from ..security.auth import session_user
from ..security.csrf import csrf_token
from ..games_access import account_named, game_replay, played_game, readable_seats
from ..ids import Id
from ..language_choice import descriptions
from .render import render
from ..refusal import Refusal
from .rules import rules_html
from ..views import game_view

router = APIRouter()
GAMES_PAGE = 100


@router.get("/")
def home(request: Request):
    game = get_game(site_of(request).store.competition().game)
    return render(request, "home.html", game=game, rules=rules_html(game.name),
                  languages=descriptions(site_of(request).folder))


@router.get("/ranking")
def ranking(request: Request, kind: str | None = None):
    """Every rated game's ranking, or one kind of round's (``?kind=final``)."""
    store = site_of(request).store
    kind = kind or None
    return render(request, "ranking.html", rows=ranking_rows(store, kind=kind), kind=kind,
                  has_final=any(is_final(r.kind) for r in store.rounds()),
                  ranking=get_game(store.competition().game).ranking)


@router.get("/games")
def games(request: Request, page: int = 0, player: str | None = None):
    if not 0 <= page <= 10 ** 9:
        raise Refusal(400, "page is a number from 0")
    store = site_of(request).store
    user_id = account_named(store, player).id if player else None
    found = store.games(user_id=user_id, limit=GAMES_PAGE + 1, offset=page * GAMES_PAGE)
    return render(request, "games.html", games=[game_view(g) for g in found[:GAMES_PAGE]], page=page,
                  more=len(found) > GAMES_PAGE, player=player or "",
                  seats=list(get_game(store.competition().game).seats))


@router.get("/games/{game_id}")
def replay(request: Request, game_id: Id):
    game = played_game(request, game_id)
    view = game_replay(request, game).page_view(f"/api/games/{game_id}/replay/svg")
    readable = readable_seats(request, game, session_user(request))
    stderr = [site_of(request).store.stderr(game_id, seat) or "" if seat in readable
              else "(a program's stderr is shown to its author and the organisers only)" for seat in (0, 1)]
    # the viewer's replay page, with the account names and only the stderr this visitor may read
    view = {**view, "players": list(game.players), "commands": [None, None], "stderr": stderr}
    heading = f"Game {game.id}, round {game.round_id}: {' vs '.join(game.players)}"
    analysis = page_analysis(site_of(request), game, session_user(request), csrf_token(request))
    view = {**view, "analysis": analysis["doc"], "analysis_url": analysis["url"],
            "analysis_body": analysis["post_body"]}
    return render(request, "replay.html", view=view, analysis=analysis, heading=heading, back="/games")
