"""The documentation stays whole: a page per game with the same sections, every field of
a real game record described in docs/record.md, links that lead somewhere, and no file
of the project pointing outside the repository."""

import re
import subprocess
import typing
from pathlib import Path

import pytest

from arena.games import game_names, get_game
from arena.judge.record_types import Verdict
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

from .record_fields import RECORD_TABLES, doc_type, fields, record_md_tables

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GAME_SECTIONS = (
    "## Rules", "## Scoring", "## Protocol", "## Faults", "## Clocks",
    "## Chosen readings", "## Sample dialogue", "## Playing it with arena",
)
# Spelled in pieces so that this file does not trip its own check.
OUTSIDE_MARKERS = (".." + "/shared", "RULES" + ".md", "/" + "work/")
# The one file allowed to look outside: it reads the optional official Lucky Words list.
ALLOWED_OUTSIDE = {"tests/games/luckywords/conftest.py"}


def game_page(game: str) -> str:
    return (DOCS / "games" / f"{game}.md").read_text()


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_its_page_with_the_same_sections(game):
    page = game_page(game)
    headings = [line.strip() for line in page.splitlines() if line.startswith("## ")]
    missing = [section for section in GAME_SECTIONS if section not in headings]
    assert not missing, f"docs/games/{game}.md lacks {missing}"
    assert [h for h in headings if h in GAME_SECTIONS] == list(GAME_SECTIONS), "sections out of order"
    info = get_game(game)
    for seat in info.seats:
        assert seat in page, f"docs/games/{game}.md never names the seat {seat}"
    assert f"arena play {game} " in page
    assert f"(games/{game}.md)" in (DOCS / "README.md").read_text(), "docs/README.md does not list it"


@pytest.fixture(scope="module")
def records():
    """One real game of each kind between random players (each takes well under a second)."""
    return {
        game: play_game(game, [resolve_player(game, "builtin:random")] * 2, seed=3)
        for game in game_names()
    }


def documented(key: str) -> bool:
    return f"`{key}`" in (DOCS / "record.md").read_text()


def test_record_md_describes_every_top_level_and_nested_key(records):
    keys = set()
    for record in records.values():
        assert record["result"]["verdicts"] == ["ok", "ok"]
        keys |= set(record) | set(record["setup"])
        keys |= {key for player in record["players"] for key in player}
        keys |= {key for times in record["times"] for key in times}
        keys |= {key for move in record["moves"] for key in move}
    undocumented = sorted(key for key in keys if not documented(key))
    assert not undocumented, f"docs/record.md does not mention {undocumented}"


@pytest.mark.parametrize("game", game_names())
def test_record_md_describes_every_result_key_of_each_game(records, game):
    undocumented = sorted(key for key in records[game]["result"] if not documented(key))
    assert not undocumented, f"docs/record.md does not mention {game}'s result keys {undocumented}"


def documented_fields() -> dict[type, dict[str, tuple[set[str], str]]]:
    """For each type, each key its tables document: the types written for it (a key of ``result``
    appears in several tables) and its rows' text."""
    found: dict[type, dict[str, tuple[set[str], str]]] = {}
    for heading, rows in record_md_tables().items():
        if heading not in RECORD_TABLES:
            continue
        for row in rows:
            if "key" in row:  # a table's header: where the key and its type are
                key_at, type_at = row.index("key"), row.index("type")
                continue
            for key in re.findall(r"`([^`]+)`", row[key_at]):
                written, text = found.setdefault(RECORD_TABLES[heading], {}).get(key, (set(), ""))
                found[RECORD_TABLES[heading]][key] = (written | {row[type_at]}, text + " ".join(row))
    return found


def test_record_md_documents_every_typed_field_with_its_type():
    documented = documented_fields()
    assert set(documented) == set(RECORD_TABLES.values())
    for typed, keys in documented.items():
        declared = fields(typed)
        assert not set(declared) - set(keys), f"docs/record.md does not document {typed.__name__}'s {set(declared) - set(keys)}"
        assert not set(keys) - set(declared), f"docs/record.md documents {set(keys) - set(declared)}, not in {typed.__name__}"
        for key, (written, text) in keys.items():
            assert written == {doc_type(declared[key])}, f"{typed.__name__}.{key} is {doc_type(declared[key])}, not {written}"
            # an object without a table of its own (Lucky Words' word_list) names its keys in its row
            inner = declared[key]
            if typing.is_typeddict(inner) and inner not in RECORD_TABLES.values():
                assert all(f'"{name}"' in text for name in fields(inner)), f"{key}'s row does not name {list(fields(inner))}"


def test_record_md_explains_every_verdict_and_no_other():
    verdicts = [row[0].strip("`") for row in record_md_tables()["### Verdicts"] if row[0] != "verdict"]
    assert sorted(verdicts) == sorted(typing.get_args(Verdict))


def test_every_relative_link_in_the_docs_leads_to_a_file():
    pages = [ROOT / "README.md", *DOCS.rglob("*.md")]
    for page in pages:
        for target in re.findall(r"\]\(([^)#]+)\)", page.read_text()):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links to missing {target}"


def committed_files() -> list[str]:
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the committed files cannot be listed")
    return [name for name in listing.stdout.decode().split("\0") if name]


def test_no_committed_file_points_outside_the_repository():
    files = committed_files()
    assert "README.md" in files  # the listing is the real one
    offenders = []
    for name in files:
        path = ROOT / name
        if name in ALLOWED_OUTSIDE or not path.is_file():
            continue
        data = path.read_bytes()
        offenders += [f"{name}: {marker}" for marker in OUTSIDE_MARKERS if marker.encode() in data]
    assert not offenders, "files point outside the repository:\n" + "\n".join(offenders)
