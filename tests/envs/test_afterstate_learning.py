"""tools/afterstate_learning.py: the games a generation plays with earlier generations' weights
in one seat, and none where the recipe does not ask for them (the Domineering agent's runs
stay what they were)."""

import importlib.util
import sys
from types import SimpleNamespace

import numpy as np

from .tool_agents import TOOLS

_spec = importlib.util.spec_from_file_location("afterstate_learning", TOOLS / "afterstate_learning.py")
assert _spec is not None and _spec.loader is not None
learning = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = learning  # its dataclass looks its module up there
_spec.loader.exec_module(learning)

ENV = SimpleNamespace(possible_agents=["player_0", "player_1"])
CURRENT = np.zeros(3)
EARLIER = [np.full(3, 1.0), np.full(3, 2.0), np.full(3, 3.0)]


def test_without_past_opponents_both_seats_play_the_current_weights_and_no_number_is_drawn():
    rng = np.random.default_rng(1)
    seats = learning.seat_weights(ENV, CURRENT, EARLIER, rng, learning.Recipe())
    assert all(weights is CURRENT for weights in seats.values())
    assert rng.random() == np.random.default_rng(1).random()  # the stream is where it was


def test_past_opponents_put_an_earlier_generation_in_one_seat_drawn_each_game():
    rng, recipe = np.random.default_rng(2), learning.Recipe(past_opponents=1.0)
    seats_taken, generations_drawn = set(), set()
    for _ in range(60):
        seats = learning.seat_weights(ENV, CURRENT, EARLIER, rng, recipe)
        past = [name for name, weights in seats.items() if weights is not CURRENT]
        assert len(past) == 1
        seats_taken.add(past[0])
        generations_drawn.add(float(seats[past[0]][0]))
    assert seats_taken == {"player_0", "player_1"} and generations_drawn == {1.0, 2.0, 3.0}


def test_the_first_generation_has_no_earlier_one_to_draw():
    seats = learning.seat_weights(ENV, CURRENT, [], np.random.default_rng(3), learning.Recipe(past_opponents=1.0))
    assert all(weights is CURRENT for weights in seats.values())


def test_half_the_games_at_one_half():
    rng, recipe = np.random.default_rng(4), learning.Recipe(past_opponents=0.5)
    with_past = sum(any(weights is not CURRENT for weights in learning.seat_weights(ENV, CURRENT, EARLIER, rng,
                                                                                     recipe).values())
                    for _ in range(400))
    assert 160 < with_past < 240
