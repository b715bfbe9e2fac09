"""The store's rows are made by name (store_access.row_as): a column the SELECT names wrongly, or
one too many or too few, is an error, never a field filled from another column."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import pytest

from arena.competition.store.store_access import row_as


@dataclass(frozen=True)
class Pair:
    first: int
    second: str
    kept: bool


def one_row(sql: str) -> sqlite3.Row:
    db = sqlite3.connect(":memory:")
    db.row_factory = sqlite3.Row
    row = db.execute(sql).fetchone()
    db.close()
    return row


def test_each_field_comes_from_the_column_of_its_name_in_any_order():
    row = one_row("SELECT 'b' AS second, 1 AS kept, 7 AS first")
    assert row_as(Pair, row, kept=bool(row["kept"])) == Pair(first=7, second="b", kept=True)


@pytest.mark.parametrize("sql", ["SELECT 7 AS first, 1 AS kept",                  # a field with no column
                                 "SELECT 7 AS first, 'b' AS second, 1 AS kept, 2 AS extra",
                                 "SELECT 7, 'b' AS second, 1 AS kept"])           # a column left unnamed
def test_a_column_missing_extra_or_misnamed_is_refused(sql):
    row = one_row(sql)
    with pytest.raises(TypeError):
        row_as(Pair, row, kept=True)
