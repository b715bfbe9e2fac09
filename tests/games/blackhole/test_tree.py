"""The tree search by playouts (tree.pxi) against rules.py and plain minimax."""

import random

from arena.games.blackhole.strong import engine
from arena.games.blackhole.rules import LABELS, NEIGHBOURS, BlackHoleState
from .test_engine import best_margin, random_ending


def snapshot() -> tuple:
    return engine.turns(), engine.legal_moves(), [engine.around_sum(t) for t in range(36)]


def test_the_tree_search_plays_a_legal_move_and_leaves_the_position_as_it_was():
    rng = random.Random(45)
    engine.seed_tree(45)
    for plies in (30, 27, 22, 17, 14):
        state = random_ending(rng, plies)
        before = snapshot()
        tile, number, mean, iterations, nodes = engine.tree_search(0.05)
        assert snapshot() == before
        assert (tile, number) in state.legal_moves(), (plies, LABELS[tile], number)
        assert iterations > 100 and 1 < nodes <= iterations + 1
        assert -7500 <= mean <= 7500  # Red's R - B in hundredths: six stones of 15 to 10 at most, 75


def filling_ending(rng: random.Random) -> BlackHoleState:
    """A random game played on until no two empty tiles touch, with moves still to make."""
    while True:
        state = random_ending(rng, 12)
        while not state.is_over():
            empty = state.empty_tiles()
            touching = [t for t in empty if any(u in empty for u in NEIGHBOURS[t])]
            if not touching:
                return state
            move = rng.choice(state.legal_moves())
            state.play(move)
            engine.play(*move)


def test_the_tree_search_leaves_the_filling_phase_to_the_order_statistic():
    rng = random.Random(7)
    for _ in range(5):
        filling_ending(rng)
        assert engine.tree_search(0.05) is None


def exact_value_of(state: BlackHoleState, move: tuple[int, int]) -> int:
    """The mover's final margin after ``move`` and perfect play from there."""
    owner, number = list(state.owner), list(state.number)
    used = (set(state.used[0]), set(state.used[1]))
    seat = state.turns % 2
    tile, n = move
    owner[tile], number[tile] = seat, n
    used[seat].add(n)
    return -best_margin(owner, number, used, state.turns + 1)


def test_the_tree_search_finds_the_best_move_where_its_tree_holds_the_whole_ending():
    """Endings of 2 plies, the mover's move and the opponent's reply: the tree holds all of
    them in a few thousand playouts, so its move must keep the exact value. A tree
    that let the opponent pick its worst reply, or the mover the move worst for it,
    plays a losing move in most of these."""
    rng = random.Random(2)
    engine.seed_tree(2)
    checked = 0
    while checked < 30:
        state = random_ending(rng, 2)
        if engine.tree_search(0.0) is None:
            continue  # filling phase already: nothing to search
        tile, number, *_ = engine.tree_search(0.1)
        moves = state.legal_moves()
        best = max(exact_value_of(state, move) for move in moves)
        assert exact_value_of(state, (tile, number)) == best, [LABELS[t] for t in state.empty_tiles()]
        checked += 1
