"""The compiled Black Hole engine against rules.py, the source of truth, on random games."""

import random
from array import array

from arena.games.blackhole.strong import engine
from arena.games.blackhole.rules import LABELS, NEIGHBOURS, BlackHoleState


def random_setup(rng: random.Random) -> tuple[BlackHoleState, list[int]]:
    brown = rng.sample(range(len(LABELS)), 5)
    state = BlackHoleState([LABELS[t] for t in brown])
    engine.new_game(brown)
    return state, brown


def random_ending(rng: random.Random, plies: int) -> BlackHoleState:
    """A random game with ``plies`` plies still to play, in rules.py and in the engine."""
    state, _ = random_setup(rng)
    while state.turns < 30 - plies:
        move = rng.choice(state.legal_moves())
        state.play(move)
        engine.play(*move)
    return state


def test_engine_agrees_with_rules_on_random_games():
    rng = random.Random(2018)
    positions = 0
    for _ in range(100):  # 100 games x 30 moves = 3,000 positions
        state, _ = random_setup(rng)
        while not state.is_over():
            legal = state.legal_moves()
            assert sorted(engine.legal_moves()) == sorted(legal)
            move = rng.choice(legal)
            state.play(move)
            engine.play(*move)
            positions += 1
            for tile in state.empty_tiles():
                red, blue = state.sums_around(tile)
                assert engine.around_sum(tile) == red - blue
            assert engine.empty_tiles() == state.empty_tiles()
        assert engine.legal_moves() == []
        assert engine.scores() == state.scores()
    assert positions == 3000


def test_undo_restores_the_position():
    rng = random.Random(3)
    state, brown = random_setup(rng)
    for _ in range(10):
        move = rng.choice(state.legal_moves())
        state.play(move)
        engine.play(*move)
    before = (engine.legal_moves(), [engine.around_sum(t) for t in range(36)])
    tile, number = engine.legal_moves()[7]
    engine.play(tile, number)
    assert engine.around_sum(tile) == before[1][tile] and engine.turns() == 11
    engine.undo(tile)
    assert (engine.legal_moves(), [engine.around_sum(t) for t in range(36)]) == before


def best_margin(owner: list, number: list, used: list[set], turn: int) -> int:
    """Plain minimax over every legal move: the mover's best final margin."""
    empty = [t for t in range(36) if owner[t] is None]
    seat = turn % 2
    if turn == 30:
        state = BlackHoleState()
        state.owner, state.number, state.turns = owner, number, 30
        red, blue = state.scores()
        return (red - blue) // 2 * (1 if seat == 0 else -1)
    best = -999
    for tile in empty:
        for n in range(1, 16):
            if n in used[seat]:
                continue
            owner[tile], number[tile] = seat, n
            used[seat].add(n)
            best = max(best, -best_margin(owner, number, used, turn + 1))
            used[seat].discard(n)
            owner[tile], number[tile] = None, 0
    return best


def test_exact_search_of_the_last_plies_matches_plain_minimax():
    """The lossless cuts (largest numbers, smallest on a dead tile) keep the exact value."""
    rng = random.Random(5)
    for game in range(8):
        state = random_ending(rng, plies=3 + game % 3)  # the last 3 to 5 plies
        engine.clear()
        tile, number, score, depth, nodes, exact = engine.search(5.0, 10.0, 10)
        assert exact
        expected = best_margin(list(state.owner), list(state.number), (set(state.used[0]), set(state.used[1])),
                               state.turns)
        assert score == 100 * expected
        assert (tile, number) in state.legal_moves()


def ending_around(rng: random.Random, tile: int, plies: int) -> BlackHoleState:
    """A random game with ``plies`` plies still to play, in rules.py and in the engine, in
    which ``tile`` is empty beside another empty tile: a move on it can still change the hole."""
    while True:
        brown = rng.sample([t for t in range(len(LABELS)) if t != tile], 5)
        state = BlackHoleState([LABELS[t] for t in brown])
        engine.new_game(brown)
        while state.turns < 30 - plies:
            move = rng.choice([m for m in state.legal_moves() if m[0] != tile])
            state.play(move)
            engine.play(*move)
        if any(state.owner[u] is None for u in NEIGHBOURS[tile]):
            return state


def test_the_exact_search_plays_on_every_tile():
    """Each of the 36 tiles, empty beside another empty one, in 12 endings of 1 to 3 plies.

    A search that never generates one tile gets about one ending in two of these wrong
    (the mover must fill that tile to leave the better hole), and some ending of each tile's
    twelve does, where 8 random endings of the whole board go right for most tiles.
    """
    rng = random.Random(36)
    for tile in range(len(LABELS)):
        for ending in range(12):
            state = ending_around(rng, tile, plies=1 + ending % 3)
            engine.clear()
            found_tile, number, score, depth, nodes, exact = engine.search(5.0, 10.0, 10)
            assert exact
            expected = best_margin(list(state.owner), list(state.number),
                                   (set(state.used[0]), set(state.used[1])), state.turns)
            assert score == 100 * expected, (LABELS[tile], ending)
            assert (found_tile, number) in state.legal_moves()


def test_benchmark_kernel_counts_every_child_position():
    """count_positions (bench/engines.py's kernel) against the same checksum from rules.py."""
    rng = random.Random(11)
    cells, expected = [], 0
    for _ in range(3):
        state, _ = random_setup(rng)
        while not state.is_over():
            signs = {0: 1, 1: -1}
            cells += [0 if o is None else engine.BROWN_CELL if o == 2 else signs[o] * state.number[t]
                      for t, o in enumerate(state.owner)]
            for tile, number in state.legal_moves():
                state.owner[tile], state.number[tile] = state.to_move, number
                red, blue = state.sums_around(NEIGHBOURS[tile][0])
                expected += 1 + (red - blue) % 2
                state.owner[tile], state.number[tile] = None, 0
            state.play(rng.choice(state.legal_moves()))
    assert engine.count_positions(array("i", cells)) == expected
