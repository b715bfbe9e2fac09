"""tools/turnright_agent: the trained policy loads, plays only legal moves, sees the board as
the rules do (its circuit table is the environments', a 3×3 set held is a 3×3 one circuit
away), takes a 3×3 win, and beats builtin:greedy with its saved weights (no training here)."""

import random
import sys

import numpy as np
import pytest

from arena.envs import aec_env
from arena.games.turnright.circuit import loop_squares
from arena.games.turnright.envs import ENCODING
from arena.games.turnright.rules import TurnRightState
from arena.games.turnright.scoring import BLACK, WHITE
from arena.games.turnright.strong import engine
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import ARENA_ROOT
from arena.toolkit.admission_report import check_program

from .tool_agents import TOOLS, agent_loaded, plays_only_masked_actions

POLICY = str(TOOLS / "turnright_agent" / "policy.py")


@pytest.fixture(scope="module")
def agent():
    with agent_loaded("turnright_agent") as (act, module):
        yield act, module


def test_the_policy_plays_only_masked_actions_in_both_seats(agent):
    act, _ = agent
    plays_only_masked_actions(act, "turnright", range(2))


def test_each_afterstate_is_the_board_and_margin_the_rules_give(agent):
    _, module = agent
    position, value = module("position"), module("value")
    legal = value.Agent()
    env, rng = aec_env("turnright"), np.random.default_rng(5)
    circuits_checked = 0
    for seed in (11, 12):
        env.reset(seed=seed)
        for name in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            before = position.position_of(observation["observation"])
            actions = legal.legal_actions(observation["observation"], observation["action_mask"])
            pick = int(rng.choice(actions))
            if before.placing:  # the last placement's afterstate has Black's piece on the last square
                mine, theirs = position.placement_afterstates(before, np.array([pick]))
            else:
                after = legal.circuits.afterstates(before, np.array([pick]) - position.SQUARES)
                mine, margin = after.mine[after.back], after.margins[after.back][0]
                theirs = ~mine
            env.step(pick)
            seen = position.position_of(env.observe(name)["observation"])
            assert np.array_equal(seen.mine, mine[0]) and np.array_equal(seen.theirs, theirs[0])
            if not before.placing:
                circuits_checked += 1
                assert seen.margin == margin
    assert circuits_checked > 10


def test_the_circuit_table_is_the_environments_first_circuits(agent):
    _, module = agent
    table = module("circuits").load_circuits()
    engine.prepare()
    assert len(table.source) == engine.circuit_count(6)  # every circuit a second circuit may turn
    for index in range(len(table.source)):
        corners = engine.corners(index)
        loop = loop_squares(corners)
        carried = {square: loop[step - 1] for step, square in enumerate(loop)}
        expected = [carried.get(square, square) for square in range(36)]
        assert table.source[index].tolist() == expected and table.corners[index] == len(corners)


def test_a_threat_set_held_is_exactly_a_3x3_one_circuit_away(agent):
    _, module = agent
    circuits, features, boards = module("circuits"), module("features"), module("boards")
    table = circuits.load_circuits()
    rng = np.random.default_rng(3)
    near = (np.arange(36) // 6 < 3) & (np.arange(36) % 6 < 3)  # boards crowded in a corner: many threats
    crowded = [rng.random(36) < np.where(near, 0.85, 0.35) for _ in range(150)]
    threats = 0
    for board in crowded:
        held = features.squares_held(board[None], table)[0] == 9
        for number in (1, 2):  # a first circuit turns rectangles only
            allowed = table.allowed(number)
            can_win = bool(boards.has_3x3(board[table.source[allowed]]).any())
            assert bool(held[table.sets_allowed(number)].any()) == can_win
            threats += can_win
    assert 20 < threats < 280  # both answers were asked


def test_a_3x3_win_is_taken(agent):
    act, _ = agent
    state = TurnRightState()
    rng = random.Random(4)
    taken = 0
    for _ in range(40):
        squares = list(range(36))
        rng.shuffle(squares)
        state.board = [WHITE if index < 18 else BLACK for index in np.argsort(squares)]
        state.placements, state.circuits = 35, 2  # Black's second circuit: rectangles and hexagons
        winning = [index for index in range(engine.circuit_count(6))
                   if engine.wins(engine.turn(_black_mask(state.board), index))
                   and not engine.wins(engine.turn(_white_mask(state.board), index))]
        if not winning:
            continue
        action = act(ENCODING.observe(state, 1), ENCODING.action_mask(state))
        assert action - 36 in winning
        taken += 1
    assert taken > 3


def _black_mask(board: list[int]) -> int:
    return sum(1 << square for square, piece in enumerate(board) if piece == BLACK)


def _white_mask(board: list[int]) -> int:
    return sum(1 << square for square, piece in enumerate(board) if piece == WHITE)


def test_the_saved_weights_beat_builtin_greedy(agent):
    _, module = agent
    evaluate = module("evaluate")
    weights = module("value").load_weights(TOOLS / "turnright_agent" / "weights.npz")
    results = evaluate.results_against("builtin:greedy", weights, games=20, seed=7)
    assert sum(result > 0 for result, _ in results) >= 16


def test_the_policy_passes_arena_check_by_its_bare_command():
    sandbox = Sandbox("limits", env=(("PYTHONPATH", str(ARENA_ROOT)),))  # the arena under test
    command = f"{sys.executable} -m arena.cli policy-bot turnright {POLICY}"
    report, clean = check_program("turnright", command, games=2, seed=2, sandbox=sandbox)
    assert clean, report
