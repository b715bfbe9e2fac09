"""Flippo's result explained: pieces − 2 per colour, checked against the record's scores."""

import re

from arena.games.flippo.summary import explain_result
from arena.refereeing.game_record import describe_result
from arena.refereeing.referee import play_game


def explained_pieces(lines: list[str]) -> list[tuple[int, int]]:
    return [(int(m[1]), int(m[2])) for m in (re.search(r"(\d+) pieces on the board - 2 = (-?\d+)", line)
                                             for line in lines)]


def test_the_pieces_minus_two_are_the_scores(builtin):
    record = play_game("flippo", [builtin("random"), builtin("greedy")], seed=5)
    lines = explain_result(record)
    assert lines[0].startswith("White: ") and lines[1].startswith("Black: ")
    (white, white_score), (black, black_score) = explained_pieces(lines)
    assert white + black == 64 and [white_score, black_score] == record["result"]["scores"]
    assert "\n  White: " in describe_result(record)  # arena play's summary shows it


def test_a_faulted_seat_shows_its_board_score_and_its_zero(builtin, breaks_after):
    record = play_game("flippo", [builtin("greedy"), breaks_after(10)], seed=5)
    assert record["result"]["verdicts"] == ["ok", "format"]
    lines = explain_result(record)
    (_, white_score), (_, black_board) = explained_pieces(lines)
    assert [white_score, black_board] == record["result"]["board_scores"]
    assert white_score == record["result"]["scores"][0]
    assert lines[1].endswith("; 0 for its fault (format)")
