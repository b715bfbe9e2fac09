"""The competition's own row: made once, its settings changed one by one."""

from __future__ import annotations

import pytest

from arena.competition.store.database import CompetitionError, CompetitionStore


def test_the_competition_is_made_once_and_its_settings_change(tmp_path):
    with CompetitionStore(tmp_path / "c.db", must_exist=False) as store:
        with pytest.raises(CompetitionError, match="no competition yet"):
            store.competition()
        store.create("flippo", "Club")
        with pytest.raises(CompetitionError, match="already holds a competition"):
            store.create("domineering", "Another")
        made = store.competition()
        assert (made.game, made.title, made.invitation, made.deadline, made.frozen) == ("flippo", "Club", None, None,
                                                                                        False)
        assert len(made.secret) == 64
        store.set_invitation("club-2026")
        store.set_deadline(1.8e9)
        store.set_frozen(True)
        changed = store.competition()
        assert (changed.invitation, changed.deadline, changed.frozen, changed.secret) == ("club-2026", 1.8e9, True,
                                                                                          made.secret)
        store.set_invitation(None)
        store.set_frozen(False)
        assert store.competition().invitation is None and not store.competition().frozen


def test_a_missing_database_is_said_not_made(tmp_path):
    with pytest.raises(CompetitionError, match="arena competition init"):
        CompetitionStore(tmp_path / "none.db")
    assert not (tmp_path / "none.db").exists()
