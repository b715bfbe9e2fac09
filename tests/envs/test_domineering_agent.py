"""tools/domineering_agent: the trained policy loads, plays only legal moves, sees the board
as the rules do, and beats builtin:greedy with its saved weights (no training here)."""

import sys
from pathlib import Path

import numpy as np
import pytest

from arena.toolkit.admission_report import check_program
from arena.envs import aec_env
from arena.judge.sandbox.settings import Sandbox
from arena.refereeing.players import ARENA_ROOT

from .tool_agents import agent_loaded, plays_only_masked_actions

AGENT = Path(__file__).resolve().parents[2] / "tools" / "domineering_agent"
POLICY = str(AGENT / "policy.py")


@pytest.fixture(scope="module")
def agent_modules():
    with agent_loaded("domineering_agent") as (act, module):
        yield act, module("position"), module("evaluate")


def test_the_policy_plays_only_masked_actions_in_both_seats(agent_modules):
    act, _, _ = agent_modules
    plays_only_masked_actions(act, "domineering", range(3))


def test_each_afterstate_is_the_board_and_margin_the_rules_give(agent_modules):
    _, position, _ = agent_modules
    env, rng = aec_env("domineering"), np.random.default_rng(5)
    env.reset(seed=11)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        placements = np.flatnonzero(observation["action_mask"][:position.PASS_ACTION])
        if len(placements) == 0:
            env.step(position.PASS_ACTION)
            continue
        before = position.position_of(observation["observation"])
        boards, margins = position.afterstates(before, placements)
        pick = rng.integers(len(placements))
        env.step(int(placements[pick]))
        after = position.position_of(env.observe(agent)["observation"])
        assert after.transposed == before.transposed
        assert np.array_equal(after.empty, boards[pick])
        assert after.margin == margins[pick]


def test_the_saved_weights_beat_builtin_greedy(agent_modules):
    _, _, evaluate = agent_modules
    weights = evaluate.load_weights(AGENT / "weights.npz")
    margins = evaluate.margins_against("builtin:greedy", weights, games=20, seed=7)
    assert sum(margin > 0 for margin in margins) >= 16


def test_the_policy_passes_arena_check_by_its_bare_command():
    sandbox = Sandbox("limits", env=(("PYTHONPATH", str(ARENA_ROOT)),))  # the arena under test
    command = f"{sys.executable} -m arena.cli policy-bot domineering {POLICY}"
    report, clean = check_program("domineering", command, games=2, seed=2, sandbox=sandbox)
    assert clean, report
