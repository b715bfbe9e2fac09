"""``arena sprt`` as a user runs it: real games until the test decides."""

import re

from arena.tournament.sprt import Sprt
from arena.cli.sprt_command import PairTally


def shown_games_and_pairs(stdout: str) -> tuple[int, int]:
    """The games (B's wins + draws + losses) and the pairs of the final status line."""
    status = re.findall(r"pairs (\d+)  B \+(\d+) =(\d+) -(\d+)", stdout)[-1]
    pairs, wins, draws, losses = map(int, status)
    return wins + draws + losses, pairs


def test_games_of_unfinished_pairs_are_held_back_so_games_are_twice_the_pairs():
    tally, test = PairTally(), Sprt()
    # pairs finish out of order, and pair 3's twin never comes (the test decided first)
    for pair, points in [(1, 1.0), (2, 0.5), (3, 0.0), (2, 1.0), (1, 0.0)]:
        pair_points = tally.add(pair, points)
        if pair_points is not None:
            test.add_pair(pair_points)
    assert test.pentanomial == [0, 0, 1, 1, 0]  # pair 1: 1 point, pair 2: 1½
    games, pairs = shown_games_and_pairs(tally.status(test))
    assert (games, pairs) == (4, 2)
    assert tally.counts == {1.0: 2, 0.5: 1, 0.0: 1}


def test_a_clearly_stronger_player_is_accepted_within_the_pair_limit(arena, tmp_path):
    done = arena("sprt", "domineering", "builtin:random", "builtin:greedy", "--elo0", "0", "--elo1", "100",
                 "--seed", "2", "--time-scale", "0.5", "--jobs", "2", "--max-pairs", "40", cwd=tmp_path)
    assert "H1 accepted" in done.stdout
    status = re.search(r"pairs (\d+) .* LLR ([+-][\d.]+) in \[(-[\d.]+), ([\d.]+)\]", done.stdout)
    pairs, llr, lower, upper = int(status[1]), float(status[2]), float(status[3]), float(status[4])
    assert 1 < pairs <= 40 and llr >= upper == -lower
    games, shown_pairs = shown_games_and_pairs(done.stdout)
    assert games == 2 * shown_pairs == 2 * pairs


def test_the_same_player_twice_is_not_found_better(arena, tmp_path):
    done = arena("sprt", "domineering", "builtin:greedy", "builtin:greedy", "--elo0", "0", "--elo1", "100",
                 "--seed", "3", "--time-scale", "0.5", "--jobs", "2", "--max-pairs", "6", cwd=tmp_path)
    assert "H1 accepted" not in done.stdout


def test_an_even_elo_estimate_is_shown_as_0_not_minus_0():
    tally, test = PairTally(), Sprt()
    for pair, points in [(1, 1.0), (1, 0.0), (2, 0.0), (2, 1.0)]:  # two even pairs: no Elo either way
        if (pair_points := tally.add(pair, points)) is not None:
            test.add_pair(pair_points)
    assert " Elo 0.0 " in tally.status(test)
