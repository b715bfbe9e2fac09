"""Losses, mistakes, turning point and phases derived from hand-made evaluations."""

from arena.analysis.document import new_document, set_evaluation, set_final
from arena.games.analyst_contract import Evaluation
from arena.analysis.losses import value_after
from arena.analysis.plies import Ply


class Analyst:
    UNITS = "points"
    MISTAKE = 3.0


def document_for(seats, values, bests=None, final=None, played_values=None):
    """A document of plies played by ``seats`` with ``values`` (mover's view); moves are m0, m1..."""
    plies = [Ply(i, seat, f"m{i}", None) for i, seat in enumerate(seats)]
    record = {"game": "domineering", "setup": {}, "moves": [{"text": p.move} for p in plies],
              "players": [{"name": "a"}, {"name": "b"}]}
    document = new_document(record, plies, Analyst, 0.1)
    for i, value in enumerate(values):
        best = (bests or {}).get(i, "other")
        played = (played_values or {}).get(i)
        set_evaluation(document, i, Evaluation(value, best, False, played_value=played))
    if final is not None:
        set_final(document, None, final, True)
    return document


def test_loss_reads_the_next_value_from_the_movers_view():
    document = document_for([0, 1, 0], [2.0, 1.0, 4.0], final=-1.0)
    # after m0, seat 1 to move sees 1.0, so seat 0 has -1.0: loss 3
    assert [p["loss"] for p in document["plies"]] == [3.0, 5.0, 5.0]
    assert [p["mistake"] for p in document["plies"]] == [True, True, True]


def test_the_same_side_moving_again_keeps_the_sign():
    document = document_for([0, 0, 1], [5.0, 4.0, -6.0], final=6.0)
    assert value_after(document, 0) == 4.0
    assert document["plies"][0]["loss"] == 1.0 and not document["plies"][0]["mistake"]
    assert document["plies"][2]["loss"] == 0.0  # -6 before, +6 after: no loss


def test_the_best_move_played_loses_nothing_and_a_gain_is_no_loss():
    document = document_for([0, 1], [1.0, -5.0], bests={0: "m0"}, final=2.0)
    assert document["plies"][0]["loss"] == 0.0
    assert document["plies"][1]["loss"] == 0.0  # -5 before, +2 after: the search underrated it


def test_a_given_played_value_wins_over_the_next_position():
    document = document_for([0, 1], [4.0, 9.0], played_values={0: 3.5}, final=0.0)
    assert document["plies"][0]["loss"] == 0.5


def test_partial_document_has_no_losses_or_summary_where_unknown():
    plies = [Ply(i, i % 2, f"m{i}", None) for i in range(3)]
    record = {"game": "domineering", "setup": {}, "moves": [{"text": p.move} for p in plies], "players": [{}, {}]}
    document = new_document(record, plies, Analyst, 0.1)
    set_evaluation(document, 1, Evaluation(1.0, "x", False))
    assert document["analysed"] == 1 and not document["complete"] and document["summary"] is None
    assert [p["loss"] for p in document["plies"]] == [None, None, None]


def test_summary_mean_loss_top_three_mistakes_and_phases():
    seats = [0, 1] * 6
    values = [0, 0, 4, -4, 0, 0, 10, -10, 0, 0, 0, 0]
    document = document_for(seats, [float(v) for v in values], final=0.0)
    summary = document["summary"]
    assert summary["moves"] == [6, 6]
    losses0 = [p["loss"] for p in document["plies"] if p["seat"] == 0]
    assert summary["mean_loss"][0] == round(sum(losses0) / 6, 3)
    mistakes = summary["mistakes"][0]
    assert [m["loss"] for m in mistakes] == sorted((m["loss"] for m in mistakes), reverse=True)
    assert len(mistakes) <= 3 and all(m["loss"] >= 3 for m in mistakes)
    assert [(p["name"], p["first"], p["last"]) for p in summary["phases"]] == [
        ("opening", 0, 3), ("middle", 4, 7), ("endgame", 8, 11)]


def test_turning_point_is_the_move_after_which_the_loser_stayed_below_zero():
    # seat 0's view: +1, +2, -1 (after ply 1), +1 (recovered), -2, -3, final -4
    seats = [0, 1, 0, 1, 0, 1]
    from_seat0 = [1.0, 2.0, -1.0, 1.0, -2.0, -3.0]
    values = [v if s == 0 else -v for v, s in zip(from_seat0, seats)]
    document = document_for(seats, values, final=4.0)  # last mover seat 1 wins by 4
    assert document["summary"]["turning_point"] == {"ply": 3, "seat": 1, "loser": 0}


def test_no_turning_point_in_a_draw_or_a_game_lost_from_the_start():
    assert document_for([0, 1], [0.0, 0.0], final=0.0)["summary"]["turning_point"] is None
    assert document_for([0, 1], [-3.0, 3.0], final=3.0)["summary"]["turning_point"] is None


def test_a_level_position_is_not_below_zero_so_the_turning_point_is_the_move_off_it():
    """Seat 0's view +3, 0 (after ply 0), -2 (after ply 1), final -2: the loser was level, not
    below zero, before ply 1, so ply 1 (seat 1's move from 0 to -2) turned the game; counting the
    level position as lost would say ply 0, and naming the first lost position's ply would say 2."""
    seats = [0, 1, 0]
    from_seat0 = [3.0, 0.0, -2.0]
    values = [v if s == 0 else -v for v, s in zip(from_seat0, seats)]
    document = document_for(seats, values, final=-2.0)  # last mover seat 0 loses by 2
    assert document["summary"]["turning_point"] == {"ply": 1, "seat": 1, "loser": 0}


def test_a_loser_back_to_level_recovered_until_the_move_off_zero():
    """Seat 0's view +3, -1, 0, -2, final -3: behind after ply 0, level after ply 1, behind for
    good after ply 2; the 0 breaks the run below zero, so the turning point is ply 2, not ply 0."""
    seats = [0, 1, 0, 1]
    from_seat0 = [3.0, -1.0, 0.0, -2.0]
    values = [v if s == 0 else -v for v, s in zip(from_seat0, seats)]
    document = document_for(seats, values, final=3.0)  # last mover seat 1 wins by 3
    assert document["summary"]["turning_point"] == {"ply": 2, "seat": 0, "loser": 0}
