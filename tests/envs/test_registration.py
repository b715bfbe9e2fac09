"""gymnasium.make("arena/<Game>-v0") after ``import arena.envs``, clean under check_env."""

import subprocess
import sys
import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import arena.envs
from arena.envs.registration import ENV_IDS


def test_every_game_has_an_id():
    assert set(ENV_IDS) == set(arena.envs.GAMES)
    assert sorted(ENV_IDS.values()) == sorted(f"arena/{name}-v0" for name in
                                              ("Flippo", "BlackHole", "TurnRight", "LuckyWords", "Domineering"))


@pytest.mark.parametrize("env_id", sorted(ENV_IDS.values()))
def test_made_envs_pass_check_env_without_a_warning(env_id, capsys):
    env = gymnasium.make(env_id)
    assert env.spec.id == env_id and env.unwrapped.encoding.game in ENV_IDS
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning from the checker fails the test
        check_env(env.unwrapped)  # with its render check (each render mode made from the spec)
        made = gymnasium.make(env_id, opponent="builtin:greedy", seat=1, render_mode="rgb_array")
        _, info = made.reset(seed=1)
        made.step(int(info["action_mask"].nonzero()[0][0]))  # through make's own checking wrappers
        assert made.render().ndim == 3


def test_either_import_order_registers_and_policy_bot_loads_no_gymnasium():
    probe = ("import sys, arena.envs, arena.envs.policy_bot; assert 'gymnasium' not in sys.modules; "
             "import gymnasium; gymnasium.make('arena/Domineering-v0'); print('ok')")
    after = "import gymnasium, arena.envs; gymnasium.make('arena/Flippo-v0'); print('ok')"
    for code in (probe, after):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.stdout.strip() == "ok", done.stderr


def test_policy_bot_imports_no_game_declaration_until_it_plays():
    """`arena policy-bot` starts under a game clock and plays one game: importing the package
    reads no game's declaration (ENV_IDS reads all five, and only when asked for)."""
    probe = ("import sys, arena.envs, arena.envs.policy_bot; "
             "print(sorted(m for m in sys.modules if m.startswith('arena.games.') and m.endswith('.game'))); "
             "arena.envs.ENV_IDS; print(len([m for m in sys.modules if m.startswith('arena.games.') and m.endswith('.game')]))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.split("\n")[:2] == ["[]", "5"], done.stdout + done.stderr
