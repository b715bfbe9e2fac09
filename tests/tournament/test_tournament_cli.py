"""``arena tournament``, ``standings`` and ``export`` as a user runs them: real processes, a real database."""

import json
import os
import re
import subprocess

from arena.tournament.session import read_results
from arena.tournament.store import TournamentStore

THREE = ["--player", "random=builtin:random", "--player", "greedy=builtin:greedy",
         "--player", "random2=builtin:random"]
FAST = ["--time-scale", "0.5", "--jobs", "2"]


def exported_games(arena, db, tmp_path):
    return json.loads(arena("export", "--db", db, "--format", "json", cwd=tmp_path).stdout)["games"]


def stored_games(db) -> list[tuple]:
    """Every game the database holds, as it holds it (read directly: export is tested above)."""
    with TournamentStore(db, must_exist=True) as store:
        return [(game.slot, game.round, game.players, game.seed, game.record) for game in store.games()]


def test_three_builtins_two_rounds_on_flippo(arena, tmp_path):
    db = tmp_path / "flippo.db"
    done = arena("tournament", "flippo", *THREE, "--rounds", "2", "--db", db, "--seed", "11", *FAST, cwd=tmp_path)
    games = exported_games(arena, db, tmp_path)
    assert len(games) == 3 * 2 * 2  # 3 pairs, a colour-swapped pair each, 2 rounds
    for game in games:
        result = game["record"]["result"]
        assert result["verdicts"] == ["ok", "ok"]
        assert sum(result["scores"]) == 60

    totals = {name: 0 for name in ("random", "greedy", "random2")}
    for game in games:
        for seat, name in enumerate(game["players"]):
            totals[name] += game["record"]["result"]["scores"][seat]
    with TournamentStore(db) as store:
        results = read_results(store)
    assert [s.tally.points for s in results.standings] == sorted(totals.values(), reverse=True)
    assert {s.name: s.tally.points for s in results.standings} == totals
    # the printed table lists the players in the same order, with their totals
    rows = [line.split() for line in done.stdout.splitlines() if re.match(r"^\s*\d+\s+(random|greedy)", line)]
    assert [(row[1], float(row[6])) for row in rows] == [(s.name, s.tally.points) for s in results.standings]

    again = arena("standings", "--db", db, cwd=tmp_path).stdout
    assert "12 of 12 games" in again and "Row against column" in again
    csv_lines = arena("export", "--db", db, "--format", "csv", cwd=tmp_path).stdout.strip().splitlines()
    assert len(csv_lines) == 1 + 12 and csv_lines[0].startswith("slot,round,first,second,seed")


def test_rerun_plays_nothing_and_a_changed_tournament_is_refused(arena, tmp_path):
    db = tmp_path / "t.db"
    pair = ["--player", "a=builtin:random", "--player", "b=builtin:greedy"]
    arena("tournament", "flippo", *pair, "--db", db, "--seed", "3", *FAST, cwd=tmp_path)
    first = stored_games(db)
    assert len(first) == 2

    swapped = [*pair[2:], *pair[:2]]
    arena("tournament", "flippo", *swapped, "--db", db, *FAST, cwd=tmp_path)  # same players, any order
    assert stored_games(db) == first  # nothing replayed, nothing added

    for changed in (
        [*pair, "--player", "c=builtin:random"],  # a player added
        ["--player", "a=builtin:random", "--player", "b=builtin:random"],  # a player's program changed
        [*pair, "--rounds", "2"],
        [*pair, "--seed", "4"],
    ):
        refused = arena("tournament", "flippo", *changed, "--db", db, *FAST, cwd=tmp_path, check=False)
        assert refused.returncode != 0
        assert "holds another tournament" in refused.stderr and "in the database" in refused.stderr
    assert stored_games(db) == first


def test_standings_of_a_missing_database_is_a_clear_error(arena, tmp_path):
    done = arena("standings", "--db", tmp_path / "nothing.db", cwd=tmp_path, check=False)
    assert done.returncode != 0 and "no tournament database" in done.stderr


def test_unknown_player_is_refused(arena, tmp_path):
    done = arena("tournament", "flippo", "--player", "a=builtin:nobody", "--player", "b=builtin:random",
                 "--db", tmp_path / "x.db", cwd=tmp_path, check=False)
    assert done.returncode != 0 and "no built-in player 'nobody'" in done.stderr



def test_export_to_standard_output_calls_nothing_click_deprecates(arena, arena_bin, tmp_path):
    """``arena export`` once wrote through click.get_text_stream, deprecated in Click 8.5 and gone in
    9.0 (which pyproject.toml's click>=8.1 allows): a DeprecationWarning from it is an error here."""
    db = tmp_path / "t.db"
    arena("tournament", "flippo", "--player", "a=builtin:random", "--player", "b=builtin:random",
              "--rounds", "1", "--db", db, "--seed", "1", *FAST, cwd=tmp_path)
    environment = {**os.environ, "PYTHONWARNINGS": "error::DeprecationWarning:arena.tournament.commands"}
    done = subprocess.run([arena_bin, "export", "--db", str(db)], capture_output=True, text=True, cwd=tmp_path,
                          env=environment, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("slot,round,first,second,seed")
