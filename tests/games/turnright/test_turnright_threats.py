"""strong's 3×3 threat search (threats.pxi) against brute force over the rules' circuits."""

import random

from arena.games.turnright.circuit import rotate
from arena.games.turnright.scoring import BLACK, WHITE, colour_mask, has_3x3
from arena.games.turnright.strong import engine

FULL = (1 << 36) - 1
WIN2 = 1_000_000 // 4


def board_of_mask(white: int) -> list[int]:
    return [WHITE if white >> sq & 1 else BLACK for sq in range(36)]


def patchy_mask(rng: random.Random) -> int:
    """White's squares: a random board with a dense patch, so that 3×3s are within reach."""
    f, r = rng.randrange(4), rng.randrange(4)
    patch = [(f + i) * 6 + r + j for i in range(3) for j in range(3)]
    squares = set(rng.sample(patch, rng.choice([6, 7, 8])))
    squares |= set(rng.sample(range(36), 12))
    return sum(1 << s for s in squares)


def wins_in_one_by_the_rules(white: int, limit: int) -> bool:
    board = board_of_mask(white)
    for index in range(engine.circuit_count(limit)):
        after = board[:]
        rotate(after, engine.corners(index))
        if has_3x3(after, WHITE):
            return True
    return False


def test_the_threat_table_holds_every_distinct_source_set():
    distinct, listed = engine.threat_table_size()
    assert distinct == 9568
    assert listed > distinct


def test_a_3x3_in_one_circuit_is_seen_exactly_as_the_rules_see_it():
    rng = random.Random(27)
    seen = {True: 0, False: 0}
    for _ in range(60):
        white = patchy_mask(rng)
        if has_3x3(board_of_mask(white), WHITE):
            continue
        limit = rng.choice([4, 6])
        expected = wins_in_one_by_the_rules(white, limit)
        assert engine.can_win_in_one(white, limit) == expected, (hex(white), limit)
        seen[expected] += 1
    assert seen[True] >= 5 and seen[False] >= 5


def test_long_circuits_too_against_turning_every_circuit():
    rng = random.Random(28)
    for _ in range(15):
        white = patchy_mask(rng)
        if engine.wins(white):
            continue
        expected = any(engine.wins(engine.turn(white, i)) for i in range(engine.circuit_count(10)))
        assert engine.can_win_in_one(white, 10) == expected


def test_a_parry_takes_the_threat_away_and_none_means_none_exists():
    rng = random.Random(29)
    found = {"parry": 0, "none": 0}
    for _ in range(400):
        white = patchy_mask(rng)
        black = FULL & ~white
        if engine.wins(white) or engine.wins(black) or not engine.can_win_in_one(white, 4):
            continue
        index = engine.parry(black, 4, 4)   # Black to move, White threatens with a rectangle
        if index >= 0:
            board = board_of_mask(white)
            rotate(board, engine.corners(index))
            assert not has_3x3(board, WHITE)
            assert has_3x3(board, BLACK) or not wins_in_one_by_the_rules(colour_mask(board, WHITE), 4)
            found["parry"] += 1
        elif found["none"] < 3:   # brute force: every rectangle of Black's leaves White a 3×3
            for reply in range(engine.circuit_count(4)):
                board = board_of_mask(white)
                rotate(board, engine.corners(reply))
                assert has_3x3(board, WHITE) or wins_in_one_by_the_rules(colour_mask(board, WHITE), 4)
            found["none"] += 1
        if found["parry"] >= 10 and found["none"] >= 3:
            break
    assert found["parry"] >= 10 and found["none"] >= 1


def test_a_forced_3x3_two_circuits_ahead_is_found_and_is_sure():
    """A board where White cannot win at once but can force it: every Black reply leaves it one."""
    rng = random.Random(30)
    for _ in range(3000):
        white = patchy_mask(rng)
        if engine.wins(white) or engine.wins(FULL & ~white) or engine.can_win_in_one(white, 4):
            continue
        if engine.can_win_in_one(FULL & ~white, 4):
            continue
        index, value, _, _ = engine.search_circuit(white, 4, 4, 20, 2.0, 6.0)
        if value < WIN2:
            continue
        board = board_of_mask(white)
        rotate(board, engine.corners(index))
        assert not has_3x3(board, BLACK)
        for reply in range(engine.circuit_count(4)):
            after = board[:]
            rotate(after, engine.corners(reply))
            if not has_3x3(after, WHITE):
                assert not has_3x3(after, BLACK)
                assert wins_in_one_by_the_rules(colour_mask(after, WHITE), 6)
        return
    raise AssertionError("no board with a forced 3×3 two circuits ahead was found")


def test_the_chosen_circuit_is_never_a_forced_loss_two_circuits_ahead_when_another_is_not():
    """On boards where Black (to move, rectangles) threatens, White's choice leaves every Black
    reply either a win for White or a parry for White: checked reply by reply."""
    rng = random.Random(31)
    checked = 0
    for _ in range(300):
        white = FULL & ~patchy_mask(rng)   # the dense patch is Black's
        if engine.wins(white) or engine.wins(FULL & ~white):
            continue
        index, value, _, _ = engine.search_circuit(white, 4, 4, 20, 2.0, 6.0)
        if value <= -WIN2:
            continue   # lost whatever it does
        after_mine = engine.turn(white, index)
        assert not engine.can_win_in_one(FULL & ~after_mine, 4)
        for reply in range(engine.circuit_count(4)):
            after = engine.turn(after_mine, reply)
            if engine.can_win_in_one(after, 6) or not engine.can_win_in_one(FULL & ~after, 6):
                continue
            assert engine.parry(after, 6, 6) >= 0
        checked += 1
        if checked == 8:
            break
    assert checked == 8
