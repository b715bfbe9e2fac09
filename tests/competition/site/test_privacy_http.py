"""Who may read what, through the real site: each role against each private thing, over the API and
the pages. The same matrix as tests/competition/test_privacy.py (which asks privacy.py directly),
here as status codes and page text, so a route that stops asking privacy.py is noticed too."""

from __future__ import annotations

import pytest

ROLES = ("anonymous", "author", "another contestant", "organiser")
ACCOUNTS = {"anonymous": None, "author": "alice", "another contestant": "bob", "organiser": "org"}

# thing -> the status each role gets (anonymous, author, another contestant, organiser)
API_STATUS = {
    "stderr": (401, 200, 403, 200),  # GET /api/games/G/stderr/SEAT, SEAT being alice's
    "source": (401, 200, 404, 200),  # GET /api/submissions/S/source
    "submission": (401, 200, 404, 200),  # GET /api/submissions/S (its build log and admission report)
    "record": (200, 200, 200, 200),  # GET /api/games/G/record: the public record
}
PAGE_STATUS = {
    "stderr": (401, 200, 403, 200),  # GET /games/G/stderr/SEAT
    "submission": (401, 200, 404, 200),  # GET /submissions/S: the build log and admission report
    "replay": (200, 200, 200, 200),  # GET /games/G: everyone, the stderr only to whom may read it
}
SEES_PRIVATE = {"anonymous": False, "author": True, "another contestant": False, "organiser": True}


@pytest.fixture
def played(competition, http):
    """alice's and bob's programs admitted and a round played: (alice's submission, a game, alice's seat)."""
    ids = {}
    for name in ("alice", "bob"):
        answer = http(name).upload("/api/submissions", "bot.py", b"print('a bot')\n")
        assert answer.status == 200, answer.text
        ids[name] = answer.json()["id"]
    assert http("org").post_json("/api/rounds", {}).status == 200
    game = competition.store.games()[0]
    return ids["alice"], game.id, game.players.index("alice")


def api_client(http, role):
    return http(ACCOUNTS[role]) if ACCOUNTS[role] else http()


def page_client(http, role):
    return http().page_login(ACCOUNTS[role]) if ACCOUNTS[role] else http()


@pytest.mark.parametrize("thing", sorted(API_STATUS))
def test_the_api_gives_each_role_what_privacy_allows(played, http, thing):
    submission, game, seat = played
    path = {"stderr": f"/api/games/{game}/stderr/{seat}", "source": f"/api/submissions/{submission}/source",
            "submission": f"/api/submissions/{submission}", "record": f"/api/games/{game}/record"}[thing]
    for role, status in zip(ROLES, API_STATUS[thing]):
        answer = api_client(http, role).get(path)
        assert answer.status == status, (thing, role, answer.text)
        if status != 200:
            continue
        if thing == "stderr":
            assert answer.text == f"stderr of seat {seat} in game {game}"
        elif thing == "source":
            assert answer.body == b"print('a bot')\n"
        elif thing == "submission":
            body = answer.json()
            assert body["build_log"] == "compiled (fake build)" and "clean" in body["admission"], role
        else:
            record = answer.json()
            assert "stderr" not in record and record["moves"], role


@pytest.mark.parametrize("thing", sorted(PAGE_STATUS))
def test_the_pages_give_each_role_what_privacy_allows(played, http, thing):
    submission, game, seat = played
    path = {"stderr": f"/games/{game}/stderr/{seat}", "submission": f"/submissions/{submission}",
            "replay": f"/games/{game}"}[thing]
    for role, status in zip(ROLES, PAGE_STATUS[thing]):
        answer = page_client(http, role).get(path)
        assert answer.status == status, (thing, role, answer.text[:300])
        if thing == "stderr" and status == 200:  # inside the game's page
            assert f'id="stderr{seat}">stderr of seat {seat} in game {game}</pre>' in answer.text
        elif thing == "submission" and status == 200:
            assert "compiled (fake build)" in answer.text and "clean in both seats" in answer.text
        elif thing == "replay":
            # alice's seat's stderr shown to whom may read it; the other seat's to bob (its author) and the organiser
            shown = [f"stderr of seat {s} in game {game}" in answer.text for s in (seat, 1 - seat)]
            assert shown == [SEES_PRIVATE[role], role in ("another contestant", "organiser")], role
            assert ("its author and the organisers only" in answer.text) == (role != "organiser"), role
        if status != 200:
            assert "compiled (fake build)" not in answer.text and "stderr of seat" not in answer.text
