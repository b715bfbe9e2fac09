"""Lucky Words scoring and dictionaries: docs/games/luckywords.md's facts and the original's example grid."""

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.games.luckywords.dictionary import DEFAULT_WORDS, DictionaryError, load_words, parse_words
from arena.games.luckywords.scoring import WORD_POINTS, grid_points, grid_words, line_points, line_words

EXAMPLE = "ABALONE XIBIULA IQIPTIC SNOBWAY ELSAONM SHEBRAA WESYKYD".replace(" ", "")


def test_word_points_by_length():
    assert WORD_POINTS == {2: 1, 3: 2, 4: 3, 5: 5, 6: 8, 7: 13}


def test_the_example_grid_scores_80_with_the_official_list(official_words):
    words = load_words(str(official_words))
    assert len(words) == 48953
    assert grid_points(EXAMPLE, words) == 80
    assert grid_words(EXAMPLE, words)[0] == "ABALONE"


def test_overlapping_words_count_once_and_crossing_words_both():
    words = frozenset({"LIST", "STEP"})
    assert line_points("LISTEP.", words) == 3
    grid = list("." * 49)
    grid[0:4] = "LIST"  # across the top row
    for row, letter in enumerate("TEP", start=1):
        grid[row * 7 + 2] = letter  # down column 2 from the S: STEP
    assert grid_points("".join(grid), words) == 6  # LIST and STEP share the S: both count


def test_the_best_choice_is_taken_not_the_first_word():
    words = frozenset({"AB", "BCDEF"})
    assert line_points("ABCDEF.", words) == 5  # BCDEF (5) beats AB (1)
    assert line_points("ABABAB.", frozenset({"AB", "BA"})) == 3  # three disjoint words
    assert line_points("AB.AB..", frozenset({"AB", "A.A"})) == 2  # an empty cell is in no word


def test_the_same_word_may_score_in_several_places():
    assert grid_points("AN" + "." * 47, frozenset({"AN"})) == 1
    assert grid_points(("AN" + "." * 5) * 7, frozenset({"AN"})) == 7


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="ABE.", min_size=7, max_size=7))
def test_line_points_never_exceed_a_simple_upper_bound_and_match_brute_force(line):
    words = frozenset({"AB", "BE", "ABE", "BEE", "EBB", "ABBE"})
    assert line_points(line, words) == _brute_force(line, words)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="ABE.", min_size=7, max_size=7))
def test_line_words_are_where_they_say_do_not_overlap_and_give_the_line_points(line):
    words = frozenset({"AB", "BE", "ABE", "BEE", "EBB", "ABBE"})
    found = line_words(line, words)
    assert all(line[start:start + len(word)] == word and word in words for start, word in found)
    ends = [start + len(word) for start, word in found]
    assert all(end <= start for end, (start, _) in zip(ends, found[1:]))  # left to right, disjoint
    assert sum(WORD_POINTS[len(word)] for _, word in found) == line_points(line, words)


def _brute_force(line, words, start=0):
    if start >= len(line):
        return 0
    best = _brute_force(line, words, start + 1)
    for end in range(start + 2, min(start + 7, len(line)) + 1):
        if line[start:end] in words:
            best = max(best, WORD_POINTS[end - start] + _brute_force(line, words, end))
    return best


def test_word_lists_in_the_words_dat_format(tmp_path):
    path = tmp_path / "mine.dat"
    path.write_bytes(b"Cat\r\ndog\nA\nELEPHANTS\nit's\n  ox  \n\nCAT\n")
    assert load_words(str(path)) == {"CAT", "DOG", "OX"}
    assert parse_words("ab\r\ncd\r\n") == {"AB", "CD"}


def test_a_word_list_that_is_missing_or_empty_is_refused(tmp_path):
    with pytest.raises(DictionaryError, match="cannot read"):
        load_words(str(tmp_path / "none.dat"))
    (tmp_path / "empty.dat").write_text("\n\nX\nTOOLONGWORD\n")
    with pytest.raises(DictionaryError, match="no word of 2 to 7 letters"):
        load_words(str(tmp_path / "empty.dat"))


def test_the_default_list_is_clean_and_licensed():
    text = DEFAULT_WORDS.read_text()
    words = text.split("\n")[:-1]
    assert words == sorted(set(words)) and len(words) > 20_000
    assert all(2 <= len(w) <= 7 and w.isascii() and w.isalpha() and w.isupper() for w in words)
    licence = (DEFAULT_WORDS.parent / "words-LICENSE.txt").read_text()
    assert "Kevin Atkinson" in licence and "Permission to use" in licence
    assert grid_points(EXAMPLE, load_words()) > 0


# 5 ms of CPU time a grid: what the host's other work takes does not count
def test_scoring_a_full_grid_is_fast(official_words):
    words = load_words(str(official_words))
    start = time.process_time()
    for _ in range(200):
        grid_points(EXAMPLE, words)
    per_grid_ms = (time.process_time() - start) / 200 * 1000
    assert per_grid_ms < 5, per_grid_ms
