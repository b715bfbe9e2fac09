"""``arena sprt`` as a user runs it: real games until the test decides."""

import re


def test_a_clearly_stronger_player_is_accepted_within_the_pair_limit(arena, tmp_path):
    done = arena("sprt", "domineering", "builtin:random", "builtin:greedy", "--elo0", "0", "--elo1", "100",
                 "--seed", "2", "--time-scale", "0.5", "--jobs", "2", "--max-pairs", "40", cwd=tmp_path)
    assert "H1 accepted" in done.stdout
    status = re.search(r"pairs (\d+) .* LLR ([+-][\d.]+) in \[(-[\d.]+), ([\d.]+)\]", done.stdout)
    pairs, llr, lower, upper = int(status[1]), float(status[2]), float(status[3]), float(status[4])
    assert 1 < pairs <= 40 and llr >= upper == -lower


def test_the_same_player_twice_is_not_found_better(arena, tmp_path):
    done = arena("sprt", "domineering", "builtin:greedy", "builtin:greedy", "--elo0", "0", "--elo1", "100",
                 "--seed", "3", "--time-scale", "0.5", "--jobs", "2", "--max-pairs", "6", cwd=tmp_path)
    assert "H1 accepted" not in done.stdout
