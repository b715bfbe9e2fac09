"""The compiled engine against rules.py, the source of truth, on thousands of random positions."""

import random

from arena.games.domineering.rules import PASS, SIZE, DomineeringState
from arena.games.domineering.strong import engine


def random_values(rng: random.Random) -> list[list[int]]:
    return [[rng.randint(0, 3) for _ in range(SIZE)] for _ in range(SIZE)]


def occupancy(state: DomineeringState) -> int:
    return sum(1 << (x - 1) * 8 + y - 1
               for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if state.covered[x][y])


def bits(move: tuple[int, int]) -> int:
    return (move[0] - 1) * 8 + move[1] - 1


def engine_placements(occ: int, seat: int) -> list[tuple[int, int]]:
    mask = engine.placements(occ, seat)
    return [(i // 8 + 1, i % 8 + 1) for i in range(64) if mask >> i & 1]


def test_engine_agrees_with_rules_on_random_games():
    """Placements of both seats, the points of each, the cells covered and the end, move by move."""
    rng = random.Random(13)
    positions = 0
    for _ in range(120):
        values = random_values(rng)
        engine.set_values([v for row in values for v in row])
        state = DomineeringState(values)
        points = [0, 0]
        while not state.is_over():
            occ = occupancy(state)
            for seat in (0, 1):
                assert engine_placements(occ, seat) == state.placements(seat)
            seat = state.to_move
            engine_over = not engine.placements(occ, 0) and not engine.placements(occ, 1)
            assert not engine_over
            move = rng.choice(state.legal_moves()) if rng.random() < 0.1 else rng.choice(
                state.placements(seat) or [PASS])
            if move != PASS:
                assert engine.gain(seat, bits(move)) == state.gain(seat, move)
                points[seat] += engine.gain(seat, bits(move))
                state.play(move)
                assert occ | engine.cells(seat, bits(move)) == occupancy(state)
            else:
                state.play(move)
            positions += 1
        occ = occupancy(state)
        if state.passes_in_a_row < 2:  # ended because nobody can place: the engine sees it too
            assert not engine.placements(occ, 0) and not engine.placements(occ, 1)
        assert (points[0], points[1] + 2.5) == state.scores()
    assert positions > 3000


def best_tiling(state: DomineeringState, seat: int, cells: set) -> int:
    """The most ``seat`` earns placing its own dominoes only on ``cells``, by brute force."""
    options = [m for m in state.placements(seat) if {(m[0], m[1]), second_cell(seat, m)} <= cells]
    best = 0
    for i, move in enumerate(options):
        rest = cells - {(move[0], move[1]), second_cell(seat, move)}
        child = DomineeringState.__new__(DomineeringState)
        child.values, child.covered = state.values, [row[:] for row in state.covered]
        child.covered[move[0]][move[1]] = child.covered[second_cell(seat, move)[0]][second_cell(seat, move)[1]] = 1
        best = max(best, state.gain(seat, move) + best_tiling(child, seat, rest))
    return best


def second_cell(seat: int, move: tuple[int, int]) -> tuple[int, int]:
    return (move[0], move[1] + 1) if seat == 0 else (move[0] + 1, move[1])


def test_settled_cells_are_ones_only_one_seat_can_cover_and_worth_their_best_tiling():
    rng = random.Random(5)
    checked = 0
    for _ in range(300):
        values = random_values(rng)
        engine.set_values([v for row in values for v in row])
        state = DomineeringState(values)
        for _ in range(rng.randint(8, 22)):
            if not state.placements(state.to_move):
                break
            state.play(rng.choice(state.placements(state.to_move)))
        occ = occupancy(state)
        settled, worth = engine.settled(occ)
        assert settled & occ == occ
        newly = {(i // 8 + 1, i % 8 + 1) for i in range(64) if (settled & ~occ) >> i & 1}
        coverable = [{c for m in state.placements(seat) for c in ((m[0], m[1]), second_cell(seat, m))}
                     for seat in (0, 1)]
        for cell in newly:  # each one coverable by at most one seat
            assert not (cell in coverable[0] and cell in coverable[1])
        own = [newly & coverable[seat] for seat in (0, 1)]
        assert worth == best_tiling(state, 0, own[0]) - best_tiling(state, 1, own[1])
        checked += bool(newly)
    assert checked > 100
