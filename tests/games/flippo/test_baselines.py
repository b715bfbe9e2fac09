"""Flippo's baselines mean their names: greedy beats random, and the pieces it banks are banked."""

import random

from arena.games.flippo.bots import greedy_choice, greedy_moves, most_pieces_moves
from arena.games.flippo.rules import SEAT_COLOUR, FlippoState
from arena.games.flippo.strong import engine


def random_positions(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        state = FlippoState()
        for _ in range(rng.randrange(61)):
            state.play(rng.choice(state.legal_moves()))
        yield state, rng


def test_stable_squares_never_change_colour_to_the_end_of_any_game():
    checked = 0
    for state, rng in random_positions(150, seed=3):
        stable = {square: state.board[square] for square in state.stable_squares()}
        checked += len(stable)
        while not state.is_over():
            state.play(rng.choice(state.legal_moves()))
            assert all(state.board[square] == colour for square, colour in stable.items())
    assert checked > 500  # many positions were late enough to have some


def test_stable_squares_are_all_the_engines_stable_squares():
    """The engine's bitboard version is an independent statement of the same rule: a set
    too small (e.g. corners only) or too big (a full line's ends missing) differs."""
    for state, _ in random_positions(300, seed=4):
        white = sum(1 << i for i, cell in enumerate(state.board) if cell == SEAT_COLOUR[0])
        black = sum(1 << i for i, cell in enumerate(state.board) if cell == SEAT_COLOUR[1])
        mask = engine.stable(white, black)
        assert state.stable_squares() == {i for i in range(64) if mask >> i & 1}


def test_greedy_takes_the_move_that_banks_a_corner():
    state = FlippoState()
    for text in ("C3", "B2"):  # White C3, Black B2: now White's A1 flips B2 and banks a corner
        state.play_text(text)
    assert state.parse_move("A1") in state.legal_moves()
    assert greedy_moves(state) == [state.parse_move("A1")]


def test_with_nothing_to_bank_greedy_leaves_itself_the_fewest_pieces():
    """From the start no move banks a piece; the tie goes to the fewest own pieces (C3 and F6
    turn White's own piece), where keeping the most pieces now takes the others."""
    state = FlippoState()
    assert sorted(state.format_move(m) for m in greedy_moves(state)) == ["C3", "F6"]
    assert sorted(state.format_move(m) for m in most_pieces_moves(state)) == ["C5", "D6", "E3", "F4"]


def play(white, black, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = FlippoState()
    while not state.is_over():
        chooser = (white, black)[state.to_move]
        state.play(chooser(state, rng))
    return state.scores()


def random_choice(state, rng):
    return rng.choice(state.legal_moves())


def test_greedy_beats_random_in_most_games_in_both_colours():
    """The issue's bar is 70% of the game score; greedy takes about 95%, so 40 games are far
    from the bar by chance (a greedy that keeps the most pieces now scores 43-53%)."""
    points = 0.0
    for seed in range(40):
        if seed % 2 == 0:
            greedy, other = play(greedy_choice, random_choice, seed)
        else:
            other, greedy = play(random_choice, greedy_choice, seed)
        points += 1.0 if greedy > other else 0.5 if greedy == other else 0.0
    assert points / 40 >= 0.75


def stable_margin_then_fewest(state: FlippoState, move: int) -> tuple[int, int]:
    """What greedy maximises, stated again: the mover's stable pieces minus the opponent's after
    the move, then the fewest pieces of its own."""
    colour = SEAT_COLOUR[state.to_move]
    after = state.copy()
    after.play(move)
    stable = after.stable_squares()
    own = sum(1 for square in stable if after.board[square] == colour)
    return own - (len(stable) - own), -after.count(colour)


def test_greedy_maximises_the_stable_margin_not_its_own_stable_pieces():
    """A move that banks pieces of its own can bank more of the opponent's (a full line is stable
    whoever holds it): greedy weighs both. The positions where counting its own alone picks other
    moves are many, so a greedy that counts only its own fails here."""
    differing = 0
    for state, _ in random_positions(400, seed=5):
        if state.is_over():
            continue
        moves = state.legal_moves()
        values = {move: stable_margin_then_fewest(state, move) for move in moves}
        best = max(values.values())
        assert sorted(greedy_moves(state)) == sorted(m for m in moves if values[m] == best)
        colour = SEAT_COLOUR[state.to_move]

        def own_only(move):
            after = state.copy()
            after.play(move)
            return sum(1 for s in after.stable_squares() if after.board[s] == colour), -after.count(colour)
        own_best = max(own_only(m) for m in moves)
        differing += sorted(greedy_moves(state)) != sorted(m for m in moves if own_only(m) == own_best)
    assert differing >= 5
