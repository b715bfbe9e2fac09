"""A browser game is played only by the visitor who started it; anyone who knows its id may watch it.
Its id is an unguessable token, so knowing one game's id tells nothing of another's."""

import json
import os
import re

from arena.games.flippo.rules import ROWS
from arena.games.flippo.svg import CELL, MARGIN
from arena.viewer.play_manager import new_game_id

from .test_play import wait_for

SOMEONE_ELSES = "this game is someone else's: you may watch it, not play it"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # 16 random bytes, URL-safe


def start_flippo(visitor, server) -> str:
    """The url of a new Flippo game in which the visitor moves first."""
    started = visitor.fetch_json(f"{server.url}/api/play", {"game": "flippo", "opponent": "builtin:random",
                                                            "seat": 0, "seed": 5})
    return f"{server.url}/api/play/{started['id']}"


def centre_of(square: str) -> dict:
    """Where a click on Flippo's drawing lands on the square (in the drawing's coordinates)."""
    row, column = ROWS.index(square[0]), int(square[1:]) - 1
    return {"x": MARGIN + column * CELL + CELL / 2, "y": MARGIN + row * CELL + CELL / 2}


def test_another_visitor_may_watch_but_not_move_click_or_resign(server, visitor, new_visitor):
    url = start_flippo(visitor, server)
    view = wait_for(visitor.fetch_json, url, {"your move"})
    stranger = new_visitor()
    strangers = start_flippo(stranger, server)  # a visitor with a cookie of its own, and a game of its own
    cookieless = new_visitor()  # sends no cookie at all
    legal = view["legal"][0]
    for someone in (stranger, cookieless):
        for action, body in (("move", {"text": legal}), ("click", centre_of(legal)), ("resign", {})):
            status, answer = someone.fetch(f"{url}/{action}", body)
            assert (status, json.loads(answer)) == (403, {"error": SOMEONE_ELSES}), (action, answer)
    # nothing changed: no move, and not over (waiting up to 2 s for anything newer than the view)
    watched = stranger.fetch_json(f"{url}?after={view['version']}")
    assert watched["status"] == "your move" and watched["moves"] == view["moves"]
    status, page = stranger.fetch(url.replace("/api/play/", "/play/"))  # the page is there to watch
    assert status == 200
    # the starter still plays: a click, a typed move, then a resignation
    assert visitor.fetch_json(f"{url}/click", centre_of(legal)) == {"accepted": True, "move": legal,
                                                                     "refusal": None}
    view = wait_for(visitor.fetch_json, url, {"your move"}, view["version"])
    assert (view["moves"][0]["seat"], view["moves"][0]["text"]) == (0, legal)
    assert visitor.fetch_json(f"{url}/move", {"text": view["legal"][0]})["accepted"]
    visitor.fetch_json(f"{url}/resign", {})
    over = wait_for(visitor.fetch_json, url, {"over"}, view["version"])
    assert over["result"]["verdicts"][0] == "exit" and "resigned" in over["result"]["faults"][0]
    # and the stranger's own game is the stranger's to end, not the starter's
    wait_for(stranger.fetch_json, strangers, {"your move"})  # a resignation before the seat exists is lost
    assert visitor.fetch(f"{strangers}/resign", {})[0] == 403
    assert stranger.fetch_json(f"{strangers}/resign", {}) == {"resigned": True}
    wait_for(stranger.fetch_json, strangers, {"over"})


def test_game_ids_are_unguessable_tokens(server, visitor, new_visitor):
    players = [visitor, new_visitor()]
    urls = [start_flippo(player, server) for player in players]
    ids = [url.rsplit("/", 1)[1] for url in urls]
    assert all(TOKEN.fullmatch(game_id) for game_id in ids), ids
    assert len(os.path.commonprefix(ids)) < 4, ids  # no counter: 4 shared characters by chance is 1 in 64**4
    for player, url in zip(players, urls):
        wait_for(player.fetch_json, url, {"your move"})
        player.fetch_json(f"{url}/resign", {})
        wait_for(player.fetch_json, url, {"over"})
    many = [new_game_id() for _ in range(2000)]
    assert len(set(many)) == len(many) and all(TOKEN.fullmatch(game_id) for game_id in many)
    assert len({game_id[0] for game_id in many}) == 64  # every first character turns up: nothing fixed there
