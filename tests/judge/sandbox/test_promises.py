"""The sandbox's promises are data (judge/sandbox/promises.py): docs/sandbox.md's table says the
same, row for row, and every promise has a test in each mode it claims (its ``promise`` mark)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from arena.judge.sandbox.promises import ALL, BY_ID, PROMISES

TESTS = Path(__file__).resolve().parents[2]
DOCS = TESTS.parent / "docs" / "sandbox.md"


def promise_marks() -> list[tuple[str, tuple[str, ...], str]]:
    """(id, modes, where) of every ``@pytest.mark.promise(...)`` under tests/."""
    found = []
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "promise"
                    and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark"):
                words = tuple(arg.value for arg in node.args if isinstance(arg, ast.Constant))
                found.append((words[0], words[1:], f"{path.relative_to(TESTS)}:{node.lineno}"))
    return found


def test_every_mark_names_a_promise_and_modes_it_claims():
    for promise_id, modes, where in promise_marks():
        assert promise_id in BY_ID, f"{where}: no promise {promise_id!r} in judge/sandbox/promises.py"
        assert modes and set(modes) <= set(BY_ID[promise_id].modes), f"{where}: modes {modes} of {promise_id}"


def test_every_promise_has_a_test_in_each_mode_it_claims():
    covered: dict[str, set[str]] = {}
    for promise_id, modes, _ in promise_marks():
        covered.setdefault(promise_id, set()).update(modes)
    for promise in PROMISES:
        missing = set(promise.modes) - covered.get(promise.id, set())
        assert not missing, f"promise {promise.id!r} has no test under {sorted(missing)}"


def test_the_docs_table_is_the_promises_row_for_row():
    rows = [line for line in DOCS.read_text().splitlines() if re.match(r"\| `[a-z-]+` \|", line)]
    table = {}
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = tuple(mode for mode, cell in zip(ALL, cells[2:5]) if not cell.startswith("no"))
    assert list(table) == [promise.id for promise in PROMISES]
    for promise in PROMISES:
        assert table[promise.id] == promise.modes, promise.id
