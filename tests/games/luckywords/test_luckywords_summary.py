"""Lucky Words' result explained: each seat's scoring words, line by line, with their points."""

import re

from arena.games.luckywords.scoring import WORD_POINTS
from arena.games.luckywords.summary import explain_result
from arena.refereeing.referee import play_game


def explained(record: dict) -> list[tuple[int, list[str]]]:
    """Per seat: the total shown, and every word shown (checking each line's points)."""
    seats = []
    for line in explain_result(record):
        if not line.startswith("  "):
            seats.append((int(re.search(r": (\d+) word points", line)[1]), [], []))
            continue
        words, points = re.fullmatch(r"  (?:row|column) \d: ([A-Z ]+) \((\d+)\)", line).groups()
        assert sum(WORD_POINTS[len(word)] for word in words.split()) == int(points)
        seats[-1][1].extend(words.split())
        seats[-1][2].append(int(points))
    for total, _, points in seats:
        assert sum(points) == total
    return [(total, words) for total, words, _ in seats]


def test_the_words_per_line_add_up_to_the_word_points(builtin):
    record = play_game("luckywords", [builtin("greedy"), builtin("greedy")], seed=9)
    result = record["result"]
    (first, first_words), (second, second_words) = explained(record)
    assert [first, second] == result["word_points"] == result["scores"]
    assert [first_words, second_words] == result["words"] and first_words


def test_a_faulted_seat_shows_its_unfinished_grid_and_its_zero(builtin, breaks_after):
    record = play_game("luckywords", [builtin("greedy"), breaks_after(30)], seed=9)
    assert record["result"]["verdicts"] == ["ok", "format"]
    (first, _), (second, _) = explained(record)
    assert [first, second] == record["result"]["word_points"]
    assert explain_result(record)[0].startswith("First: ")
    assert any(line.endswith("; 0 for its fault (format)") for line in explain_result(record))
