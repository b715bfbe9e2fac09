"""The distributed mode on a real Dask cluster: a scheduler and two workers on 127.0.0.1."""

import pytest

from arena.parallel.local_cluster import local_cluster
from arena.tournament.store import TournamentStore

PLAYERS = ["--player", "random=builtin:random", "--player", "greedy=builtin:greedy",
           "--player", "random2=builtin:random"]


def played(db):
    """Each game's slot, seats, seed and everything it produced except its clock readings, as the
    database holds them (read here: what ``arena export`` writes is tested with the command)."""
    with TournamentStore(db, must_exist=True) as store:
        return {
            game.slot: (list(game.players), game.seed, game.record["result"],
                        [move["text"] for move in game.record["moves"]], game.record["transcripts"])
            for game in store.games()
        }


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(workers=2) as address:
        yield address


def test_a_tournament_on_dask_equals_a_local_run(arena, tmp_path, cluster):
    options = ["--rounds", "1", "--seed", "21", "--time-scale", "0.5"]
    arena("tournament", "flippo", *PLAYERS, *options, "--db", tmp_path / "local.db", "--jobs", "2", cwd=tmp_path)
    arena("tournament", "flippo", *PLAYERS, *options, "--db", tmp_path / "dask.db", "--scheduler", cluster,
          cwd=tmp_path, timeout=180)
    local = played(tmp_path / "local.db")
    distributed = played(tmp_path / "dask.db")
    assert len(local) == 6
    assert distributed == local


def test_built_in_players_are_deterministic_for_a_seed(arena, tmp_path):
    """What the comparison above relies on: the same seed replays the same game."""
    options = ["flippo", "--player", "g=builtin:greedy", "--player", "r=builtin:random", "--seed", "8",
               "--jobs", "1", "--time-scale", "0.5"]
    arena("tournament", *options, "--db", tmp_path / "one.db", cwd=tmp_path)
    arena("tournament", *options, "--db", tmp_path / "two.db", cwd=tmp_path)
    first, second = played(tmp_path / "one.db"), played(tmp_path / "two.db")
    assert first == second
    # and the two games of a colour-swapped pair are different games on the same seed
    assert first[0][1] == first[1][1] and first[0][3] != first[1][3]
