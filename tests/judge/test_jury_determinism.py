"""The same seed gives the same game, the jury's moves included, when a program faults.

Flippo and Black Hole finish a faulted game with a jury player that moves at
random: its dice must come from the game's seed, or a replay of a faulted game
(and a tournament's colour-swapped pair) would not be the game that was played.
"""

import sys
import textwrap

import pytest

from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

JURY_GAMES = ["flippo", "blackhole"]

# Plays the first legal move the rules list, always: nothing in it depends on a seed.
FIRST_LEGAL = {
    "flippo": """
        import sys
        from arena.games.flippo.rules import FlippoState
        state = FlippoState()
    """,
    "blackhole": """
        import sys
        from arena.games.blackhole.rules import BlackHoleState
        state = BlackHoleState([sys.stdin.readline().strip() for _ in range(5)])
    """,
}
FIRST_LEGAL_LOOP = """
    for line in sys.stdin:
        line = line.strip()
        if line == "Quit":
            break
        if line != "Start":
            state.play_text(line)
        move = state.legal_moves()[0]
        state.play(move)
        print(state.format_move(move), flush=True)
"""

FIXED_SETUP = {"flippo": {}, "blackhole": {"brown": ["E4", "F2", "A5", "A7", "C1"]}}


def moves_of(record):
    return [(move["seat"], move["text"], bool(move.get("jury"))) for move in record["moves"]]


# a relay and the player it starts (two Pythons) reply within a 0.5 time scale's clock: under load one game of
# the pair faulted at its first move, so the two games differed, until the clock left out the waits for a core
@pytest.mark.parametrize("game", JURY_GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_a_faulted_game_replays_exactly_from_its_seed(game, seat, breaks_after, builtin):
    faulty = breaks_after(4)  # a bad line as its 5th move
    players = [faulty, builtin("random")] if seat == 0 else [builtin("random"), faulty]
    first, second = (play_game(game, players, seed=4242, time_scale=0.5) for _ in range(2))
    assert first["result"]["verdicts"][seat] == "format"
    jury = [move for move in first["moves"] if move.get("jury")]
    assert len(jury) >= 10 and all(move["seat"] == seat for move in jury)
    assert moves_of(first) == moves_of(second)
    assert first["result"]["scores"] == second["result"]["scores"]


@pytest.mark.parametrize("game", JURY_GAMES)
def test_the_jury_moves_by_the_seed(game, tmp_path):
    """Everything but the jury is fixed (setup, a seedless opponent): other seeds, other jury moves."""
    opponent = tmp_path / "first_legal.py"
    opponent.write_text(textwrap.dedent(FIRST_LEGAL[game]) + textwrap.dedent(FIRST_LEGAL_LOOP))
    players = [resolve_player(game, "echo zz; exec cat > /dev/null"),  # a bad first move, then silence
               resolve_player(game, f"{sys.executable} {opponent}")]
    jury_moves = set()
    for seed in (1, 2, 3, 4):
        record = play_game(game, players, seed=seed, setup=FIXED_SETUP[game], time_scale=0.5)
        assert record["result"]["verdicts"] == ["format", "ok"], record["result"]
        assert all(move.get("jury") for move in record["moves"] if move["seat"] == 0)
        jury_moves.add(tuple(move["text"] for move in record["moves"] if move["seat"] == 0))
    assert len(jury_moves) > 1
