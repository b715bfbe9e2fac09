"""bench/strength.py's closing note: share of points, W/D/L and margin with 95% intervals."""

from strength import summarise


def game(seed, a_points, b_points, a_seat=0):
    winner = None if a_points == b_points else "a" if a_points > b_points else "b"
    return {"a_points": a_points, "b_points": b_points, "winner": winner, "seed": seed,
            "verdicts": ("ok", "ok"), "thinking_ms": (100.0, 200.0), "a_seat": a_seat}


def test_the_note_counts_wins_draws_and_losses_with_their_intervals():
    games = [game(1, 3, 1), game(1, 2, 2, 1), game(2, 0, 4), game(2, 5, 1, 1)]
    note = summarise("A", "B", games)
    assert "4 games (2 colour-swapped pairs)" in note
    assert "W/D/L: 2/1/1 = won 50.0% ± 56.6%, drawn 25.0% ± 49.0%, lost 25.0% ± 49.0%" in note
    assert "game score (win 1, draw ½): 62.5%" in note
    # pair shares: 5/8 and 5/10
    assert "share of the points: 56.2% ± 12.2%" in note
    assert "mean margin (A − B): +0.50 ± " in note
    # A won and lost in seat 1 (margins +2, -4), drew and won in seat 2 (0, +4)
    assert "A in seat 1: W/D/L 1/0/1, mean margin -1.00" in note
    assert "A in seat 2: W/D/L 1/1/0, mean margin +2.00" in note
