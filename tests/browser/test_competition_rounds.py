"""A teacher runs a competition in chromium (issue 34): two test rounds with a resubmission between
them, then the final; each round's page holds its own ranking and cross table, and the ranking page
shows the final by default once it has finished.

The conductor is the site tests' test double (tests/competition/site/fake_conductor.py): it plays a
round at once, every ordered pair of entrants one game."""

from __future__ import annotations

import pytest

from arena.competition.passwords import hash_password

from ..competition.site.site_server import PASSWORD, running_competition

pytestmark = pytest.mark.browser

NAMES = ("alice", "bob", "carol")


def admit(competition, name: str, source: str) -> None:
    """``name`` uploads ``source`` (a Python bot), which the test double admits at once."""
    store, folder = competition.store, competition.folder
    submission = store.add_submission(store.user_named(name).id, "python", "bot.py")
    folder.upload(submission).mkdir(parents=True)
    (folder.upload(submission) / "bot.py").write_text(source)
    competition.conductor.submission_added(submission)


def rows(page, table: str) -> list[list[str]]:
    return [[cell.text_content().strip() for cell in row.locator("th, td").all()]
            for row in page.locator(f"{table} tbody tr").all()]


def test_a_teacher_runs_two_test_rounds_and_a_final_and_reads_each(page, tmp_path):
    with running_competition(tmp_path / "contest") as competition:
        competition.store.add_user("carol", hash_password(PASSWORD), "contestant")
        for name in NAMES:
            admit(competition, name, f"print('{name}')\n")
        url = competition.url
        page.goto(url + "/login")
        page.fill("#name", "org")
        page.fill("#password", PASSWORD)
        page.click("#submit-login")
        page.goto(url + "/organiser")
        assert "running" in page.text_content("#status")  # a table of words, not JSON
        page.click("#start-round")
        admit(competition, "alice", "print('alice, better')\n")  # a resubmission between the rounds
        page.click("#start-round")
        page.check("#confirm-final")
        page.click("#start-final")
        assert page.locator("#start-round").count() == 0 and page.locator("#start-final").count() == 0
        assert "final" in page.text_content("#final-state")

        page.goto(url + "/rounds")
        listed = rows(page, "#rounds")
        assert [row[0] for row in listed][:3] == ["Final, round robin", "Test round 2", "Test round 1"]
        for round_id in (1, 2, 3):
            page.goto(f"{url}/rounds/{round_id}")
            ranking = rows(page, "#ranking")
            assert sorted(row[1] for row in ranking) == sorted(NAMES)
            games = page.locator("#ranking tbody td.col-games").all_text_contents()
            assert games == ["4"] * 3  # 2 × (3 − 1): this round's games alone
            table = page.locator("#crosstable")
            heads = [h.text_content() for h in table.locator("thead th.name").all()]
            assert heads == [row[1] for row in ranking]  # in the ranking's order
            crossed = rows(page, "#crosstable")
            assert [row[0] for row in crossed] == heads
            for number, row in enumerate(crossed):
                assert row[number + 1] == "—" and all(cell.count("·") == 1 for i, cell in enumerate(row[1:])
                                                      if i != number)  # two games a pair, both seats
            assert page.get_attribute("#download", "href") == f"/api/rounds/{round_id}/records"

        page.click("#logout")
        page.goto(url + "/ranking")  # a visitor: the final, finished, is the default
        assert "Final" in page.text_content("#ranking-title") and page.locator("#live").count() == 0
        assert sorted(row[1] for row in rows(page, "#ranking")) == sorted(NAMES)
        page.click("#competitions a:has-text(\"Test round 1\")")  # a link (the places chart names rounds too)
        assert "Test round 1" in page.text_content("#ranking-title")
        assert page.locator("#ranking tbody td.col-games").all_text_contents() == ["4"] * 3
        assert page.console.errors == []
