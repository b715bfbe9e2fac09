"""privacy.py, the one place that decides who may read what: each role against each private thing
(the same matrix goes through the real site in site/test_privacy_http.py), the public record,
and a build's report as its author reads it."""

from __future__ import annotations

import pytest

from arena.competition import privacy
from arena.competition.store.rows import Submission, User

ALICE = User(1, "alice", None, "contestant", 0.0)
BOB = User(2, "bob", None, "contestant", 0.0)
ORG = User(3, "org", None, "organiser", 0.0)
BUILTIN = User(4, "builtin-greedy", None, "builtin", 0.0)
ALICES = Submission(10, ALICE.id, "alice", 0.0, "python", "bot.py", "admitted", "compiled", "clean",
                    "python3 bot.py", False)

VIEWERS = {"anonymous": None, "author": ALICE, "another contestant": BOB, "a built-in player's account": BUILTIN,
           "organiser": ORG}
READS = {
    "submission": privacy.may_read_submission,
    "source": privacy.may_read_source,
    "build log": privacy.may_read_build_log,
    "admission report": privacy.may_read_admission,
    "stderr of its seat": privacy.may_read_stderr,
}
# every private thing of a program: its author's and the organisers' alone
ALLOWED = {"anonymous": False, "author": True, "another contestant": False, "a built-in player's account": False,
           "organiser": True}


@pytest.mark.parametrize("thing", sorted(READS))
@pytest.mark.parametrize("role", sorted(VIEWERS))
def test_each_role_reads_each_private_thing_only_when_allowed(role, thing):
    assert READS[thing](VIEWERS[role], ALICES) is ALLOWED[role]


@pytest.mark.parametrize("thing", sorted(READS))
def test_a_vanished_submissions_things_are_the_organisers_only(thing):
    assert [READS[thing](viewer, None) for viewer in (None, ALICE, BOB, ORG)] == [False, False, False, True]


RECORD = {
    "game": "domineering",
    "players": [{"name": "python3 /srv/contest/builds/10/bot.py", "command": "python3 /srv/contest/builds/10/bot.py"},
                {"name": "greedy", "command": "/usr/bin/python3 -m arena.bots greedy"}],
    "result": {"winner": 0},
    "moves": ["a1"],
    "stderr": ["alice's secret", "greedy's secret"],
}


def test_the_public_record_names_seats_by_account_and_keeps_no_stderr_nor_folders():
    public = privacy.public_record(RECORD, ("alice", "builtin-greedy"), (10, 11))
    assert "stderr" not in public and "secret" not in repr(public)
    assert "/srv" not in repr(public) and "/usr" not in repr(public)
    assert public["players"] == [{"name": "alice", "command": "submission 10"},
                                 {"name": "builtin-greedy", "command": "submission 11"}]
    assert {k: v for k, v in public.items() if k != "players"} == {k: v for k, v in RECORD.items()
                                                                  if k not in ("players", "stderr")}
    assert RECORD["stderr"] == ["alice's secret", "greedy's secret"]  # the caller's record is left as it was


def test_what_the_store_keeps_of_any_record_has_no_stderr():
    assert privacy.without_private(RECORD) == {k: v for k, v in RECORD.items() if k != "stderr"}


def test_the_store_asks_privacy_what_to_keep(tmp_path):
    from arena.competition.store.database import CompetitionStore, PlannedGame

    store = CompetitionStore(tmp_path / "c.db", must_exist=False)
    store.create("domineering", "Cup")
    user = store.add_user("alice", None, "contestant")
    first = store.add_submission(user, "python", "bot.py", status="admitted", command="x")
    second = store.add_submission(user, "python", "bot.py", status="admitted", command="y")
    round_id = store.add_round("test", [PlannedGame(0, (first, second), seed=1)])
    game = store.unplayed_games(round_id)[0]
    assert store.save_game(game.id, RECORD, ("alice's secret", "greedy's secret"))
    assert "secret" not in repr(store.game(game.id).record) and store.stderr(game.id, 0) == "alice's secret"
    store.close()


def test_a_build_report_names_the_build_folder_as_the_authors_own():
    text = "arena check flippo /srv/contest/builds/10/bot: /srv/contest/builds/10/bot.c:3: warning"
    assert privacy.as_seen_by_author(text, "/srv/contest/builds/10") == "arena check flippo ./bot: ./bot.c:3: warning"
