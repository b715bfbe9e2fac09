"""Where analyses are kept: beside a record file, or in a tournament's database."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena.analysis import analyse
from arena.analysis.document import record_digest
from arena.analysis.tournament_losses import tournament_report
from arena.games.replay import replay_positions
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game
from arena.tournament.store import TournamentStore
from arena.analysis.storage import (AnalysisFileError, analysis_path, is_analysis_file, load_beside,
                                    load_from_tournament, save_beside, save_to_tournament, tournament_analyses)

ARENA = str(Path(sys.executable).with_name("arena"))


@pytest.fixture(scope="module")
def analysed(flippo_records):
    record = json.loads(flippo_records[2].read_text())
    return record, analyse(record, seconds=0.05)


def test_the_analysis_file_sits_beside_its_record():
    assert analysis_path("/x/game.json") == Path("/x/game.analysis.json")
    assert is_analysis_file("/x/game.analysis.json") and not is_analysis_file("/x/game.json")


def test_saved_then_loaded_and_not_for_another_game(analysed, tmp_path):
    record, document = analysed
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    assert load_beside(path) is None
    save_beside(path, document)
    assert load_beside(path) == document
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.analysis.json", "g.json"]  # no temporary left
    other = {**record, "moves": record["moves"][:-1]}
    path.write_text(json.dumps(other))  # the record file rewritten with another game
    assert load_beside(path) is None


def test_a_malformed_analysis_file_is_named(analysed, tmp_path):
    record, _ = analysed
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    analysis_path(path).write_text("{not json")
    with pytest.raises(AnalysisFileError, match="g.analysis.json"):
        load_beside(path)
    analysis_path(path).write_text('{"format": "something else"}')
    with pytest.raises(AnalysisFileError, match="not an arena analysis"):
        load_beside(path)


def test_a_partial_analysis_is_not_taken_for_a_finished_one(analysed, tmp_path):
    record, document = analysed
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    save_beside(path, {**document, "complete": False})
    assert load_beside(path) is None


@pytest.fixture(scope="module")
def tournament_db(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tournament")
    db = folder / "t.db"
    subprocess.run([ARENA, "tournament", "flippo", "--player", "greedy=builtin:greedy",
                    "--player", "random=builtin:random", "--db", str(db), "--seed", "5", "--jobs", "2"],
                   check=True, capture_output=True, timeout=300)
    return db


def test_tournament_analyses_are_kept_in_its_database(tournament_db, analysed):
    _, document = analysed
    assert load_from_tournament(tournament_db, 0) is None
    save_to_tournament(tournament_db, 0, document)  # of another game: not returned for slot 0
    assert load_from_tournament(tournament_db, 0) is None
    with pytest.raises(FileNotFoundError):
        load_from_tournament(tournament_db.with_name("missing.db"), 0)


def test_arena_analyse_db_analyses_every_game_and_reports_each_player(tournament_db):
    done = subprocess.run([ARENA, "analyse", "--db", str(tournament_db), "--time-per-ply", "0.02"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    stored = tournament_analyses(tournament_db)
    report = tournament_report(tournament_db)
    assert report["analysed"] == report["games"] == len(stored) == 2
    rows = {row["name"]: row for row in report["players"]}
    assert set(rows) == {"greedy", "random"}
    with TournamentStore(tournament_db) as store:
        seats = {game.slot: game.players for game in store.games()}
    random_losses = [p["loss"] for slot, document in stored.items() for p in document["plies"]
                     if seats[slot][p["seat"]] == "random"]
    assert rows["random"]["moves"] == len(random_losses) > 0
    assert rows["random"]["mean_loss"] == round(sum(random_losses) / len(random_losses), 3)
    assert [p["name"] for p in rows["random"]["phases"]] == ["opening", "middle", "endgame"]
    assert rows["random"]["worst"][0]["opponent"] == "greedy"
    assert "random" in done.stdout and "2 of 2 games analysed" in done.stdout
    again = subprocess.run([ARENA, "analyse", "--db", str(tournament_db)], capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and tournament_analyses(tournament_db) == stored  # computed once


def test_bad_command_lines_are_refused_with_a_reason(tmp_path, tournament_db):
    cases = [
        ([], "at least one RECORD"),
        (["a.json", "b.json", "--out", "x.json"], "--out takes one"),
        (["a.json", "--db", str(tournament_db)], "give no RECORD"),
        (["--db", str(tmp_path / "none.db")], "no such tournament database"),
        (["a.json", "--time-per-ply", "0"], "time-per-ply"),
    ]
    for args, message in cases:
        done = subprocess.run([ARENA, "analyse", *args], capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert done.returncode != 0 and message in done.stderr, (args, done.stderr)


@pytest.fixture(scope="module")
def luckywords_games():
    """A Lucky Words game, and the same moves from another starting letter: both replay under
    the rules, so they are two games that differ only in their setup."""
    players = [resolve_player("luckywords", "builtin:random") for _ in range(2)]
    record = play_game("luckywords", players, seed=1)
    other = copy.deepcopy(record)
    other["setup"]["letter"] = "Q" if record["setup"]["letter"] != "Q" else "K"
    assert len(list(replay_positions(other))) == len(record["moves"]) + 1
    return record, other


def test_the_same_moves_from_another_setup_are_another_game(luckywords_games):
    record, other = luckywords_games
    assert [m["text"] for m in record["moves"]] == [m["text"] for m in other["moves"]]
    assert record_digest(record) != record_digest(other)
    # the word list is part of the setup too: scored with another list, another game
    assert record_digest(record) != record_digest({**record, "setup": {**record["setup"], "words": "/x/words.txt"}})
    assert record_digest(record) == record_digest(copy.deepcopy(record))  # and the digest is not random


def test_an_analysis_is_not_served_for_the_same_moves_from_another_setup(luckywords_games, tmp_path):
    """The record file rewritten with the other game (same moves, other starting letter) must
    not be given the first game's analysis: it is analysed again."""
    record, other = luckywords_games
    document = analyse(record, seconds=0.005, jobs=1)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(record))
    save_beside(path, document)
    assert load_beside(path) == document
    path.write_text(json.dumps(other))
    assert load_beside(path) is None
    assert load_beside(path, record) == document and load_beside(path, other) is None
